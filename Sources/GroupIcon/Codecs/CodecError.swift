import FileSystem

/// Why an image could not be decoded or encoded. Each message says what is wrong with the bytes so a user
/// can act on it; the caller adds the file name.
public enum CodecError: Error, Equatable, CustomStringConvertible {
    /// The file has no bytes at all.
    case emptyFile
    /// The leading bytes match no image format this build knows.
    case unrecognizedFormat(leadingBytes: [UInt8])
    /// A known image format that chat-tui does not decode (GIF, WebP, ...).
    case unsupportedFormat(name: String)
    /// The encoded file is larger than `ImageLimits.maxFileBytes`.
    case fileTooLarge(bytes: Int, maxBytes: Int)
    /// The header declares a size beyond `ImageLimits` (checked before any pixel is allocated).
    case imageTooLarge(width: Int, height: Int, maxSide: Int, maxPixels: Int)
    /// The header declares a zero-sized image, which only a damaged file does.
    case emptyImage(width: Int, height: Int)
    /// libpng rejected the stream; `detail` is libpng's own message.
    case corruptPNG(detail: String)
    /// TurboJPEG rejected the stream; `detail` is TurboJPEG's own message.
    case corruptJPEG(detail: String)
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
        case .unrecognizedFormat(let leadingBytes):
            let hex = leadingBytes.prefix(4).map { byte in
                let digits = Array("0123456789ABCDEF")
                return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
            }.joined(separator: " ")
            return "not a PNG or JPEG file (starts with \(hex))"
        case .unsupportedFormat(let name):
            return "\(name) images are not supported: convert the file to PNG or JPEG"
        case .fileTooLarge(let bytes, let maxBytes):
            return "file is \(bytes.byteCountDescription): larger than the \(maxBytes.byteCountDescription) limit"
        case .imageTooLarge(let width, let height, let maxSide, let maxPixels):
            let pixelLimit = maxPixels % 1_000_000 == 0 ? "\(maxPixels / 1_000_000) megapixel" : "\(maxPixels) pixel"
            return "image is \(width)x\(height) px: larger than the \(maxSide) px per side / \(pixelLimit) limit"
        case .emptyImage(let width, let height):
            return "image header claims \(width)x\(height) px: the file is truncated or corrupt"
        case .corruptPNG(let detail):
            return "PNG is truncated or corrupt: \(detail)"
        case .corruptJPEG(let detail):
            return "JPEG is truncated or corrupt: \(detail)"
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
