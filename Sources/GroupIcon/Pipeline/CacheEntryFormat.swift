/// The disk-cache entry format, version 1 (all integers little-endian):
///
/// ```
/// "GICC"  magic                      4 bytes
/// version                            UInt16
/// width, height                      UInt32 each
/// key                                string
/// warning count                      UInt32, then per warning: member id, member name,
///                                    has-path flag (UInt8 0/1) [+ path], message (all strings)
/// pixels                             width * height * 4 bytes, RGBA
/// checksum                           SHA-256 of every byte before it, 32 bytes
/// ```
/// A string is a UInt32 byte count and UTF-8 bytes. The checksum covers everything, so a truncated,
/// bit-flipped or foreign file is rejected; the stored key guards against a (theoretical) name collision.
enum CacheEntryFormat {
    static let magic: [UInt8] = Array("GICC".utf8)
    static let version: UInt16 = 1
    private static let checksumLength = 32

    static func encode(_ composite: Composite, key: CompositeKey) -> [UInt8] {
        var out = ByteWriter()
        out.bytes.append(contentsOf: magic)
        out.write(UInt64(version), width: 2)
        out.write(UInt64(composite.image.width), width: 4)
        out.write(UInt64(composite.image.height), width: 4)
        out.write(key.text)
        out.write(UInt64(composite.warnings.count), width: 4)
        for warning in composite.warnings {
            out.write(warning.memberID)
            out.write(warning.memberName)
            out.write(UInt64(warning.path == nil ? 0 : 1), width: 1)
            if let path = warning.path { out.write(path) }
            out.write(warning.message)
        }
        out.bytes.append(contentsOf: composite.image.pixels)
        out.bytes.append(contentsOf: SHA256.digest(out.bytes))
        return out.bytes
    }

    /// The composite stored in `bytes` for `key`, or nil when the entry is truncated, corrupted, of another
    /// version or for another key.
    static func decode(_ bytes: [UInt8], key: CompositeKey) -> Composite? {
        guard bytes.count > magic.count + checksumLength else { return nil }
        let body = Array(bytes[..<(bytes.count - checksumLength)])
        guard SHA256.digest(body) == Array(bytes[(bytes.count - checksumLength)...]) else { return nil }
        var reader = ByteReader(bytes: body)
        guard reader.readBytes(magic.count) == magic, reader.read(width: 2) == UInt64(version),
              let width = reader.read(width: 4), let height = reader.read(width: 4),
              reader.readString() == key.text, let warningCount = reader.read(width: 4)
        else { return nil }
        var warnings: [AvatarWarning] = []
        for _ in 0..<warningCount {
            guard let id = reader.readString(), let name = reader.readString(), let hasPath = reader.read(width: 1)
            else { return nil }
            let path = hasPath == 1 ? reader.readString() : nil
            guard hasPath == 0 || path != nil, let message = reader.readString() else { return nil }
            warnings.append(AvatarWarning(memberID: id, memberName: name, path: path, message: message))
        }
        let (pixelCount, overflow) = Int(width).multipliedReportingOverflow(by: Int(height) * 4)
        guard !overflow, reader.remaining == pixelCount, let pixels = reader.readBytes(pixelCount),
              let image = RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
        else { return nil }
        return Composite(image: image, warnings: warnings)
    }
}

/// Little-endian integers and length-prefixed UTF-8 strings, appended to `bytes`.
