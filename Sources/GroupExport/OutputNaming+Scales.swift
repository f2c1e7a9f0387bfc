import FileSystem
import Fixtures

extension OutputNaming {
    /// The file name `export --all` gives `group`'s avatar: `<group-id>.png`, the id made filename-safe.
    package static func fileName(for group: ChatGroup) -> String {
        filenameSafe(group.id) + ".png"
    }

    /// `path` for the scale's asset, named as iOS asset catalogues expect: unchanged at scale 1
    /// (`ride.png`), `ride@2x.png` at 2, `ride@3x.png` at 3; the suffix goes before the extension of the
    /// file name (or at its end when it has none).
    package static func scaledPath(_ path: String, scale: Int) -> String {
        guard scale != 1 else { return path }
        let suffix = "@\(scale)x"
        let nameStart = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
        guard let dot = path[nameStart...].lastIndex(of: "."), dot > nameStart else { return path + suffix }
        return String(path[..<dot]) + suffix + String(path[dot...])
    }
}

extension OutputNaming {
    /// The spec hand-off beside the export at `path` (the 1x file's name, whatever the scales):
    /// `icon.png` → `icon.spec.json`, `icon` → `icon.spec.json`.
    package static func specPath(for path: String) -> String {
        let nameStart = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
        guard let dot = path[nameStart...].lastIndex(of: "."), dot > nameStart else { return path + ".spec.json" }
        return String(path[..<dot]) + ".spec.json"
    }

    /// `/dev` or `/proc` when `path` lies inside one of them (lexically, after `.` and `..`): no export writes
    /// there, not even a new name (`/dev/null@2x` became a 264 px PNG).
    package static func systemFolder(containing path: String) -> String? {
        let absolute = FileIO.lexicallyAbsolute(path)
        return ["/dev", "/proc"].first { absolute.hasPrefix($0 + "/") }
    }
}
