/// One image format `ImageDecoder` reads: how its files start, the size their header declares, how they
/// decode at 8 and at 16 bits, and what colour handling they get. Each format is one type in one file (the
/// only file that imports its C library), with its `ImageDecoder.Format` constant beside it;
/// `ImageDecoder.decoders` is the table of them, and nothing else in `ImageDecoder` names a format.
///
/// Every decoder checks the declared size against `ImageLimits` before it allocates pixels, turns any damage
/// into a `CodecError`, reads only the first frame or page of an animation or multi-page file, and returns
/// 8-bit straight-alpha sRGB: an embedded colour profile is converted by `ColorManagement`.
package protocol ImageFormatDecoder: Sendable {
    /// The C library that does the decoding and its version, read from the library at run time.
    static var library: LinkedLibrary { get }
    /// The formats this decoder reads, with its library and the colour handling each gets, as `--version` and
    /// the documentation list them (one for most decoders; HEIC and AVIF for libheif's).
    static var formats: [ImageDecoder.SupportedFormat] { get }
    /// The format `bytes` start as (`.truncated` for a file cut inside a fixed signature), nil when they
    /// are no file of this decoder's.
    static func sniff(_ bytes: [UInt8]) -> ImageDecoder.Format?
    /// The size `decode` makes of the image whose first bytes are `header`, from its size fields alone; nil
    /// when `header` does not hold them.
    static func decodedSize(header: [UInt8], minimumSide: Int?) -> (width: Int, height: Int)?
    /// Whether `header` declares samples of more than 8 bits, which `decodeDeep` keeps at 16 (the source
    /// cache then holds them beside their 8-bit rendering). False unless the decoder has a deep reader.
    static func hasDeepSamples(header: [UInt8]) -> Bool
    /// Decodes the first frame to 8-bit straight-alpha sRGB. `minimumSide` lets a format decode at a cheaper
    /// scale when it has one (JPEG); the others ignore it.
    static func decode(_ bytes: [UInt8], minimumSide: Int?, limits: ImageLimits) throws(CodecError) -> RGBAImage
    /// Decodes a deep image (more than 8 bits a sample) to 16-bit premultiplied samples in sRGB, converted as
    /// `decode` converts at 8 bits; nil for an image `decode` reads at 8 bits without loss, or a decoder with
    /// no deep reader.
    static func decodeDeep(_ bytes: [UInt8], limits: ImageLimits) throws(CodecError) -> RGBA16Image?
}

extension ImageFormatDecoder {
    /// No deep reader: every image is read at 8 bits.
    package static func hasDeepSamples(header: [UInt8]) -> Bool { false }

    /// No deep reader: every image is read at 8 bits.
    package static func decodeDeep(_ bytes: [UInt8], limits: ImageLimits) throws(CodecError) -> RGBA16Image? {
        nil
    }

    /// The one format this decoder reads, with `colorHandling`.
    static func format(_ format: ImageDecoder.Format, colorHandling: String) -> ImageDecoder.SupportedFormat {
        ImageDecoder.SupportedFormat(format: format, library: library, colorHandling: colorHandling)
    }

    /// Whether `bytes` start with `signature` at `offset`.
    static func starts(_ bytes: [UInt8], with signature: some Collection<UInt8>, at offset: Int = 0) -> Bool {
        bytes.count >= offset + signature.count && bytes[offset..<offset + signature.count].elementsEqual(signature)
    }

    /// Whether `bytes` start with the UTF-8 of `text` at `offset`.
    static func starts(_ bytes: [UInt8], withText text: String, at offset: Int = 0) -> Bool {
        starts(bytes, with: Array(text.utf8), at: offset)
    }
}
