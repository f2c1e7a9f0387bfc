import GroupIcon

/// An opaque picture that a variants sheet is painted on: a background, composites laid over it, and text
/// and shapes as coverage in one colour.
struct SheetCanvas {
    private(set) var image: RGBAImage

    init(width: Int, height: Int, background: RGBA8) {
        image = RGBAImage(width: width, height: height, fill: RGBA8(r: background.r, g: background.g, b: background.b))
    }

    /// Paints `color` through `mask`, its box moved by (`x`, `y`); parts outside the canvas are cut off.
    mutating func fill(_ mask: CoverageMask, x: Int, y: Int, color: RGBA8) {
        let box = mask.box, width = image.width, height = image.height
        let alpha = Float(color.a) / 255
        let paint = (Float(color.r), Float(color.g), Float(color.b))
        mask.values.withUnsafeBufferPointer { coverage in
            image.pixels.withUnsafeMutableBufferPointer { out in
                for row in 0..<box.height {
                    let top = y + box.y + row
                    guard top >= 0, top < height else { continue }
                    for column in 0..<box.width {
                        let left = x + box.x + column
                        guard left >= 0, left < width else { continue }
                        let amount = coverage[row * box.width + column] * alpha
                        guard amount > 0 else { continue }
                        let i = (top * width + left) * 4
                        out[i] = Self.mix(out[i], paint.0, amount)
                        out[i + 1] = Self.mix(out[i + 1], paint.1, amount)
                        out[i + 2] = Self.mix(out[i + 2], paint.2, amount)
                    }
                }
            }
        }
    }

    /// Lays `picture` over the canvas with its top-left corner at (`x`, `y`): opaque pixels are copied as they
    /// are, so a sheet's cell holds exactly the composite's pixels; translucent ones are laid over the canvas
    /// with `SheetCanvas.over`.
    mutating func place(_ picture: RGBAImage, x: Int, y: Int) {
        let width = image.width, height = image.height
        picture.pixels.withUnsafeBufferPointer { source in
            image.pixels.withUnsafeMutableBufferPointer { out in
                for row in 0..<picture.height {
                    let top = y + row
                    guard top >= 0, top < height else { continue }
                    for column in 0..<picture.width {
                        let left = x + column
                        guard left >= 0, left < width else { continue }
                        let s = (row * picture.width + column) * 4, d = (top * width + left) * 4
                        let a = source[s + 3]
                        for channel in 0..<3 { out[d + channel] = Self.over(source[s + channel], a, out[d + channel]) }
                    }
                }
            }
        }
    }

    /// Straight-alpha "over" onto an opaque pixel, rounded to the nearest value: `(s * a + d * (255 - a)) / 255`.
    static func over(_ source: UInt8, _ alpha: UInt8, _ destination: UInt8) -> UInt8 {
        let a = UInt32(alpha)
        return UInt8((UInt32(source) * a + UInt32(destination) * (255 - a) + 127) / 255)
    }

    private static func mix(_ destination: UInt8, _ paint: Float, _ amount: Float) -> UInt8 {
        let value = Float(destination) + (paint - Float(destination)) * min(1, amount)
        return UInt8(max(0, min(255, value.rounded())))
    }
}
