/// Decoding of a request target's parts, byte for byte: a `%XX` escape must have two hex digits, and the
/// result must be UTF-8 without NUL. The service reads the raw target (MHD's URI log) so that what it decodes
/// is exactly what was signed.
package enum PercentDecoding {
    /// The text `part` spells; in a query (`plusIsSpace`) `+` is a space. Nil when an escape is broken, the
    /// bytes are not UTF-8, or they hold NUL.
    package static func decode(_ part: Substring, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(part.utf8.count)
        var iterator = part.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return text
    }

    /// `text` with every byte outside RFC 3986's unreserved set (`A-Z a-z 0-9 - . _ ~`) escaped: a query
    /// value that means the same to every decoder.
    package static func encode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.append(byte)
            default: output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// One `name=value` pair of a query, decoded, in the order given.
package struct QueryItem: Equatable, Sendable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) { self.name = name; self.value = value }

    /// The pairs of `query` (the text after `?`, without it); empty pairs (`a=1&&b=2`) are skipped, a pair
    /// without `=` has an empty value. At most `limit` pairs.
    package static func parse(_ query: Substring, limit: Int) throws(ServiceError) -> [QueryItem] {
        var items: [QueryItem] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            guard items.count < limit else {
                throw .badParameter(parameter: "query", message: "more than \(limit) parameters")
            }
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentDecoding.decode(parts[0], plusIsSpace: true),
                let value = PercentDecoding.decode(parts.count > 1 ? parts[1] : "", plusIsSpace: true)
            else {
                throw .badParameter(
                    parameter: "query", message: "a broken %-escape or bytes that are not UTF-8 text")
            }
            items.append(QueryItem(name, value))
        }
        return items
    }
}
