import Fixtures
import GroupIcon

/// How exported files are named.
public enum OutputNaming {
    /// The longest file-name stem made from a group id, in bytes: file systems allow 255 bytes per name, and
    /// the rest is room for what follows the stem (`-2`, `-wechat-compact`, `@3x`, `.jpeg`).
    public static let maximumStemBytes = 200
    /// Hex digits of the id's SHA-256 that end a shortened stem.
    static let hashDigits = 16

    /// A group id as a file name: letters, digits, `-`, `_` and `.` kept, anything else (slashes, controls,
    /// spaces, non-ASCII) becomes `_`; a leading dot too, so an id can never name a hidden file or `..`.
    /// An id longer than `maximumStemBytes` keeps its beginning and ends in `-` and 16 hex digits of the
    /// SHA-256 of the whole id, so long ids that share a beginning still get different names.
    public static func filenameSafe(_ id: String) -> String {
        var safe = String(id.unicodeScalars.map { scalar -> Character in
            let allowed = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "_" || scalar == ".")
            return allowed ? Character(scalar) : "_"
        })
        if safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        if safe.utf8.count > maximumStemBytes {
            // All ASCII by now, so characters are bytes.
            safe = safe.prefix(maximumStemBytes - hashDigits - 1) + "-" + SHA256.hexDigest(id).prefix(hashDigits)
        }
        return safe.isEmpty ? "group" : safe
    }

    /// `DIR/<group-id>.png` for every group, ids made filename-safe; ids that collide once made safe (for
    /// example `a/b` and `a_b`) get `-2`, `-3`, ... so no export overwrites another.
    public static func outputPaths(for groups: [ChatGroup], in directory: String) -> [String] {
        var used = Set<String>()
        let folder = directory.isEmpty || directory.hasSuffix("/") ? directory : directory + "/"
        return groups.map { group in
            let base = filenameSafe(group.id)
            var name = base
            var suffix = 2
            while !used.insert(name.lowercased()).inserted {
                name = "\(base)-\(suffix)"
                suffix += 1
            }
            return folder + name + ".png"
        }
    }
}
