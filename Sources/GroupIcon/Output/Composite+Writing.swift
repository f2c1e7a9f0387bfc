internal import FileSystem
import Imaging

/// How `Composite.encoded(as:options:)` and `Composite.write(to:format:options:)` encode: everything of
/// `OutputEncoding` but the format, plus what the file records.
public struct EncodingOptions: Hashable, Sendable {
    /// JPEG and WebP quality, 1...100 (values outside are clamped). nil: JPEG at `OutputEncoding.defaultJPEGQuality`, WebP lossless (the
    /// pixels come back exactly). PNG is always lossless and ignores it.
    public var quality: Int?
    /// What transparency becomes in a JPEG (it has no alpha).
    public var jpegBackground: RGBA8
    /// How hard the PNG encoder works for a small file; the pixels are the same at every level.
    public var pngCompression: PNGCompression
    /// Text entries the file records (PNG text chunks, a JPEG comment and XMP, WebP XMP); none by default.
    public var metadata: ImageMetadata?
    /// The colour space the file is written in, its profile embedded (`OutputEncoding.encode`); sRGB by default.
    public var colorSpace: ColorSpace

    /// Options for `Composite.encoded(as:options:)` and `write(to:format:options:)`; the defaults give a
    /// lossless file with no recorded entries, in sRGB.
    public init(
        quality: Int? = nil, jpegBackground: RGBA8 = .white, pngCompression: PNGCompression = .default,
        metadata: ImageMetadata? = nil, colorSpace: ColorSpace = .srgb
    ) {
        self.quality = quality; self.jpegBackground = jpegBackground; self.pngCompression = pngCompression
        self.metadata = metadata; self.colorSpace = colorSpace
    }

    /// The encoding of `format` with these options.
    public func encoding(_ format: OutputFormat) -> OutputEncoding {
        OutputEncoding(format: format, quality: quality, jpegBackground: jpegBackground, pngCompression: pngCompression)
    }
}

/// Why a composite could not be written; every message names the file and says what to change.
public enum CompositeWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The encoder refused the image (a WebP wider or taller than 16383 px).
    case cannotEncode(path: String, format: OutputFormat, reason: String)
    /// The file could not be written (no such folder, permission, a folder or device at the path, no space);
    /// `path` keeps what it held before.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotEncode(let path, let format, let reason):
            return "\(path): cannot encode the avatar as \(format.rawValue.uppercased()): \(reason)"
        case .cannotWrite(let path, let reason): return "\(path): cannot write the avatar: \(reason)"
        }
    }
}

extension Composite {
    /// The composite's image encoded as a `format` file: the bytes `write(to:format:options:)` writes.
    public func encoded(as format: OutputFormat, options: EncodingOptions = EncodingOptions()) throws(CodecError)
        -> [UInt8]
    {
        try options.encoding(format).encode(image, metadata: options.metadata, colorSpace: options.colorSpace)
    }

    /// Writes the composite's image to `path` as a `format` file, atomically: the bytes go to a temporary file
    /// in the same folder, are flushed to disk (`fsync`) and the file is then renamed to `path`, so readers see
    /// the old file or the whole new one, never a part, and a failure leaves `path` as it was.
    ///
    /// `path` may name a new file in an existing folder or a regular file (replaced, keeping its permissions;
    /// a symbolic link is followed); folders, devices, FIFOs and `/dev/stdout`-like paths are refused. The
    /// format is the one given, whatever the path's extension.
    public func write(to path: String, format: OutputFormat, options: EncodingOptions = EncodingOptions())
        throws(CompositeWriteError)
    {
        let bytes: [UInt8]
        do { bytes = try encoded(as: format, options: options) } catch {
            throw .cannotEncode(path: path, format: format, reason: error.description)
        }
        do { try FileIO.writeAtomically(bytes, to: path) } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }
}
