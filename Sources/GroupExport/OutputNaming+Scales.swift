import Fixtures

extension OutputNaming {
    /// The file name `export --all` gives `group`'s avatar: `<group-id>.png`, the id made filename-safe.
    public static func fileName(for group: ChatGroup) -> String {
        filenameSafe(group.id) + ".png"
    }

    /// `path` for the scale's asset, named as iOS asset catalogues expect: unchanged at scale 1
    /// (`ride.png`), `ride@2x.png` at 2, `ride@3x.png` at 3; the suffix goes before the extension of the
    /// file name (or at its end when it has none).
    public static func scaledPath(_ path: String, scale: Int) -> String {
        guard scale != 1 else { return path }
        let suffix = "@\(scale)x"
        let nameStart = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
        guard let dot = path[nameStart...].lastIndex(of: "."), dot > nameStart else { return path + suffix }
        return String(path[..<dot]) + suffix + String(path[dot...])
    }
}
