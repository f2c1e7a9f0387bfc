/// A raster image: 8-bit sRGB, straight alpha, rows top to bottom, 4 bytes per pixel in R, G, B, A order.
///
/// A value type over one flat buffer (never nested arrays), so images are cheap to pass between tasks and
/// copy only when written to.
public struct RGBAImage: Hashable, Sendable {
    /// Columns of pixels.
    public let width: Int
    /// Rows of pixels.
    public let height: Int
    /// `width * height * 4` bytes.
    public var pixels: [UInt8]

    /// An image over existing bytes; nil when the byte count does not match the size.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// An image filled with one colour; sides below 1 count as 1, so no size a caller computes can trap.
    public init(width: Int, height: Int, fill: RGBA8 = .transparent) {
        let width = max(1, width), height = max(1, height)
        self.width = width; self.height = height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        if fill != .transparent {
            bytes.withUnsafeMutableBufferPointer { buffer in
                for i in stride(from: 0, to: buffer.count, by: 4) {
                    buffer[i] = fill.r; buffer[i + 1] = fill.g; buffer[i + 2] = fill.b; buffer[i + 3] = fill.a
                }
            }
        }
        self.pixels = bytes
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGBA8 {
        get {
            let i = (y * width + x) * 4
            return RGBA8(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g; pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
        }
    }

    /// Whether every alpha byte is 255, checked four pixels (one 16-byte word) at a time.
    public var isOpaque: Bool {
        pixels.withUnsafeBytes { bytes in
            // Alpha is the last byte of each pixel: in native order, the mask whose fourth byte in memory is set.
            let alphaMask = UInt32(littleEndian: 0xFF00_0000)
            var combined = SIMD4<UInt32>(repeating: alphaMask)
            let words = bytes.count / 16
            for word in 0..<words {
                combined &= bytes.loadUnaligned(fromByteOffset: word * 16, as: SIMD4<UInt32>.self)
            }
            var alpha = UInt8.max
            for index in stride(from: words * 16 + 3, to: bytes.count, by: 4) { alpha &= bytes[index] }
            return alpha == .max && combined == SIMD4(repeating: alphaMask)
        }
    }
}
