/// The frame of every cache entry on disk (composites, downloads): a four-byte magic, a UInt16 version, the
/// format's own fields, then the SHA-256 of every byte before it.
///
/// The checksum covers everything, so a truncated, bit-flipped or foreign file opens as nil and is treated as
/// missing; each format stores its own key inside as well, against a (theoretical) file-name collision.
package struct ChecksummedEnvelope: Sendable {
    package let magic: [UInt8]
    package let version: UInt16

    package static let checksumLength = 32

    package init(magic: String, version: UInt16) {
        self.magic = Array(magic.utf8); self.version = version
    }

    /// Bytes of a sealed entry besides the format's own fields: magic, version and checksum.
    package var frameLength: Int { magic.count + 2 + Self.checksumLength }

    /// A writer holding the magic and version; append the format's fields, then `seal` it.
    package func writer(reservingCapacity capacity: Int = 0) -> ByteWriter {
        var out = ByteWriter()
        out.bytes.reserveCapacity(capacity + frameLength)
        out.bytes.append(contentsOf: magic)
        out.write(UInt64(version), width: 2)
        return out
    }

    /// The entry: everything written, then its checksum.
    package func seal(_ writer: ByteWriter) -> [UInt8] {
        var bytes = writer.bytes
        bytes.append(contentsOf: SHA256.digest(bytes))
        return bytes
    }

    /// A reader over the format's own fields of `bytes`, or nil when the checksum does not match or the magic or
    /// version is another format's.
    package func open(_ bytes: [UInt8]) -> ByteReader? {
        guard bytes.count >= frameLength else { return nil }
        let body = Array(bytes[..<(bytes.count - Self.checksumLength)])
        guard SHA256.digest(body) == Array(bytes[(bytes.count - Self.checksumLength)...]) else { return nil }
        var reader = ByteReader(bytes: body)
        guard reader.readBytes(magic.count) == magic, reader.read(width: 2) == UInt64(version) else { return nil }
        return reader
    }
}
