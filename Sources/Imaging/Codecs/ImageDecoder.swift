/// Decodes an image file of any supported format, recognised by its leading bytes (never its extension,
/// which is often wrong for downloaded avatars).
package enum ImageDecoder {
    /// An image format told apart by its leading bytes.
    package enum Format: Equatable, Sendable {
        case png
        case jpeg
        case webp
        case gif
        /// HEIC and other HEIF images (HEVC-coded).
        case heif
        /// AVIF: HEIF with AV1-coded images.
        case avif
        case tiff
        case bmp
        /// A recognised format this build does not decode, by its common name.
        case unsupported(name: String)
        /// Fewer bytes than a signature, all of them matching it: a decodable format's file cut short.
        case truncated(name: String)
        case unknown

        /// The format's common name, as messages and `--version` spell it; nil for `.unknown`.
        package var name: String? {
            switch self {
            case .png: return "PNG"
            case .jpeg: return "JPEG"
            case .webp: return "WebP"
            case .gif: return "GIF"
            case .heif: return "HEIC"
            case .avif: return "AVIF"
            case .tiff: return "TIFF"
            case .bmp: return "BMP"
            case .unsupported(let name), .truncated(let name): return name
            case .unknown: return nil
            }
        }

        /// The decoder for a format this build reads.
        var decoder: (any ImageFormatDecoder.Type)? {
            switch self {
            case .png: return PNGCodec.self
            case .jpeg: return JPEGCodec.self
            case .webp: return WebPCodec.self
            case .gif: return GIFCodec.self
            case .heif, .avif: return HEIFCodec.self
            case .tiff: return TIFFCodec.self
            case .bmp: return BMPCodec.self
            case .unsupported, .truncated, .unknown: return nil
            }
        }
    }

    /// A C library that decodes a format, with its version as the library reports it.
    /// The "library" of a format decoded by this project's own code (BMP).
    package static let builtIn = LinkedLibrary(name: "chat-tui", version: "built in")

    /// One format this build reads: its name, the library that decodes it and the colour handling it gets
    /// (what `chat-tui --version` lists and the README describes).
    package struct SupportedFormat: Equatable, Sendable {
        package let format: Format
        package let library: LinkedLibrary
        /// Which embedded colour descriptions are converted to sRGB.
        package let colorHandling: String
    }

    /// The decoders, in the order `sniff` asks them.
    static var decoders: [any ImageFormatDecoder.Type] {
        [PNGCodec.self, JPEGCodec.self, WebPCodec.self, GIFCodec.self, HEIFCodec.self, TIFFCodec.self, BMPCodec.self]
    }

    /// Every format this build decodes, with its library's run-time version, and Little CMS, which converts
    /// their colour profiles, last (its `format` is `.unknown`: it decodes none itself).
    package static var supportedFormats: [SupportedFormat] {
        func entry(_ format: Format, _ colorHandling: String) -> SupportedFormat {
            SupportedFormat(format: format, library: format.decoder!.library, colorHandling: colorHandling)
        }
        return [
            entry(.png, "iCCP profile converted to sRGB; gAMA applied by libpng; untagged files are sRGB"),
            entry(.jpeg, "APP2 ICC profile (RGB or CMYK) converted to sRGB; untagged CMYK by the naive ink model"),
            entry(.webp, "ICCP profile converted to sRGB; first frame of an animation"),
            entry(.gif, "sRGB by definition; first frame, transparency, interlacing"),
            entry(.heif, "colr ICC profile or nclx primaries (BT.709, Display P3, BT.2020) converted to sRGB"),
            entry(.avif, "colr ICC profile or nclx primaries (BT.709, Display P3, BT.2020) converted to sRGB"),
            entry(.tiff, "ICC profile tag converted to sRGB; first page"),
            entry(.bmp, "sRGB (embedded V5 profiles are ignored)"),
        ] + [
            SupportedFormat(
                format: .unknown, library: ColorManagement.library,
                colorHandling: "colour profiles to sRGB, perceptual intent")
        ]
    }

    /// The format `bytes` start with.
    package static func sniff(_ bytes: [UInt8]) -> Format {
        var cut: Format?
        for decoder in decoders {
            switch decoder.sniff(bytes) {
            case .truncated(let name)?: cut = cut ?? .truncated(name: name)
            case let format?: return format
            case nil: continue
            }
        }
        if let cut { return cut }
        func hasPrefix(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
        }
        if hasPrefix([0xFF, 0x0A]) || hasPrefix([0, 0, 0, 0x0C] + Array("JXL ".utf8)) {
            return .unsupported(name: "JPEG XL")
        }
        if hasPrefix(Array("8BPS".utf8)) { return .unsupported(name: "Photoshop") }
        return .unknown
    }

    /// The bytes of RGBA pixels `decode(_:minimumSide:)` makes of the image whose first bytes are `header`,
    /// read from its size fields alone (PNG's IHDR, JPEG's frame header, ...); nil when `header` does not hold
    /// them.
    package static func decodedByteCount(header: [UInt8], minimumSide: Int?) -> Int? {
        guard let decoder = sniff(header).decoder,
            let size = decoder.decodedSize(header: header, minimumSide: minimumSide)
        else { return nil }
        // A zero side is no image the decoder accepts, so there is nothing to estimate.
        guard size.width > 0, size.height > 0 else { return nil }
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        return overflow || pixels > Int.max / 4 ? nil : pixels * 4
    }

    /// The bytes a decoded member photo holds in the source cache, from its header: `decodedByteCount`, three
    /// times that for a 16-bit PNG or a 10- or 12-bit HEIC or AVIF, which keep 16-bit samples (`decodeDeep`, 8
    /// bytes a pixel) and their 8-bit rendering. TIFF declares no size in its header, so none is estimated.
    package static func sourceByteCount(header: [UInt8], minimumSide: Int?) -> Int? {
        guard let bytes = decodedByteCount(header: header, minimumSide: minimumSide) else { return nil }
        let isDeep: Bool
        switch sniff(header) {
        // Byte 24 is IHDR's bit depth.
        case .png: isDeep = header.count > 24 && header[24] == 16
        case .heif, .avif: isDeep = HEIFCodec.hasDeepSamples(header: header)
        default: isDeep = false
        }
        guard isDeep else { return bytes }
        return bytes > Int.max / 3 ? nil : bytes * 3
    }

    /// Decodes a deep image, recognised by its content as `decode` recognises it, to its samples at 16 bits
    /// in sRGB (`RGBA16Image`): a 16-bit PNG (`PNGCodec.decodeDeep`), 16-bit RGB(A) TIFF
    /// (`TIFFCodec.decodeDeep`) or 10- or 12-bit HEIC or AVIF (`HEIFCodec.decodeDeep`); nil for any other
    /// image, which `decode` reads at 8 bits.
    package static func decodeDeep(_ bytes: [UInt8], limits: ImageLimits = .init()) throws(CodecError)
        -> RGBA16Image?
    {
        switch sniff(bytes) {
        case .png: return try PNGCodec.decodeDeep(bytes, limits: limits)
        case .tiff: return try TIFFCodec.decodeDeep(bytes, limits: limits)
        case .heif, .avif: return try HEIFCodec.decodeDeep(bytes, limits: limits)
        default: return nil
        }
    }

    /// Decodes any supported format to 8-bit straight-alpha sRGB RGBA (`supportedFormats`).
    ///
    /// - Parameter minimumSide: the shortest side the caller needs; JPEGs use it to decode at a cheaper
    ///   scale (the other formats have no such shortcut and decode at full size).
    package static func decode(
        _ bytes: [UInt8], minimumSide: Int? = nil, limits: ImageLimits = .init()
    ) throws(CodecError) -> RGBAImage {
        guard !bytes.isEmpty else { throw .emptyFile }
        try limits.checkFileSize(bytes.count)
        let format = sniff(bytes)
        if let decoder = format.decoder { return try decoder.decode(bytes, minimumSide: minimumSide, limits: limits) }
        switch format {
        case .truncated(let name): throw .truncatedSignature(format: name, bytes: bytes.count)
        case .unsupported(let name): throw .unsupportedFormat(name: name)
        default: throw .unrecognizedFormat(guess: describeContent(bytes))
        }
    }

    /// What unrecognised bytes seem to be, in words that quote none of them: "an HTML or XML document", "a
    /// PDF document", "a ZIP archive", "gzip-compressed data", "text" (valid UTF-8 without control
    /// characters other than whitespace, judged on the first 512 bytes) or "binary data of an unknown kind".
    package static func describeContent(_ bytes: [UInt8]) -> String {
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
        guard !head.contains(where: { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) || $0 == 0x7F }) else {
            return false
        }
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
