import CWebP

/// WebP encoding through libwebp (lossless or lossy, alpha kept) with metadata as an XMP chunk added by
/// libwebpmux, and decoding of the files it writes (to check an existing output, `--skip-existing`).
///
/// The only file that imports libwebp.
public enum WebPCodec {
    /// Encodes `image` as WebP: lossless when `quality` is nil (the pixels come back exactly), else lossy at
    /// `quality` (1...100); `metadata` goes into an XMP chunk of the extended (VP8X) format.
    public static func encode(_ image: RGBAImage, quality: Int? = nil, metadata: ImageMetadata? = nil)
        throws(CodecError) -> [UInt8]
    {
        let width = Int32(image.width), height = Int32(image.height)
        guard width <= 16383, height <= 16383 else {
            throw .encodingFailed(format: "WebP", detail: "image is \(image.width)x\(image.height) px: WebP holds at most 16383 px per side")
        }
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.pixels.withUnsafeBufferPointer { pixels -> Int in
            if let quality {
                return WebPEncodeRGBA(pixels.baseAddress, width, height, width * 4, Float(min(100, max(1, quality))), &output)
            }
            return WebPEncodeLosslessRGBA(pixels.baseAddress, width, height, width * 4, &output)
        }
        defer { WebPFree(output) }
        guard size > 0, let output else { throw .encodingFailed(format: "WebP", detail: "libwebp returned no data") }
        guard let metadata else { return Array(UnsafeBufferPointer(start: output, count: size)) }
        return try addingXMP(metadata.xmpPacket, to: WebPData(bytes: output, size: size))
    }

    /// The RGBA pixels of the WebP file `bytes`; refuses sides or pixel counts beyond `limits` before decoding.
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = .init()) throws(CodecError) -> RGBAImage {
        try limits.checkFileSize(bytes.count)
        var width: Int32 = 0, height: Int32 = 0
        guard bytes.withUnsafeBufferPointer({ WebPGetInfo($0.baseAddress, $0.count, &width, &height) }) != 0 else {
            throw .corruptWebP(detail: "libwebp cannot read its header")
        }
        _ = try limits.checkDimensions(width: Int(width), height: Int(height))
        let pixels = bytes.withUnsafeBufferPointer { WebPDecodeRGBA($0.baseAddress, $0.count, &width, &height) }
        guard let pixels else { throw .corruptWebP(detail: "libwebp could not decode the image data") }
        defer { WebPFree(pixels) }
        let count = Int(width) * Int(height) * 4
        guard let image = RGBAImage(width: Int(width), height: Int(height),
                                    pixels: Array(UnsafeBufferPointer(start: pixels, count: count))) else {
            throw .corruptWebP(detail: "libwebp returned an empty image")
        }
        return image
    }

    /// The bitstream `image` in the extended format with an `XMP ` chunk.
    private static func addingXMP(_ packet: String, to image: WebPData) throws(CodecError) -> [UInt8] {
        guard let mux = WebPNewInternal(WEBP_MUX_ABI_VERSION) else {
            throw .encodingFailed(format: "WebP", detail: "libwebpmux could not start")
        }
        defer { WebPMuxDelete(mux) }
        var image = image
        let xmp = Array(packet.utf8)
        var assembled = WebPData(bytes: nil, size: 0)
        defer { WebPFree(UnsafeMutableRawPointer(mutating: assembled.bytes)) }
        let status = xmp.withUnsafeBufferPointer { xmpBytes -> WebPMuxError in
            var chunk = WebPData(bytes: xmpBytes.baseAddress, size: xmpBytes.count)
            // copy_data 1: the mux keeps its own copies, so neither buffer has to outlive the calls.
            var result = WebPMuxSetImage(mux, &image, 1)
            if result == WEBP_MUX_OK { result = WebPMuxSetChunk(mux, "XMP ", &chunk, 1) }
            if result == WEBP_MUX_OK { result = WebPMuxAssemble(mux, &assembled) }
            return result
        }
        guard status == WEBP_MUX_OK, let bytes = assembled.bytes else {
            throw .encodingFailed(format: "WebP", detail: "libwebpmux error \(status.rawValue) while adding the XMP chunk")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: assembled.size))
    }
}
