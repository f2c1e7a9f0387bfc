/// One image format `ImageDecoder` reads: how its files start, the size their header declares and how they
/// decode. Each format is one type in one file (the only file that imports its C library);
/// `ImageDecoder.decoders` is the table of them.
///
/// Every decoder checks the declared size against `ImageLimits` before it allocates pixels, turns any damage
/// into a `CodecError`, reads only the first frame or page of an animation or multi-page file, and returns
/// 8-bit straight-alpha sRGB: an embedded colour profile is converted by `ColorManagement`.
package protocol ImageFormatDecoder {
    /// The C library that does the decoding and its version, read from the library at run time.
    static var library: LinkedLibrary { get }
    /// The format `bytes` start as (`.truncated` for a file cut inside a fixed signature), nil when they
    /// are no file of this decoder's.
    static func sniff(_ bytes: [UInt8]) -> ImageDecoder.Format?
    /// The size `decode` makes of the image whose first bytes are `header`, from its size fields alone; nil
    /// when `header` does not hold them.
    static func decodedSize(header: [UInt8], minimumSide: Int?) -> (width: Int, height: Int)?
    /// Decodes the first frame to 8-bit straight-alpha sRGB. `minimumSide` lets a format decode at a cheaper
    /// scale when it has one (JPEG); the others ignore it.
    static func decode(_ bytes: [UInt8], minimumSide: Int?, limits: ImageLimits) throws(CodecError) -> RGBAImage
}

extension ImageFormatDecoder {
    /// Whether `bytes` start with `signature` at `offset`.
    static func starts(_ bytes: [UInt8], with signature: some Collection<UInt8>, at offset: Int = 0) -> Bool {
        bytes.count >= offset + signature.count && bytes[offset..<offset + signature.count].elementsEqual(signature)
    }

    /// Whether `bytes` start with the UTF-8 of `text` at `offset`.
    static func starts(_ bytes: [UInt8], withText text: String, at offset: Int = 0) -> Bool {
        starts(bytes, with: Array(text.utf8), at: offset)
    }
}
