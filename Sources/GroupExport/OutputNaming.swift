import Fixtures
import Foundation
import GroupIcon

/// How exported files are named.
public enum OutputNaming {
    /// A group id as a file name: letters, digits, `-`, `_` and `.` kept, anything else (slashes, controls,
    /// spaces, non-ASCII) becomes `_`; a leading dot too, so an id can never name a hidden file or `..`.
    public static func filenameSafe(_ id: String) -> String {
        var safe = String(id.unicodeScalars.map { scalar -> Character in
            let allowed = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "_" || scalar == ".")
            return allowed ? Character(scalar) : "_"
        })
        if safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        return safe.isEmpty ? "group" : safe
    }

    /// `DIR/<group-id>.png` for every group, ids made filename-safe; ids that collide once made safe (for
    /// example `a/b` and `a_b`) get `-2`, `-3`, ... so no export overwrites another.
    public static func outputPaths(for groups: [ChatGroup], in directory: String) -> [String] {
        outputStems(for: groups).map { (directory as NSString).appendingPathComponent($0 + ".png") }
    }

    /// The file-name stems of `outputPaths`, without folder and extension.
    public static func outputStems(for groups: [ChatGroup]) -> [String] {
        var used = Set<String>()
        return groups.map { group in
            let base = filenameSafe(group.id)
            var name = base
            var suffix = 2
            while !used.insert(name.lowercased()).inserted {
                name = "\(base)-\(suffix)"
                suffix += 1
            }
            return name
        }
    }

    /// The longest file-name stem `streamingName` makes, in bytes: room for `@4x`, an extension and the
    /// temporary-file decoration of an atomic write within the usual 255-byte limit.
    static let maximumStemBytes = 200

    /// The file-name stem of a group id when groups stream by (JSON Lines, shards), decided by the id alone:
    /// an id that is already a safe name is kept; one that had to change (or is too long) gets 16 hex digits
    /// of its SHA-256, so two ids can only share a name when they are equal. (Ids differing only in case
    /// share a name on case-insensitive file systems, which streaming cannot detect.)
    public static func streamingName(for id: String) -> String {
        let safe = filenameSafe(id)
        guard safe != id || safe.utf8.count > maximumStemBytes else { return safe }
        let suffix = "-" + String(SHA256.hexDigest(id).prefix(16))
        var stem = safe
        while stem.utf8.count > maximumStemBytes - suffix.utf8.count { stem.removeLast() }
        return stem + suffix
    }

    /// The files of one export at `scales`: `path` itself for a single scale; for several, scale 1 at `path`
    /// and scale N at `<stem>@Nx.<ext>` beside it (`icon.png`, `icon@2x.png`, `icon@3x.png`).
    public static func scaledPaths(_ path: String, scales: [Int]) -> [(scale: Int, path: String)] {
        guard scales.count > 1 else { return scales.map { ($0, path) } }
        let slash = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
        let name = path[slash...]
        let dot = name.lastIndex(of: ".").flatMap { $0 > name.startIndex ? $0 : nil } ?? path.endIndex
        return scales.map { scale in
            (scale, scale == 1 ? path : String(path[..<dot]) + "@\(scale)x" + String(path[dot...]))
        }
    }
}
