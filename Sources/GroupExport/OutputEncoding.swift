import GroupIcon

/// The file format of an exported avatar.
public enum OutputFormat: String, CaseIterable, Sendable {
    case png
    case jpeg
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

    /// The extension of the last component of `path` (after its last dot, not a leading one), nil without.
    public static func fileExtension(of path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...]
        return suffix.isEmpty ? nil : String(suffix)
    }

    /// The format of an output file: its extension's, checked against `requested` (`--format`); a path
    /// without an extension takes `requested`, else PNG. Throws when the two contradict or the extension is
    /// one no format has, so a file never gets bytes its name does not announce.
    public static func resolve(path: String, requested: OutputFormat?) throws(OutputFormatError) -> OutputFormat {
        guard let suffix = fileExtension(of: path) else { return requested ?? .png }
        guard let named = OutputFormat(fileExtension: suffix) else {
            throw .unknownExtension(path: path, fileExtension: suffix)
        }
        if let requested, requested != named {
            throw .contradiction(path: path, fileExtension: suffix, requested: requested)
        }
        return named
    }
}

/// A file name and a format that do not go together.
public enum OutputFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownExtension(path: String, fileExtension: String)
    case contradiction(path: String, fileExtension: String, requested: OutputFormat)

    public var description: String {
        switch self {
        case .unknownExtension(let path, let suffix):
            return "\(path): .\(suffix) is not an output format: name the file .png, .jpg/.jpeg or .webp"
        case .contradiction(let path, let suffix, let requested):
            return "\(path): the .\(suffix) extension contradicts --format \(requested.rawValue)"
        }
    }
}

/// How an avatar is encoded into its file.
public struct OutputEncoding: Hashable, Sendable {
    /// JPEG quality when none is given.
    public static let defaultJPEGQuality = 90

    public var format: OutputFormat
    /// JPEG and WebP quality, 1...100. nil: JPEG at `defaultJPEGQuality`, WebP lossless. PNG ignores it.
    public var quality: Int?
    /// What transparency becomes in a JPEG (it has no alpha).
    public var jpegBackground: RGBA8
    /// How hard the PNG encoder works for a small file; the pixels are the same at every level.
    public var pngCompression: PNGCompression

    public init(
        format: OutputFormat = .png, quality: Int? = nil, jpegBackground: RGBA8 = .white,
        pngCompression: PNGCompression = .default
    ) {
        self.format = format; self.quality = quality; self.jpegBackground = jpegBackground
        self.pngCompression = pngCompression
    }

    /// The encoded file of `image` with `metadata` in it.
    public func encode(_ image: RGBAImage, metadata: ImageMetadata) throws(CodecError) -> [UInt8] {
        switch format {
        case .png:
            return try PNGCodec.encode(image, text: metadata.pngText, compression: pngCompression)
        case .jpeg:
            return try JPEGCodec.encode(
                image, quality: quality ?? Self.defaultJPEGQuality, background: jpegBackground,
                metadata: metadata)
        case .webp:
            return try WebPCodec.encode(image, quality: quality, metadata: metadata)
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
