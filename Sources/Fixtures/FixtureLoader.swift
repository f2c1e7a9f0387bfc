internal import FileSystem
import Foundation

/// Loads chat-list fixtures (README.md, "Fixture format") and reports every problem with the file, line:column or JSON path.
public enum FixtureLoader {
    /// The largest fixture file accepted, in bytes; far above any realistic chat list, low enough to refuse
    /// a wrong file (a disk image, a log) before reading it all.
    public static let maximumFileSize = 256 * 1024 * 1024

    /// Reads and decodes the fixture at `path`; relative avatar paths resolve against the file's folder.
    /// Messages name the file as `path` was given, like a compiler does. A `.jsonl` file is read as JSON
    /// Lines (see `GroupStream`), whole, with its group ids checked for duplicates.
    public static func load(path: String) throws(FixtureError) -> Fixture {
        if GroupStream.isJSONLines(path) {
            let stream = try GroupStream(path: path)
            var groups: [ChatGroup] = []
            var firstLineByID: [String: Int] = [:]
            while let group = try stream.next() {
                if let firstLine = firstLineByID[group.id] {
                    throw .schema(
                        file: "\(path):\(stream.lineNumber)", path: "id",
                        problem: .duplicateID(group.id, firstPath: "line \(firstLine)"))
                }
                firstLineByID[group.id] = stream.lineNumber
                groups.append(group)
            }
            return Fixture(groups: groups, baseDirectory: stream.baseDirectory)
        }
        let bytes: [UInt8]
        do { bytes = try FileIO.readRegularFile(path: path, maxBytes: maximumFileSize) } catch {
            throw FixtureError(reading: error)
        }
        let baseDirectory = URL(fileURLWithPath: path).deletingLastPathComponent()
        return try decode(bytes, baseDirectory: baseDirectory, fileName: path)
    }

    /// Reads and decodes a fixture from standard input (`--fixtures -`); relative avatar paths resolve against
    /// `baseDirectory`, and messages name it "standard input".
    public static func loadStandardInput(baseDirectory: URL) throws(FixtureError) -> Fixture {
        let bytes: [UInt8]
        do { bytes = try FileIO.readStandardInput(maxBytes: maximumFileSize) } catch {
            throw FixtureError(reading: error)
        }
        return try decode(bytes, baseDirectory: baseDirectory, fileName: "standard input")
    }

    /// Decodes fixture JSON from memory. Total: any byte sequence yields a fixture or a `FixtureError`.
    /// - Parameters:
    ///   - bytes: the file's contents (UTF-8, optionally with a byte order mark).
    ///   - baseDirectory: the folder relative avatar paths resolve against.
    ///   - fileName: how messages name the file.
    public static func decode(_ bytes: [UInt8], baseDirectory: URL, fileName: String) throws(FixtureError) -> Fixture {
        let root = try JSONDocument.parse(bytes, fileName: fileName)
        var decoder = FixtureSchemaDecoder(fileName: fileName, baseDirectory: baseDirectory)
        return Fixture(groups: try decoder.decodeGroups(root), baseDirectory: baseDirectory)
    }

    /// Decodes fixture JSON from `Data`; see `decode(_:baseDirectory:fileName:)` for `[UInt8]`.
    public static func decode(_ data: Data, baseDirectory: URL, fileName: String) throws(FixtureError) -> Fixture {
        try decode([UInt8](data), baseDirectory: baseDirectory, fileName: fileName)
    }
}

/// Walks a parsed JSON document and builds the fixture model, checking the schema as it goes.
struct FixtureSchemaDecoder {
    /// Where a value sits in the document; rendered as text only when an error needs it.
    private struct ValuePath {
        var groupIndex: Int?
        var memberIndex: Int?
        var field: String?

        var text: String {
            var text = ""
            if let groupIndex { text = "groups[\(groupIndex)]" }
            if let memberIndex { text += (text.isEmpty ? "" : ".") + "members[\(memberIndex)]" }
            if let field { text += text.isEmpty ? field : ".\(field)" }
            return text.isEmpty ? "(top level)" : text
        }

        func appending(field: String) -> ValuePath {
            ValuePath(groupIndex: groupIndex, memberIndex: memberIndex, field: field)
        }
    }

    private let fileName: String
    /// The base folder as a path without a trailing slash ("" for the root folder).
    private let basePath: String
    /// Resolved avatar paths by the text written in the file: members recur across groups.
    private var resolvedPaths: [String: String] = [:]

    init(fileName: String, baseDirectory: URL) {
        self.init(fileName: fileName, basePath: Self.basePath(of: baseDirectory))
    }

    /// A decoder whose base folder is already in `basePath` form (see `basePath(of:)`).
    init(fileName: String, basePath: String) {
        self.fileName = fileName
        self.basePath = basePath
    }

    /// `directory` as the decoder keeps it: a standardised path without a trailing slash.
    static func basePath(of directory: URL) -> String {
        let path = directory.standardizedFileURL.path
        return path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The groups of a fixture document (`{"groups": [...]}`).
    mutating func decodeGroups(_ root: JSONValue) throws(FixtureError) -> [ChatGroup] {
        let topLevel = ValuePath()
        guard case .object(let document) = root else {
            throw failure(
                topLevel, .unexpectedValue(expected: "an object with a \"groups\" array", found: Self.describe(root)))
        }
        let groupsPath = topLevel.appending(field: "groups")
        guard let groupsValue = document["groups"] else { throw failure(groupsPath, .missing) }
        guard case .array(let items) = groupsValue else {
            throw failure(groupsPath, .unexpectedValue(expected: "an array", found: Self.describe(groupsValue)))
        }
        var groups: [ChatGroup] = []
        groups.reserveCapacity(items.count)
        var firstIndexByID: [String: Int] = [:]
        for (groupIndex, item) in items.enumerated() {
            let path = ValuePath(groupIndex: groupIndex)
            let group = try decodeGroup(item, at: path)
            if let firstIndex = firstIndexByID[group.id] {
                throw failure(path.appending(field: "id"), .duplicateID(group.id, firstPath: "groups[\(firstIndex)]"))
            }
            firstIndexByID[group.id] = groupIndex
            groups.append(group)
        }
        return groups
    }

    /// One group object on its own (a JSON Lines line): paths in messages start at the group's fields.
    mutating func decodeGroup(_ value: JSONValue) throws(FixtureError) -> ChatGroup {
        try decodeGroup(value, at: ValuePath())
    }

    private mutating func decodeGroup(_ value: JSONValue, at path: ValuePath) throws(FixtureError) -> ChatGroup {
        guard case .object(let object) = value else {
            throw failure(path, .unexpectedValue(expected: "an object", found: Self.describe(value)))
        }
        let id = try requiredString(object, "id", at: path)
        if id.isEmpty { throw failure(path.appending(field: "id"), .empty) }
        let name = try requiredString(object, "name", at: path)
        let lastMessage = try optionalString(object, "lastMessage", at: path) ?? ""
        let updatedAt = try optionalDate(object, "updatedAt", at: path)
        let unread = try optionalCount(object, "unread", at: path) ?? 0
        let muted = try optionalBool(object, "muted", at: path) ?? false
        let avatar = try optionalAvatar(object, at: path)

        let membersPath = path.appending(field: "members")
        guard let membersValue = object["members"] else { throw failure(membersPath, .missing) }
        guard case .array(let items) = membersValue else {
            throw failure(membersPath, .unexpectedValue(expected: "an array", found: Self.describe(membersValue)))
        }
        var members: [GroupMember] = []
        members.reserveCapacity(items.count)
        for (memberIndex, item) in items.enumerated() {
            let memberPath = ValuePath(groupIndex: path.groupIndex, memberIndex: memberIndex)
            members.append(try decodeMember(item, at: memberPath))
        }
        return ChatGroup(
            id: id, name: name, lastMessage: lastMessage, updatedAt: updatedAt, unread: unread,
            muted: muted, avatarPath: avatar?.resolved, avatarSource: avatar?.written, members: members)
    }

    private mutating func decodeMember(_ value: JSONValue, at path: ValuePath) throws(FixtureError) -> GroupMember {
        guard case .object(let object) = value else {
            throw failure(path, .unexpectedValue(expected: "an object", found: Self.describe(value)))
        }
        let name = try requiredString(object, "name", at: path)
        let explicitID = try optionalString(object, "id", at: path)
        if explicitID?.isEmpty == true { throw failure(path.appending(field: "id"), .empty) }
        let avatar = try optionalAvatar(object, at: path)
        return GroupMember(
            id: explicitID ?? name, name: name, avatarPath: avatar?.resolved, avatarSource: avatar?.written)
    }

    // MARK: Fields
    // Optional fields treat an explicit `null` like an absent field.

    private func requiredString(_ object: JSONObject, _ key: String, at path: ValuePath) throws(FixtureError) -> String
    {
        guard let value = object[key] else { throw failure(path.appending(field: key), .missing) }
        guard case .string(let text) = value else {
            throw failure(
                path.appending(field: key), .unexpectedValue(expected: "a string", found: Self.describe(value)))
        }
        return text
    }

    private func optionalString(_ object: JSONObject, _ key: String, at path: ValuePath) throws(FixtureError) -> String?
    {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let value?:
            throw failure(
                path.appending(field: key), .unexpectedValue(expected: "a string", found: Self.describe(value)))
        }
    }

    private func optionalBool(_ object: JSONObject, _ key: String, at path: ValuePath) throws(FixtureError) -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        case let value?:
            throw failure(
                path.appending(field: key), .unexpectedValue(expected: "true or false", found: Self.describe(value)))
        }
    }

    /// A non-negative integer written without fraction or exponent (`3`, not `3.0` or `-1`).
    private func optionalCount(_ object: JSONObject, _ key: String, at path: ValuePath) throws(FixtureError) -> Int? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let text)? where text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }):
            if let count = Int(text) { return count }
            throw failure(
                path.appending(field: key),
                .unexpectedValue(expected: "a non-negative integer up to \(Int.max)", found: Self.shortened(text)))
        case let value?:
            throw failure(
                path.appending(field: key),
                .unexpectedValue(expected: "a non-negative integer", found: Self.describe(value)))
        }
    }

    private func optionalDate(_ object: JSONObject, _ key: String, at path: ValuePath) throws(FixtureError) -> Date? {
        let expected = "an ISO 8601 date-time like \"2026-11-28T08:00:00Z\""
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?:
            if let date = ISO8601Timestamp.parse(text) { return date }
            throw failure(path.appending(field: key), .unexpectedValue(expected: expected, found: quoted(text)))
        case let value?:
            throw failure(path.appending(field: key), .unexpectedValue(expected: expected, found: Self.describe(value)))
        }
    }

    /// The `avatar` field as written and resolved to an absolute path (existence is checked later, when the
    /// image loads), or an http(s) URL kept as written (fetched later). Any other `scheme://` is refused: no
    /// `file://` or `ftp://`.
    private mutating func optionalAvatar(
        _ object: JSONObject, at path: ValuePath
    ) throws(FixtureError) -> (written: String, resolved: String)? {
        guard let written = try optionalString(object, "avatar", at: path) else { return nil }
        guard !written.isEmpty else {
            throw failure(
                path.appending(field: "avatar"), .unexpectedValue(expected: "a file path or null", found: "\"\""))
        }
        // A C call would end the path at the NUL and open another file (`a.jpg\u0000.png` opens `a.jpg`).
        if written.utf8.contains(0) {
            throw failure(
                path.appending(field: "avatar"),
                .unexpectedValue(expected: "a file path without NUL characters", found: quoted(written)))
        }
        if let separator = written.range(of: "://"),
            written[..<separator.lowerBound].allSatisfy({
                $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0))
            }),
            written.first?.isLetter == true
        {
            let scheme = written[..<separator.lowerBound].lowercased()
            guard scheme == "http" || scheme == "https" else {
                throw failure(
                    path.appending(field: "avatar"),
                    .unexpectedValue(
                        expected: "a file path or an http(s) URL",
                        found: quoted(String(written[..<separator.upperBound]) + "…")))
            }
            return (written, written)
        }
        if let resolved = resolvedPaths[written] { return (written, resolved) }
        let resolved = resolve(written)
        resolvedPaths[written] = resolved
        return (written, resolved)
    }

    /// Joins a relative path to the base folder (dropping leading "./"); absolute paths are kept as written.
    private func resolve(_ written: String) -> String {
        if written.hasPrefix("/") { return written }
        var relative = Substring(written)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2).drop { $0 == "/" } }
        return basePath + "/" + relative
    }

    private func failure(_ path: ValuePath, _ problem: FixtureError.SchemaProblem) -> FixtureError {
        .schema(file: fileName, path: path.text, problem: problem)
    }

    /// A number's text cut to 40 characters, so a pathological number cannot flood a message.
    private static func shortened(_ text: String) -> String {
        text.utf8.count <= 40 ? text : text.prefix(40) + "…"
    }

    /// How a message shows a value of the wrong type: scalars as written, containers by kind.
    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): shortened(text)
        case .string(let text): quoted(text)
        case .array: "an array"
        case .object: "an object"
        }
    }
}
