/// Upper bounds a decoder enforces before it allocates any pixels, so a small hostile file (a "decompression
/// bomb" whose header claims 20000x20000) fails fast instead of exhausting memory.
public struct ImageLimits: Equatable, Sendable {
    /// The longest allowed side in pixels.
    public var maxSide: Int
    /// The largest allowed `width * height`.
    public var maxPixels: Int
    /// The largest allowed encoded file in bytes.
    public var maxFileBytes: Int
    /// The most decoding work a JPEG may ask for, in scan-pixels: its scans times its pixels. A progressive
    /// JPEG's every scan passes over the whole image, so a small file of hundreds of nearly empty scans over
    /// a large canvas (a CPU-exhaustion trick: 180 KB burned 9 s) is refused from a count of its markers.
    /// The default, 2^31, is 34 scans at 64 megapixels, 178 at 12; ordinary progressive files have about 10.
    public var maxScanPixels: Int
    /// The most frames an animation (WebP) may declare. Only the first frame is decoded, but an index of
    /// tens of thousands of frames is a hostile file's shape, not a photo's.
    public var maxFrames: Int

    /// Limits generous enough for any avatar photo: 16384 px per side, 64 megapixels, 64 MiB files, 2^31
    /// scan-pixels, 5000 frames.
    public init(
        maxSide: Int = 16384, maxPixels: Int = 64_000_000, maxFileBytes: Int = 64 << 20,
        maxScanPixels: Int = 1 << 31, maxFrames: Int = 5000
    ) {
        self.maxSide = maxSide
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
        self.maxScanPixels = maxScanPixels
        self.maxFrames = maxFrames
    }

    /// Throws unless an encoded file of `byteCount` bytes is within `maxFileBytes`.
    public func checkFileSize(_ byteCount: Int) throws(CodecError) {
        guard byteCount <= maxFileBytes else {
            throw .fileTooLarge(bytes: byteCount, maxBytes: maxFileBytes)
        }
    }

    /// Throws unless a `width` x `height` image is non-empty, within these limits and its RGBA buffer size
    /// (`width * height * 4`) is representable; returns that byte count.
    @discardableResult
    public func checkDimensions(width: Int, height: Int) throws(CodecError) -> Int {
        try checkDimensions(width: width, height: height, bytesPerPixel: 4)
    }

    /// Throws unless a `width` x `height` image is non-empty, within these limits and its buffer of
    /// `bytesPerPixel` bytes a pixel (8 for 16-bit RGBA) is representable; returns that byte count.
    @discardableResult
    package func checkDimensions(width: Int, height: Int, bytesPerPixel: Int) throws(CodecError) -> Int {
        guard width > 0, height > 0 else { throw .emptyImage(width: width, height: height) }
        let tooLarge = CodecError.imageTooLarge(width: width, height: height, maxSide: maxSide, maxPixels: maxPixels)
        guard width <= maxSide, height <= maxSide else { throw tooLarge }
        let (pixelCount, pixelOverflow) = width.multipliedReportingOverflow(by: height)
        guard !pixelOverflow, pixelCount <= maxPixels else { throw tooLarge }
        let (byteCount, byteOverflow) = pixelCount.multipliedReportingOverflow(by: bytesPerPixel)
        guard !byteOverflow else { throw tooLarge }
        return byteCount
    }
}
