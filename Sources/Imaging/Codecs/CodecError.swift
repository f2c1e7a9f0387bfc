import FileSystem

/// Why an image could not be decoded or encoded. Each message says what is wrong with the bytes so a user
/// can act on it; the caller adds the file name.
public enum CodecError: Error, Equatable, CustomStringConvertible {
    /// The file has no bytes at all.
    case emptyFile
    /// The leading bytes match no image format this build knows; `guess` says what the file seems to be
    /// (`ImageDecoder.describeContent`). Messages never quote the bytes: a fixture may name any readable file
    /// (`/etc/shadow`), and warnings are printed, shown and cached.
    case unrecognizedFormat(guess: String)
    /// The file ends inside a format's signature (a 2-byte `FF D8` file): `format` is the format it starts as.
    case truncatedSignature(format: String, bytes: Int)
    /// A known image format that no decoder of this build reads (JPEG XL, Photoshop).
    case unsupportedFormat(name: String)
    /// The encoded file is larger than `ImageLimits.maxFileBytes`.
    case fileTooLarge(bytes: Int, maxBytes: Int)
    /// The header declares a size beyond `ImageLimits` (checked before any pixel is allocated).
    case imageTooLarge(width: Int, height: Int, maxSide: Int, maxPixels: Int)
    /// A JPEG with so many scans for its size that decoding would take too long (`ImageLimits.maxScanPixels`);
    /// `maxScans` is how many scans the limit allows at this size.
    case tooManyScans(scans: Int, width: Int, height: Int, maxScans: Int)
    /// The header declares a zero-sized image, which only a damaged file does.
    case emptyImage(width: Int, height: Int)
    /// libpng rejected the stream; `detail` is libpng's own message.
    case corruptPNG(detail: String)
    /// TurboJPEG rejected the stream; `detail` is TurboJPEG's own message.
    case corruptJPEG(detail: String)
    /// A WebP, GIF, HEIF, AVIF, TIFF or BMP file its decoder rejected; `detail` is the decoder's own message.
    case corruptImage(format: String, detail: String)
    /// An animation with more frames than `ImageLimits.maxFrames`.
    case tooManyFrames(format: String, frames: Int, maxFrames: Int)
    /// A file of a supported format in a variant the decoder does not read (a run-length coded BMP).
    case unsupportedVariant(format: String, detail: String)
    /// The JPEG's colour space is one the decoder cannot turn into RGB.
    case unsupportedJPEGColorspace(name: String)
    /// A PNG text entry cannot be stored: `reason` says which rule the keyword or value breaks.
    case invalidTextEntry(keyword: String, reason: String)
    /// The PNG encoder could not encode the image; `detail` says why.
    case pngEncodingFailed(detail: String)
    /// A C library could not even set up a decoder (usually out of memory).
    case decoderUnavailable(detail: String)
    /// TurboJPEG or libwebp could not encode the image; `detail` is the library's own message.
    case encodingFailed(format: String, detail: String)

    public var description: String {
        switch self {
        case .emptyFile:
            return "file is empty (0 bytes): not an image"
        case .unrecognizedFormat(let guess):
            return "not a supported image format (it looks like \(guess)): use \(ImageDecoder.supportedFormatNames)"
        case .truncatedSignature(let format, let bytes):
            return
                "\(format) file cut short: it ends after \(bytes) byte\(bytes == 1 ? "" : "s"), inside the \(format) signature"
        case .unsupportedFormat(let name):
            return "\(name) images are not supported: convert the file to PNG, JPEG or WebP"
        case .fileTooLarge(let bytes, let maxBytes):
            return "file is \(bytes.byteCountDescription): larger than the \(maxBytes.byteCountDescription) limit"
        case .imageTooLarge(let width, let height, let maxSide, let maxPixels):
            let pixelLimit = maxPixels % 1_000_000 == 0 ? "\(maxPixels / 1_000_000) megapixel" : "\(maxPixels) pixel"
            return "image is \(width)x\(height) px: larger than the \(maxSide) px per side / \(pixelLimit) limit"
        case .tooManyScans(let scans, let width, let height, let maxScans):
            return
                "progressive JPEG has \(scans) scans at \(width)x\(height) px, more than the \(maxScans) that can be decoded in reasonable time at that size: re-save it as a baseline JPEG"
        case .emptyImage(let width, let height):
            return "image header claims \(width)x\(height) px: the file is truncated or corrupt"
        case .corruptPNG(let detail):
            return "PNG is truncated or corrupt: \(detail)"
        case .corruptJPEG(let detail):
            return "JPEG is truncated or corrupt: \(detail)"
        case .corruptImage(let format, let detail):
            return "\(format) is truncated or corrupt: \(detail)"
        case .tooManyFrames(let format, let frames, let maxFrames):
            return "\(format) animation has \(frames) frames, more than the \(maxFrames) allowed"
        case .unsupportedVariant(let format, let detail):
            return "\(format) variant not supported: \(detail): convert the file to PNG"
        case .unsupportedJPEGColorspace(let name):
            return "JPEG uses the \(name) colour space, which cannot be converted to RGB: re-save it as an RGB JPEG"
        case .invalidTextEntry(let keyword, let reason):
            return "PNG text entry \"\(keyword)\" cannot be written: \(reason)"
        case .pngEncodingFailed(let detail):
            return "could not encode PNG: \(detail)"
        case .decoderUnavailable(let detail):
            return "could not start the image decoder: \(detail)"
        case .encodingFailed(let format, let detail):
            return "could not encode \(format): \(detail)"
        }
    }
}
