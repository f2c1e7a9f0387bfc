import FileSystem
import Fixtures

/// The files an export reads, which no export may overwrite: the fixture file and every photo it names.
///
/// Compared by device and inode, so no spelling of an output path (`./`, `..`, a symbolic or hard link)
/// reaches them. `--all --output-dir` pointed at a folder of photos named `<group-id>.png`, or `--output`
/// naming the fixture, fails for that file instead of destroying the input.
package enum ExportInputs {
    /// The identities of the fixture at `fixturePath` (nil: none) and of every avatar file `fixture` names
    /// that exists now, with what each is for messages.
    package static func identities(fixturePath: String?, fixture: Fixture) -> [FileIdentity: String] {
        identities(fixturePath: fixturePath, groups: fixture.groups)
    }

    /// The identities of the fixture at `fixturePath` (nil: none) and of every avatar file `groups` name
    /// that exists now: for a fixture that streams by, group by group.
    package static func identities(fixturePath: String?, groups: [ChatGroup]) -> [FileIdentity: String] {
        var inputs = Collector()
        inputs.add(fixturePath, as: "the fixture file")
        for group in groups { inputs.add(group) }
        return inputs.identities
    }

    private struct Collector {
        var identities: [FileIdentity: String] = [:]
        private var seen = Set<String>()

        mutating func add(_ path: String?, as role: String) {
            guard let path, seen.insert(path).inserted, let identity = FileIO.identity(of: path) else { return }
            identities[identity] = identities[identity] ?? role
        }

        mutating func add(_ group: ChatGroup) {
            add(group.avatarPath, as: "a group photo the fixture names")
            for member in group.members { add(member.avatarPath, as: "a member photo the fixture names") }
        }
    }
}
