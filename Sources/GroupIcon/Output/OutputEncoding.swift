import Imaging

/// The file format of an exported avatar.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// PNG: lossless, with transparency; the format that keeps a composite's pixels exactly.
    case png
    /// JPEG: lossy, no transparency (it is flattened onto `EncodingOptions.jpegBackground`).
    case jpeg
    /// WebP: lossless by default, lossy with a quality; keeps transparency.
    case webp

    /// The extension written for it (`--all` names files `<id>.<extension>`).
    public var fileExtension: String {
        switch self {
        case .png: return "png"
        case .jpeg: return "jpg"
        case .webp: return "webp"
        }
    }

    /// The format a file extension names (`png`, `jpg`, `jpeg`, `webp`, any case), nil for any other.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        default: return nil
        }
    }
}

/// How an avatar is encoded into its file.
public struct OutputEncoding: Hashable, Sendable {
    /// JPEG quality when none is given.
    public static let defaultJPEGQuality = 90

    /// The file format the bytes are written in.
    public var format: OutputFormat
    /// JPEG and WebP quality, 1...100. nil: JPEG at `defaultJPEGQuality`, WebP lossless. PNG ignores it.
    public var quality: Int?
    /// What transparency becomes in a JPEG (it has no alpha).
    public var jpegBackground: RGBA8
    /// How hard the PNG encoder works for a small file; the pixels are the same at every level.
    public var pngCompression: PNGCompression

    /// An encoding in `format`; unset, JPEG gets `defaultJPEGQuality`, WebP is lossless and PNG compresses
    /// at its default level.
    public init(
        format: OutputFormat = .png, quality: Int? = nil, jpegBackground: RGBA8 = .white,
        pngCompression: PNGCompression = .default
    ) {
        self.format = format; self.quality = quality; self.jpegBackground = jpegBackground
        self.pngCompression = pngCompression
    }

    /// The encoded file of `image` (sRGB, as every composite is) with `metadata` in it (none: the file records
    /// nothing), written in `colorSpace`: the pixels converted from sRGB (`ColorManagement.convertFromSRGB`)
    /// and the space's profile embedded (PNG `sRGB` chunk or `iCCP`, JPEG APP2, WebP `ICCP`).
    public func encode(_ image: RGBAImage, metadata: ImageMetadata? = nil, colorSpace: ColorSpace = .srgb)
        throws(CodecError) -> [UInt8]
    {
        var converted = image
        ColorManagement.convertFromSRGB(&converted, to: colorSpace)
        switch format {
        case .png:
            return try PNGCodec.encode(
                converted, text: metadata?.pngText ?? [], compression: pngCompression, colorSpace: colorSpace)
        case .jpeg:
            return try JPEGCodec.encode(
                converted, quality: quality ?? Self.defaultJPEGQuality, background: jpegBackground,
                metadata: metadata, colorSpace: colorSpace)
        case .webp:
            return try WebPCodec.encode(converted, quality: quality, metadata: metadata, colorSpace: colorSpace)
        }
    }

    /// Everything of the encoding that changes the decoded pixels, for the inputs an output records (not the
    /// PNG compression level: a file made at another level is as good).
    public var identifier: String {
        switch format {
        case .png: return "png"
        case .jpeg: return "jpeg quality=\(quality ?? Self.defaultJPEGQuality) background=\(jpegBackground.hexString)"
        case .webp: return quality.map { "webp quality=\($0)" } ?? "webp lossless"
        }
    }
}
