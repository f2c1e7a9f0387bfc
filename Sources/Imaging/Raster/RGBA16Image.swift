/// A raster image with 16 bits per channel: rows top to bottom, R, G, B, A per pixel, colours sRGB-encoded
/// and premultiplied by alpha (each colour sample at most its alpha), as libpng's deep output gives them.
///
/// What a 16-bit PNG or TIFF and a 10- or 12-bit HEIC or AVIF decode to (`ImageDecoder.decodeDeep`), so that resampling reads the file's precision and the result is rounded
/// to 8 bits once, when the tile is written (`Resampler.premultiplied(_:frame:region:rows:)`).
package struct RGBA16Image: Hashable, Sendable {
    package let width: Int
    package let height: Int
    /// `width * height * 4` samples in 0...65535; changed in place only by this module's colour conversion.
    package internal(set) var samples: [UInt16]

    /// An image over existing samples; nil when the count does not match the size.
    package init?(width: Int, height: Int, samples: [UInt16]) {
        guard width > 0, height > 0, samples.count == width * height * 4 else { return nil }
        self.width = width; self.height = height; self.samples = samples
    }

    /// The memory the samples take: 8 bytes a pixel.
    package var byteCount: Int { samples.count * 2 }

    /// The 8-bit straight-alpha image of these pixels, each channel rounded once, for the uses that need
    /// bytes (styled avatars, previews).
    package func quantised() -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: samples.count)
        pixels.withUnsafeMutableBufferPointer { out in
            samples.withUnsafeBufferPointer { source in
                for i in stride(from: 0, to: source.count, by: 4) {
                    let alpha = Float(source[i + 3])
                    guard alpha > 0 else { continue }
                    let scale: Float = 255 / alpha
                    for channel in 0..<3 {
                        out[i + channel] = UInt8(min(255, Float(source[i + channel]) * scale + 0.5))
                    }
                    out[i + 3] = UInt8(alpha * (255 / 65535) + 0.5)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels) ?? RGBAImage(width: 1, height: 1)
    }
}
