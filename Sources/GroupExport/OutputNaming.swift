import Fixtures
import Foundation

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
        var used = Set<String>()
        return groups.map { group in
            let base = filenameSafe(group.id)
            var name = base
            var suffix = 2
            while !used.insert(name.lowercased()).inserted {
                name = "\(base)-\(suffix)"
                suffix += 1
            }
            return (directory as NSString).appendingPathComponent(name + ".png")
        }
    }
}
