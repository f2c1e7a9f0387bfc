import CWebP

/// WebP encoding through libwebp (lossless or lossy, alpha kept) with metadata as an XMP chunk added by
/// libwebpmux; decoding through libwebpdemux and libwebp: still or animated (the first frame, placed on the
/// canvas), alpha, and an ICCP profile converted to sRGB.
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
            throw .encodingFailed(
                format: "WebP",
                detail: "image is \(image.width)x\(image.height) px: WebP holds at most 16383 px per side")
        }
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.pixels.withUnsafeBufferPointer { pixels -> Int in
            if let quality {
                return WebPEncodeRGBA(
                    pixels.baseAddress, width, height, width * 4, Float(min(100, max(1, quality))), &output)
            }
            return WebPEncodeLosslessRGBA(pixels.baseAddress, width, height, width * 4, &output)
        }
        defer { WebPFree(output) }
        guard size > 0, let output else { throw .encodingFailed(format: "WebP", detail: "libwebp returned no data") }
        guard let metadata else { return Array(UnsafeBufferPointer(start: output, count: size)) }
        return try addingXMP(metadata.xmpPacket, to: WebPData(bytes: output, size: size))
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
            throw .encodingFailed(
                format: "WebP", detail: "libwebpmux error \(status.rawValue) while adding the XMP chunk")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: assembled.size))
    }
}

extension WebPCodec: ImageFormatDecoder {
    public static var library: LinkedLibrary {
        let version = Int(WebPGetDecoderVersion())
        return LinkedLibrary(name: "libwebp", version: "\(version >> 16).\(version >> 8 & 0xFF).\(version & 0xFF)")
    }

    public static func sniff(_ bytes: [UInt8]) -> ImageDecoder.Format? {
        starts(bytes, withText: "RIFF") && starts(bytes, withText: "WEBP", at: 8) ? .webp : nil
    }

    /// The canvas size from the first chunk (VP8, VP8L or VP8X).
    public static func decodedSize(header: [UInt8], minimumSide: Int?) -> (width: Int, height: Int)? {
        var width: Int32 = 0, height: Int32 = 0
        let found = header.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        return found != 0 ? (Int(width), Int(height)) : nil
    }

    /// Decodes the first frame onto a transparent canvas of the file's canvas size.
    public static func decode(_ bytes: [UInt8], minimumSide: Int?, limits: ImageLimits) throws(CodecError) -> RGBAImage
    {
        guard !bytes.isEmpty else { throw .emptyFile }
        try limits.checkFileSize(bytes.count)
        let result = bytes.withUnsafeBufferPointer { input in
            Result { () throws(CodecError) -> RGBAImage in try decode(input, limits: limits) }
        }
        return try result.get()
    }

    private static func decode(_ input: UnsafeBufferPointer<UInt8>, limits: ImageLimits) throws(CodecError) -> RGBAImage
    {
        var data = WebPData(bytes: input.baseAddress, size: input.count)
        // WebPDemux indexes the chunks and checks every frame lies on the canvas; it refuses a cut file.
        guard let demux = WebPDemux(&data) else {
            throw .corruptImage(format: "WebP", detail: "the RIFF chunks are incomplete or inconsistent")
        }
        defer { WebPDemuxDelete(demux) }
        let width = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH))
        let height = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT))
        let byteCount = try limits.checkDimensions(width: width, height: height)
        let frames = Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT))
        guard frames <= limits.maxFrames else {
            throw .tooManyFrames(format: "WebP", frames: frames, maxFrames: limits.maxFrames)
        }
        var frame = WebPIterator()
        guard WebPDemuxGetFrame(demux, 1, &frame) != 0 else {
            throw .corruptImage(format: "WebP", detail: "the file holds no image")
        }
        defer { WebPDemuxReleaseIterator(&frame) }
        let frameWidth = Int(frame.width), frameHeight = Int(frame.height)
        let x = Int(frame.x_offset), y = Int(frame.y_offset)
        guard x + frameWidth <= width, y + frameHeight <= height else {
            throw .corruptImage(format: "WebP", detail: "the first frame lies outside the canvas")
        }
        var pixels = [UInt8](repeating: 0, count: byteCount)
        // Straight into the canvas from the frame's top-left pixel, with the canvas's row stride.
        let decoded = pixels.withUnsafeMutableBufferPointer { canvas -> Bool in
            let start = (y * width + x) * 4
            let available = canvas.count - start
            return WebPDecodeRGBAInto(
                frame.fragment.bytes, frame.fragment.size, canvas.baseAddress! + start,
                available, Int32(width * 4)) != nil
        }
        guard decoded else { throw .corruptImage(format: "WebP", detail: "libwebp could not decode the first frame") }
        guard var image = RGBAImage(width: width, height: height, pixels: pixels) else {
            throw .emptyImage(width: width, height: height)
        }
        if WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & UInt32(ICCP_FLAG.rawValue) != 0 {
            var chunk = WebPChunkIterator()
            if WebPDemuxGetChunk(demux, "ICCP", 1, &chunk) != 0, let bytes = chunk.chunk.bytes {
                ColorManagement.convertToSRGB(
                    &image, profile: Array(UnsafeBufferPointer(start: bytes, count: chunk.chunk.size)))
            }
            WebPDemuxReleaseChunkIterator(&chunk)
        }
        return image
    }
}
