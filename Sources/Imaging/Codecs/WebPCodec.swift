import CWebP

/// WebP encoding through libwebp (lossless or lossy, alpha kept) with the colour space's ICC profile and
/// metadata as ICCP and XMP chunks added by libwebpmux; decoding through libwebpdemux and libwebp: still or
/// animated (the first frame, placed on the canvas), alpha, and an ICCP profile converted to sRGB.
///
/// The only file that imports libwebp.
package enum WebPCodec {
    /// Encodes `image` as WebP: lossless when `quality` is nil (the pixels come back exactly), else lossy at
    /// `quality` (1...100), in the extended (VP8X) format with the ICC profile of `colorSpace` in an `ICCP`
    /// chunk and `metadata` in an `XMP ` chunk.
    package static func encode(
        _ image: RGBAImage, quality: Int? = nil, metadata: ImageMetadata? = nil, colorSpace: ColorSpace = .srgb
    ) throws(CodecError) -> [UInt8] {
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
        var chunks = [(fourCC: "ICCP", data: ColorManagement.outputProfile(colorSpace))]
        if let metadata { chunks.append((fourCC: "XMP ", data: Array(metadata.xmpPacket.utf8))) }
        return try adding(chunks.filter { !$0.data.isEmpty }, to: WebPData(bytes: output, size: size))
    }

    /// The bitstream `image` in the extended format with `chunks` (libwebpmux sets the VP8X flags they need).
    private static func adding(_ chunks: [(fourCC: String, data: [UInt8])], to image: WebPData) throws(CodecError)
        -> [UInt8]
    {
        guard let mux = WebPNewInternal(WEBP_MUX_ABI_VERSION) else {
            throw .encodingFailed(format: "WebP", detail: "libwebpmux could not start")
        }
        defer { WebPMuxDelete(mux) }
        var image = image
        var assembled = WebPData(bytes: nil, size: 0)
        defer { WebPFree(UnsafeMutableRawPointer(mutating: assembled.bytes)) }
        // copy_data 1: the mux keeps its own copies, so neither buffer has to outlive the calls.
        var status = WebPMuxSetImage(mux, &image, 1)
        for chunk in chunks where status == WEBP_MUX_OK {
            status = chunk.data.withUnsafeBufferPointer { bytes in
                var data = WebPData(bytes: bytes.baseAddress, size: bytes.count)
                return WebPMuxSetChunk(mux, chunk.fourCC, &data, 1)
            }
        }
        if status == WEBP_MUX_OK { status = WebPMuxAssemble(mux, &assembled) }
        guard status == WEBP_MUX_OK, let bytes = assembled.bytes else {
            throw .encodingFailed(
                format: "WebP",
                detail:
                    "libwebpmux error \(status.rawValue) while adding the \(chunks.map(\.fourCC).joined(separator: ", ")) chunks"
            )
        }
        return Array(UnsafeBufferPointer(start: bytes, count: assembled.size))
    }
}

extension ImageDecoder.Format {
    /// WebP (`WebPCodec`).
    package static let webp = Self(decodable: "WebP")
}

extension WebPCodec: ImageFormatDecoder {
    package static var formats: [ImageDecoder.SupportedFormat] {
        [format(.webp, colorHandling: "ICCP profile converted to sRGB; first frame of an animation")]
    }

    package static var library: LinkedLibrary {
        let version = Int(WebPGetDecoderVersion())
        return LinkedLibrary(name: "libwebp", version: "\(version >> 16).\(version >> 8 & 0xFF).\(version & 0xFF)")
    }

    package static func sniff(_ bytes: [UInt8]) -> ImageDecoder.Format? {
        starts(bytes, withText: "RIFF") && starts(bytes, withText: "WEBP", at: 8) ? .webp : nil
    }

    /// The canvas size from the first chunk (VP8, VP8L or VP8X).
    package static func decodedSize(header: [UInt8], minimumSide: Int?) -> (width: Int, height: Int)? {
        var width: Int32 = 0, height: Int32 = 0
        let found = header.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        return found != 0 ? (Int(width), Int(height)) : nil
    }

    /// Decodes the first frame onto a transparent canvas of the file's canvas size.
    package static func decode(_ bytes: [UInt8], minimumSide: Int?, limits: ImageLimits) throws(CodecError) -> RGBAImage
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
