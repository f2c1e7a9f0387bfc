import Imaging
import Support

/// The disk-cache entry format, version 2 (all integers little-endian):
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
/// A string is a UInt32 byte count and UTF-8 bytes. The frame is Support's `ChecksummedEnvelope`.
enum CacheEntryFormat {
    /// Version 2: warnings no longer quote file content (version 1 entries may hold the first bytes of any file
    /// a fixture named, and are not read).
    static let envelope = ChecksummedEnvelope(magic: "GICC", version: 2)

    /// Room for the warnings: their ids, names and paths also appear in the key (escaped, so no shorter), and
    /// each message is a path plus a short cause; 64 KiB beyond twice the key covers them with margin.
    private static let warningAllowance = 64 << 10

    /// The largest entry `key` can have: header, key, warnings and the pixels of a `pixelSide` square. A file
    /// larger than this is no entry for the key (a damaged or planted file) and is not read.
    static func maximumSize(for key: CompositeKey) -> Int {
        let fields = 4 + 4 + 4 + 4
        let side = min(max(key.pixelSide, 1), 1 << 15)
        return envelope.frameLength + fields + 2 * key.text.utf8.count + warningAllowance + side * side * 4
    }

    static func encode(_ composite: Composite, key: CompositeKey) -> [UInt8] {
        var out = envelope.writer(reservingCapacity: composite.image.pixels.count + 256)
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
        return envelope.seal(out)
    }

    /// The composite stored in `bytes` for `key`, or nil when the entry is truncated, corrupted, of another
    /// version or for another key.
    static func decode(_ bytes: [UInt8], key: CompositeKey) -> Composite? {
        guard var reader = envelope.open(bytes),
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
