/// Little-endian integers and length-prefixed UTF-8 strings appended to a byte buffer: the writing half of
/// the cache entry formats (composites here, downloads in RemoteSources).
package struct ByteWriter {
    package var bytes: [UInt8] = []

    package init() {}

    package mutating func write(_ value: UInt64, width: Int) {
        for index in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * index))) }
    }

    package mutating func write(_ text: String) {
        let utf8 = Array(text.utf8)
        write(UInt64(utf8.count), width: 4)
        bytes.append(contentsOf: utf8)
    }
}

/// Bounds-checked reading: every read returns nil instead of running past the end.
package struct ByteReader {
    package let bytes: [UInt8]
    package var offset = 0

    package init(bytes: [UInt8]) { self.bytes = bytes }

    package var remaining: Int { bytes.count - offset }

    package mutating func readBytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, count <= remaining else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    package mutating func read(width: Int) -> UInt64? {
        guard let raw = readBytes(width) else { return nil }
        return raw.enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
    }

    package mutating func readString() -> String? {
        guard let count = read(width: 4), let raw = readBytes(Int(count)) else { return nil }
        return String(validating: raw, as: UTF8.self)
    }
}
