import FileSystem
import Fixtures

/// The files an export reads, which no export may overwrite: the fixture file and every photo it names.
///
/// Compared by device and inode, so no spelling of an output path (`./`, `..`, a symbolic or hard link)
/// reaches them. `--all --output-dir` pointed at a folder of photos named `<group-id>.png`, or `--output`
/// naming the fixture, fails for that file instead of destroying the input.
public enum ExportInputs {
    /// The identities of the fixture at `fixturePath` (nil: none) and of every avatar file `fixture` names
    /// that exists now, with what each is for messages.
    public static func identities(fixturePath: String?, fixture: Fixture) -> [FileIdentity: String] {
        var inputs: [FileIdentity: String] = [:]
        var seen = Set<String>()
        func add(_ path: String?, as role: String) {
            guard let path, seen.insert(path).inserted, let identity = FileIO.identity(of: path) else { return }
            inputs[identity] = inputs[identity] ?? role
        }
        add(fixturePath, as: "the fixture file")
        for group in fixture.groups {
            add(group.avatarPath, as: "a group photo the fixture names")
            for member in group.members { add(member.avatarPath, as: "a member photo the fixture names") }
        }
        return inputs
    }
}
