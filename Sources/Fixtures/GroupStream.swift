internal import FileSystem
import Foundation

/// The groups of a JSON Lines fixture (`.jsonl`: one group object per line, the objects of a `.json`
/// fixture's `groups` array), read one line at a time so that a fixture of any length is read in bounded
/// memory. Blank lines are skipped; a UTF-8 byte order mark may open the file.
///
/// Messages name the line: `groups.jsonl:12:5: malformed JSON: ...`, `groups.jsonl:12: members[1].name:
/// missing`. Group ids are not checked for uniqueness here (that needs memory growing with the file):
/// `FixtureLoader.load`, which reads a whole fixture anyway, checks them, and so does a batch export
/// (`StreamBatchInput`), whose files are named by them.
public final class GroupStream {
    /// The longest line accepted: one group with its members.
    public static let maximumLineBytes = 16 << 20

    /// The folder relative avatar paths resolve against (the file's folder).
    public let baseDirectory: URL
    /// The fixture, as given.
    public let path: String
    private let basePath: String
    private let reader: LineReader

    /// Whether `path` names a JSON Lines fixture (by its `.jsonl` extension, any case).
    public static func isJSONLines(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".jsonl")
    }

    /// Opens the fixture at `path`, accepting lines up to `maximumLineBytes`; fails as `FixtureLoader.load`
    /// does for an unreadable file.
    public init(path: String, maximumLineBytes: Int = GroupStream.maximumLineBytes) throws(FixtureError) {
        self.path = path
        baseDirectory = URL(fileURLWithPath: path).deletingLastPathComponent()
        basePath = FixtureSchemaDecoder.basePath(of: baseDirectory)
        do { reader = try LineReader(path: path, maximumLineBytes: maximumLineBytes) } catch {
            throw FixtureError(reading: error)
        }
    }

    /// The line of the group `next` returned last (1-based).
    public var lineNumber: Int { reader.lineNumber }

    /// The next group, nil after the last one.
    public func next() throws(FixtureError) -> ChatGroup? {
        while true {
            let line: [UInt8]
            do {
                guard let next = try reader.nextLine() else { return nil }
                line = next
            } catch {
                throw FixtureError(reading: error)
            }
            let content =
                reader.lineNumber == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(line.dropFirst(3)) : line
            guard content.contains(where: { !Self.isWhitespace($0) }) else { continue }
            let value = try JSONDocument.parse(content, fileName: path, firstLine: reader.lineNumber)
            var decoder = FixtureSchemaDecoder(fileName: "\(path):\(reader.lineNumber)", basePath: basePath)
            return try decoder.decodeGroup(value)
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}
