import Imaging

/// What transparent parts of an image are drawn over.
///
/// A flat backdrop makes a transparent composite look like one with a background of that colour; a
/// checkerboard shows transparency as transparency, the way image editors do.
package enum Backdrop: Hashable, Sendable {
    /// One opaque colour (its alpha is ignored).
    case solid(RGBA8)
    /// Two alternating greys.
    case checkerboard(Checkerboard)

    /// The default checkerboard.
    package static let checkerboard = Backdrop.checkerboard(Checkerboard())
}

/// A checkerboard of two colours in squares of a whole number of pixels, the top-left square `light`.
package struct Checkerboard: Hashable, Sendable {
    /// Two mid greys: far enough apart to read as a pattern in 16 colours and in monochrome, and unlike every
    /// background the app offers (light grey, white, dark), so "transparent" never looks like one of them.
    package var light = RGBA8(r: 0x99, g: 0x99, b: 0x99)
    package var dark = RGBA8(r: 0x66, g: 0x66, b: 0x66)

    /// The colour under pixel (x, y) for squares of `side` pixels (at least 1).
    package func color(x: Int, y: Int, side: Int) -> RGBA8 {
        let side = max(1, side)
        return (x / side + y / side) % 2 == 0 ? light : dark
    }

    /// A square side in pixels for a picture shown `width` x `height` pixels large: about twelve squares
    /// across the shorter side, never below 2 pixels, so that even a chat-list avatar of a few cells shows
    /// whole squares and a large preview does not turn into a fine grey mesh. In half blocks one pixel is half
    /// a cell, so a 2-pixel square is two cells wide and one tall: square on screen.
    package static func squareSide(width: Int, height: Int) -> Int {
        max(2, min(width, height) / 12)
    }

    /// `image` composited over the checkerboard with squares of `side` pixels: fully opaque, for outputs that
    /// show every pixel (graphics protocols). Uses the same straight-alpha "over" rounding as the half-block
    /// path.
    package func composite(_ image: RGBAImage, side: Int) -> RGBAImage {
        // An opaque image (most composites, every picture already laid over its backdrop) comes back as it is,
        // without a copy of its pixels.
        if image.isOpaque { return image }
        var result = image
        result.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let index = (y * image.width + x) * 4
                    let alpha = UInt32(pixels[index + 3])
                    if alpha == 255 { continue }
                    let under = color(x: x, y: y, side: side)
                    func over(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
                        UInt8((UInt32(top) * alpha + UInt32(bottom) * (255 - alpha) + 127) / 255)
                    }
                    pixels[index] = over(pixels[index], under.r)
                    pixels[index + 1] = over(pixels[index + 1], under.g)
                    pixels[index + 2] = over(pixels[index + 2], under.b)
                    pixels[index + 3] = 255
                }
            }
        }
        return result
    }
}

extension Backdrop {
    /// The image made opaque over this backdrop, for graphics protocols that show every pixel; checkerboard
    /// squares are sized for the image's own pixel size.
    package func composite(_ image: RGBAImage) -> RGBAImage {
        board.composite(image, side: Checkerboard.squareSide(width: image.width, height: image.height))
    }

    /// The backdrop as the 16 ANSI colours can show it: a checkerboard's two mid greys both have ANSI grey
    /// (127) as their nearest colour and average to it, so tempered diffusion drew transparent parts flat grey;
    /// its squares become ANSI white (229) and grey exactly, which every mode draws as clean squares. A solid
    /// colour stays.
    package var forSixteenColors: Backdrop {
        guard case .checkerboard(var board) = self else { return self }
        board.light = XtermPalette.color(ofIndex: 7)
        board.dark = XtermPalette.color(ofIndex: 8)
        return .checkerboard(board)
    }

    /// The backdrop as a checkerboard: a solid colour is a board whose squares all have that colour.
    package var board: Checkerboard {
        switch self {
        case .solid(let color): Checkerboard(light: color, dark: color)
        case .checkerboard(let board): board
        }
    }
}
