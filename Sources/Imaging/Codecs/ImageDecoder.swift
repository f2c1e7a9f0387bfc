/// Decodes an image file of any supported format, recognised by its leading bytes (never its extension,
/// which is often wrong for downloaded avatars).
package enum ImageDecoder {
    /// An image format told apart by its leading bytes: one of the formats a decoder reads (each defined
    /// beside its decoder: `.png` in `PNGCodec.swift`), a recognised format this build does not decode, a
    /// decodable format's file cut inside its signature, or `.unknown`.
    package struct Format: Hashable, Sendable {
        /// What a sniffed format means for decoding.
        package enum Kind: Hashable, Sendable {
            /// A format a decoder in `decoders` reads.
            case decodable
            /// A recognised format this build does not decode.
            case unsupported
            /// Fewer bytes than a signature, all of them matching it: a decodable format's file cut short.
            case truncated
            /// No format recognised.
            case unknown
        }

        /// The format's common name, as messages and `--version` spell it; nil for `.unknown`.
        package let name: String?
        package let kind: Kind

        /// A format a decoder reads, by its common name.
        package init(decodable name: String) {
            self.name = name
            self.kind = .decodable
        }

        private init(name: String?, kind: Kind) {
            self.name = name
            self.kind = kind
        }

        /// A recognised format this build does not decode, by its common name.
        package static func unsupported(name: String) -> Format { Format(name: name, kind: .unsupported) }
        /// A decodable format's file cut inside its signature.
        package static func truncated(name: String) -> Format { Format(name: name, kind: .truncated) }
        /// No format recognised.
        package static let unknown = Format(name: nil, kind: .unknown)
    }

    /// The "library" of a format decoded by this project's own code (BMP).
    package static let builtIn = LinkedLibrary(name: "GroupIcon", version: "built in")

    /// One format this build reads: its name, the library that decodes it and the colour handling it gets
    /// (what `chat-tui --version` lists and docs/LIMITS.md describes).
    package struct SupportedFormat: Equatable, Sendable {
        package let format: Format
        package let library: LinkedLibrary
        /// Which embedded colour descriptions are converted to sRGB.
        package let colorHandling: String
    }

    /// The decoders, one line each, in the order `sniff` asks them: the only list of formats.
    static let decoders: [any ImageFormatDecoder.Type] = [
        PNGCodec.self, JPEGCodec.self, WebPCodec.self, GIFCodec.self, HEIFCodec.self, TIFFCodec.self, BMPCodec.self,
    ]

    /// Recognised formats no decoder reads, by their signatures, so that a message can name them.
    private static let unsupportedSignatures: [(name: String, signatures: [[UInt8]])] = [
        ("JPEG XL", [[0xFF, 0x0A], [0, 0, 0, 0x0C] + Array("JXL ".utf8)]),
        ("Photoshop", [Array("8BPS".utf8)]),
    ]

    /// Every format this build decodes, with its library's run-time version, and Little CMS, which converts
    /// their colour profiles, last (its `format` is `.unknown`: it decodes none itself).
    package static var supportedFormats: [SupportedFormat] {
        decoders.flatMap { $0.formats } + [
            SupportedFormat(
                format: .unknown, library: ColorManagement.library,
                colorHandling: "colour profiles to sRGB, perceptual intent")
        ]
    }

    /// The names of the formats this build decodes, as a message lists them: "PNG, JPEG, ... or BMP".
    package static var supportedFormatNames: String {
        let names = decoders.flatMap { $0.formats.compactMap(\.format.name) }
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The format `bytes` start with.
    package static func sniff(_ bytes: [UInt8]) -> Format {
        var cut: Format?
        for decoder in decoders {
            guard let format = decoder.sniff(bytes) else { continue }
            if format.kind != .truncated { return format }
            cut = cut ?? format
        }
        if let cut { return cut }
        for (name, signatures) in unsupportedSignatures where signatures.contains(where: bytes.starts(with:)) {
            return .unsupported(name: name)
        }
        return .unknown
    }

    /// The decoder that reads `bytes`, nil when none recognises them whole.
    static func decoder(for bytes: [UInt8]) -> (any ImageFormatDecoder.Type)? {
        decoders.first { $0.sniff(bytes)?.kind == .decodable }
    }

    /// The bytes of RGBA pixels `decode(_:minimumSide:)` makes of the image whose first bytes are `header`,
    /// read from its size fields alone (PNG's IHDR, JPEG's frame header, ...); nil when `header` does not hold
    /// them.
    package static func decodedByteCount(header: [UInt8], minimumSide: Int?) -> Int? {
        guard let size = decoder(for: header)?.decodedSize(header: header, minimumSide: minimumSide) else {
            return nil
        }
        // A zero side is no image the decoder accepts, so there is nothing to estimate.
        guard size.width > 0, size.height > 0 else { return nil }
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        return overflow || pixels > Int.max / 4 ? nil : pixels * 4
    }

    /// The bytes a decoded member photo holds in the source cache, from its header: `decodedByteCount`, three
    /// times that for an image whose decoder says it has deep samples (`hasDeepSamples`: a 16-bit PNG, a 10- or
    /// 12-bit HEIC or AVIF), which keeps 16-bit samples (`decodeDeep`, 8 bytes a pixel) and their 8-bit
    /// rendering. A format that declares no size in its header (TIFF) is not estimated.
    package static func sourceByteCount(header: [UInt8], minimumSide: Int?) -> Int? {
        guard let bytes = decodedByteCount(header: header, minimumSide: minimumSide) else { return nil }
        guard decoder(for: header)?.hasDeepSamples(header: header) == true else { return bytes }
        return bytes > Int.max / 3 ? nil : bytes * 3
    }

    /// Decodes a deep image, recognised by its content as `decode` recognises it, to its samples at 16 bits
    /// in sRGB (`RGBA16Image`) through its decoder's `decodeDeep` (16-bit PNG, 16-bit RGB(A) TIFF, 10- or
    /// 12-bit HEIC or AVIF); nil for any other image, which `decode` reads at 8 bits.
    package static func decodeDeep(_ bytes: [UInt8], limits: ImageLimits = .init()) throws(CodecError)
        -> RGBA16Image?
    {
        try decoder(for: bytes)?.decodeDeep(bytes, limits: limits)
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
        if let decoder = decoder(for: bytes) {
            return try decoder.decode(bytes, minimumSide: minimumSide, limits: limits)
        }
        let format = sniff(bytes)
        switch (format.kind, format.name) {
        case (.truncated, let name?): throw .truncatedSignature(format: name, bytes: bytes.count)
        case (.unsupported, let name?): throw .unsupportedFormat(name: name)
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
