import Fixtures
import GroupIcon
import Support

/// How exported files are named.
package enum OutputNaming {
    /// The longest file-name stem made from a group id, in bytes: file systems allow 255 bytes per name, and
    /// the rest is room for what follows the stem (`-2`, `-wechat-compact`, `@3x`, `.jpeg`).
    package static let maximumStemBytes = 200
    /// Hex digits of the id's SHA-256 that end a shortened stem.
    static let hashDigits = 16

    /// A group id as a file name: letters, digits, `-`, `_` and `.` kept, anything else (slashes, controls,
    /// spaces, non-ASCII) becomes `_`; a leading dot too, so an id can never name a hidden file or `..`.
    /// An id longer than `maximumStemBytes` keeps its beginning and ends in `-` and 16 hex digits of the
    /// SHA-256 of the whole id, so long ids that share a beginning still get different names.
    package static func filenameSafe(_ id: String) -> String {
        let safe = replacingUnsafeCharacters(id)
        return safe.utf8.count > maximumStemBytes ? hashed(safe, id: id) : safe
    }

    /// `DIR/<stem>.png` for every group (`stem(for:)`).
    package static func outputPaths(for groups: [ChatGroup], in directory: String) -> [String] {
        let folder = directory.isEmpty || directory.hasSuffix("/") ? directory : directory + "/"
        return groups.map { folder + stem(for: $0.id) + ".png" }
    }

    /// The file-name stem of a group's files in a batch, decided by the id alone, so that a `.json` fixture and
    /// a `.jsonl` one (read as a stream, where later groups are not known yet) with the same groups name their
    /// files the same, whatever the order or the other groups: an id that is already a safe name is kept; one
    /// that had to change (or is too long) gets 16 hex digits of its SHA-256, so two ids can only share a name
    /// when they are equal. (Ids differing only in case share a name on case-insensitive file systems.)
    package static func stem(for id: String) -> String {
        let safe = replacingUnsafeCharacters(id)
        guard safe != id || safe.utf8.count > maximumStemBytes else { return safe }
        return hashed(safe, id: id)
    }

    /// The files of one export at `scales`: `path` itself for a single scale; for several, scale 1 at `path`
    /// and scale N at `<stem>@Nx.<ext>` beside it (`icon.png`, `icon@2x.png`, `icon@3x.png`).
    package static func scaledPaths(_ path: String, scales: [Int]) -> [(scale: Int, path: String)] {
        guard scales.count > 1 else { return scales.map { ($0, path) } }
        let slash = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
        let name = path[slash...]
        let dot = name.lastIndex(of: ".").flatMap { $0 > name.startIndex ? $0 : nil } ?? path.endIndex
        return scales.map { scale in
            (scale, scale == 1 ? path : String(path[..<dot]) + "@\(scale)x" + String(path[dot...]))
        }
    }

    /// Letters, digits, `-`, `_` and `.` kept, anything else `_`; a leading dot `_`; never empty.
    private static func replacingUnsafeCharacters(_ id: String) -> String {
        var safe = String(
            id.unicodeScalars.map { scalar -> Character in
                let allowed =
                    scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || scalar == "-" || scalar == "_" || scalar == ".")
                return allowed ? Character(scalar) : "_"
            })
        if safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        return safe.isEmpty ? "group" : safe
    }

    /// `safe` cut so that `-` and 16 hex digits of the SHA-256 of `id` fit within `maximumStemBytes`.
    private static func hashed(_ safe: String, id: String) -> String {
        // All ASCII by now, so characters are bytes.
        String(safe.prefix(maximumStemBytes - hashDigits - 1)) + "-" + SHA256.hexDigest(id).prefix(hashDigits)
    }
}
