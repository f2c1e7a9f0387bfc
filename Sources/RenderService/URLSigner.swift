import GroupExport
import GroupIcon

/// Signs and checks the service's content-addressed URLs as imgproxy does: the first path segment is
/// `base64url(HMAC-SHA256(key, rest))`, where `rest` is the request target after that segment (path and query,
/// byte for byte as sent). Several keys may be loaded (rotation): the first signs, any of them verifies.
package struct URLSigner: Sendable {
    /// The shortest key accepted, in bytes: HMAC-SHA256's own output length.
    package static let minimumKeyLength = 32

    package let keys: [[UInt8]]

    /// A signer over `keys`, the first signing; nil when there is none.
    package init?(keys: [[UInt8]]) {
        guard !keys.isEmpty else { return nil }
        self.keys = keys
    }

    /// The keys of a key file: each non-empty line (surrounding spaces dropped) is one key, taken as the bytes
    /// it spells (a hex or base64 string is fine), at least `minimumKeyLength` bytes.
    package static func keys(fromFile bytes: [UInt8], path: String) throws(ServiceError) -> [[UInt8]] {
        let lines = bytes.split(separator: UInt8(ascii: "\n")).map { line in
            Array(line.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        }.filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw .configuration("\(path): no key in the file (one key per line)") }
        for (index, line) in lines.enumerated() where line.count < minimumKeyLength {
            throw .configuration(
                "\(path): key on line \(index + 1) is \(line.count) bytes: at least \(minimumKeyLength)"
                    + " (e.g. `openssl rand -hex 32 > \(path)`)")
        }
        return lines
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// The signature segment for `rest` under the first key.
    package func signature(of rest: Substring) -> String? {
        HMACSHA256.code(key: keys[0], message: Array(rest.utf8)).map(Base64URL.encode)
    }

    /// Whether `signature` signs `rest` under one of the keys, compared in constant time.
    package func verifies(_ signature: Substring, of rest: Substring) -> Bool {
        guard let given = Base64URL.decode(signature), given.count == 32 else { return false }
        let message = Array(rest.utf8)
        var matched = false
        for key in keys {
            guard let expected = HMACSHA256.code(key: key, message: message) else { continue }
            if HMACSHA256.constantTimeEqual(expected, given) { matched = true }
        }
        return matched
    }

    /// The signed path of a composite: `/SIGNATURE` followed by `CompositePath.unsigned`'s form.
    package func signedPath(_ request: CompositeDescription) -> String? {
        let rest = request.path
        return signature(of: Substring(rest)).map { "/" + $0 + rest }
    }
}

/// What a content-addressed composite URL carries: the members' photos (paths relative to the service's photo
/// folder, or http(s) URLs), optionally their names (for placeholders), the parameters that differ from the
/// library's defaults, and the format.
package struct CompositeDescription: Equatable, Sendable {
    package var photos: [String]
    package var names: [String]
    package var settings: [ParameterSetting]
    package var format: OutputFormat
    package var quality: Int?

    package init(
        photos: [String], names: [String] = [], settings: [ParameterSetting], format: OutputFormat,
        quality: Int? = nil
    ) {
        self.photos = photos; self.names = names; self.settings = settings; self.format = format
        self.quality = quality
    }

    /// The path after the signature: `/v1/composite.EXT?member=…&member=…&name=…&PARAMETER=VALUE…&quality=N`,
    /// every value escaped (`PercentDecoding.encode`), members in order, parameters in catalogue order.
    package var path: String {
        var items = photos.map { "member=" + PercentDecoding.encode($0) }
        items += names.map { "name=" + PercentDecoding.encode($0) }
        items += settings.map { PercentDecoding.encode($0.name) + "=" + PercentDecoding.encode($0.text) }
        if let quality { items.append("quality=\(quality)") }
        return Router.compositePath + format.fileExtension + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }
}
