import CSixel
import Imaging

/// Sixel output through libsixel: its palette construction (median cut over a histogram, high quality) and
/// its encoder, rather than a hand-written one.
package enum SixelEncoder {
    /// The most colour registers asked for; every sixel terminal has at least 256.
    package static let maximumColors = 256

    /// `image` composited over `backdrop` (sixel has no partial transparency) as one DCS sixel sequence
    /// (`ESC P ... q` ... `ESC \`) with an adaptive palette of up to `colours` entries. The image is shown at
    /// the cursor at one image pixel per screen pixel, so size it with `CellPixelSize.imagePixels`.
    package static func encode(
        _ image: RGBAImage, backdrop: Backdrop,
        colors: Int = maximumColors
    ) throws(GraphicsError) -> String {
        let opaque = backdrop.composite(image)
        var rgb = [UInt8](repeating: 0, count: opaque.width * opaque.height * 3)
        for pixel in 0..<opaque.width * opaque.height {
            rgb[pixel * 3] = opaque.pixels[pixel * 4]
            rgb[pixel * 3 + 1] = opaque.pixels[pixel * 4 + 1]
            rgb[pixel * 3 + 2] = opaque.pixels[pixel * 4 + 2]
        }
        let sink = Sink()
        var output: OpaquePointer?
        try check(
            sixel_output_new(
                &output,
                { data, size, context in
                    guard let data, let context, size > 0 else { return 0 }
                    let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
                    data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) { bytes in
                        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(size)))
                    }
                    return size
                }, Unmanaged.passUnretained(sink).toOpaque(), nil), step: "sixel_output_new")
        defer { sixel_output_unref(output) }
        var dither: OpaquePointer?
        try check(
            sixel_dither_new(&dither, Int32(min(max(colors, 2), maximumColors)), nil),
            step: "sixel_dither_new")
        defer { sixel_dither_unref(dither) }
        let (width, height) = (Int32(opaque.width), Int32(opaque.height))
        try rgb.withUnsafeMutableBufferPointer { (pixels) throws(GraphicsError) in
            try check(
                sixel_dither_initialize(
                    dither, pixels.baseAddress, width, height, CSIXEL_PIXELFORMAT_RGB888,
                    SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, SIXEL_QUALITY_HIGH),
                step: "sixel_dither_initialize")
            try check(sixel_encode(pixels.baseAddress, width, height, 0, dither, output), step: "sixel_encode")
        }
        return withExtendedLifetime(sink) { String(decoding: sink.bytes, as: UTF8.self) }
    }

    /// Collects what libsixel writes.
    private final class Sink {
        package var bytes: [UInt8] = []
    }

    private static func check(_ status: SIXELSTATUS, step: String) throws(GraphicsError) {
        guard csixel_succeeded(status) == 0 else { return }
        let message = sixel_helper_format_error(status).map { String(cString: $0) } ?? "status \(status)"
        throw .sixel(step: step, message: message)
    }
}
