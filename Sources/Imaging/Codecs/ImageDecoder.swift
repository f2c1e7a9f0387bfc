/// Decodes an image file of any supported format, recognised by its leading bytes (never its extension,
/// which is often wrong for downloaded avatars).
public enum ImageDecoder {
    /// An image format told apart by magic bytes.
    public enum Format: Equatable, Sendable {
        case png
        case jpeg
        /// A recognised format this build does not decode, by its common name.
        case unsupported(name: String)
        /// Fewer bytes than a signature, all of them matching it: a decodable format's file cut short.
        case truncated(name: String)
        case unknown
    }

    /// The format `bytes` start with.
    public static func sniff(_ bytes: [UInt8]) -> Format {
        func hasPrefix(_ prefix: String, at offset: Int = 0) -> Bool {
            let expected = Array(prefix.utf8)
            return bytes.count >= offset + expected.count && bytes[offset..<offset + expected.count].elementsEqual(expected)
        }
        if bytes.starts(with: PNGCodec.signature) { return .png }
        if bytes.starts(with: JPEGCodec.signature) { return .jpeg }
        if !bytes.isEmpty && PNGCodec.signature.starts(with: bytes) { return .truncated(name: "PNG") }
        if !bytes.isEmpty && JPEGCodec.signature.starts(with: bytes) { return .truncated(name: "JPEG") }
        if hasPrefix("GIF87a") || hasPrefix("GIF89a") { return .unsupported(name: "GIF") }
        if hasPrefix("RIFF") && hasPrefix("WEBP", at: 8) { return .unsupported(name: "WebP") }
        if hasPrefix("ftyp", at: 4) {
            if hasPrefix("avif", at: 8) || hasPrefix("avis", at: 8) { return .unsupported(name: "AVIF") }
            if hasPrefix("heic", at: 8) || hasPrefix("heix", at: 8) || hasPrefix("mif1", at: 8) {
                return .unsupported(name: "HEIF")
            }
        }
        if hasPrefix("II*\u{0}") || hasPrefix("MM\u{0}*") { return .unsupported(name: "TIFF") }
        if hasPrefix("BM") && bytes.count >= 26 { return .unsupported(name: "BMP") }
        return .unknown
    }

    /// The bytes of RGBA pixels `decode(_:minimumSide:)` makes of the image whose first bytes are `header`,
    /// read from its size fields alone (PNG's IHDR, JPEG's frame header); nil when `header` does not hold them.
    public static func decodedByteCount(header: [UInt8], minimumSide: Int?) -> Int? {
        let size: (width: Int, height: Int)
        switch sniff(header) {
        case .png:
            // Signature, IHDR length and type, then width and height as big-endian 32-bit integers.
            guard header.count >= 24, header[12..<16].elementsEqual("IHDR".utf8) else { return nil }
            func uint32(at offset: Int) -> Int { header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            size = (uint32(at: 16), uint32(at: 20))
        case .jpeg:
            guard let frame = JPEGMarkers.frameSize(in: header) else { return nil }
            size = JPEGCodec.decodedSize(width: frame.width, height: frame.height, minimumSide: minimumSide)
        case .unsupported, .truncated, .unknown:
            return nil
        }
        // A zero side is no image the decoder accepts, so there is nothing to estimate.
        guard size.width > 0, size.height > 0 else { return nil }
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        return overflow || pixels > Int.max / 4 ? nil : pixels * 4
    }

    /// Decodes a PNG or JPEG to RGBA.
    ///
    /// - Parameter minimumSide: the shortest side the caller needs; JPEGs use it to decode at a cheaper
    ///   scale (PNG has no such shortcut and decodes at full size).
    public static func decode(
        _ bytes: [UInt8], minimumSide: Int? = nil, limits: ImageLimits = .init()
    ) throws(CodecError) -> RGBAImage {
        guard !bytes.isEmpty else { throw .emptyFile }
        try limits.checkFileSize(bytes.count)
        switch sniff(bytes) {
        case .png: return try PNGCodec.decode(bytes, limits: limits)
        case .jpeg: return try JPEGCodec.decode(bytes, minimumSide: minimumSide, limits: limits)
        case .unsupported(let name): throw .unsupportedFormat(name: name)
        case .truncated(let name): throw .truncatedSignature(format: name, bytes: bytes.count)
        case .unknown: throw .unrecognizedFormat(guess: describeContent(bytes))
        }
    }

    /// What unrecognised bytes seem to be, in words that quote none of them: "an HTML or XML document", "a
    /// PDF document", "a ZIP archive", "gzip-compressed data", "text" (valid UTF-8 without control
    /// characters other than whitespace, judged on the first 512 bytes) or "binary data of an unknown kind".
    public static func describeContent(_ bytes: [UInt8]) -> String {
        let head = Array(bytes.prefix(512))
        if head.starts(with: Array("%PDF".utf8)) { return "a PDF document" }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive" }
        if head.starts(with: [0x1F, 0x8B]) { return "gzip-compressed data" }
        let text = head.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        guard isText(head) else { return "binary data of an unknown kind" }
        return text.first == UInt8(ascii: "<") ? "an HTML or XML document" : "text"
    }

    /// Whether `head` reads as UTF-8 text: no NUL or other control bytes but tab and line breaks, and valid
    /// UTF-8 except perhaps a sequence cut at the end.
    private static func isText(_ head: [UInt8]) -> Bool {
        guard !head.contains(where: { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) || $0 == 0x7F }) else { return false }
        var iterator = head.makeIterator()
        var decoder = UTF8()
        var decoded = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): decoded += scalar.utf8.count
            case .emptyInput: return true
            // A multi-byte sequence may be cut by the 512-byte window.
            case .error: return head.count - decoded <= 3 && head.count == 512
            }
        }
    }
}
