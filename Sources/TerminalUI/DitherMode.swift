/// How a palette stands in for colours it does not have.
///
/// Measured as mean CIEDE2000 after a 3x3 blur (roughly how the eye mixes neighbouring cells; the benchmark's
/// `bench/cell_quality.py --blur` and `DitherQualityTests` score the same way)
/// on the benchmark's composite in 256 colours, at 40x20 / 120x60 cells: none 2.69 / 3.26,
/// ordered 2.13 / 1.57, diffusion 1.35 / 1.03, tempered 1.72 / 1.86; chafa's best setting 2.64 / 2.16. In 16
/// colours (sample composite, 80x40): none 12.9, ordered 7.8, diffusion 4.5. On the sample's faces tempered
/// is 17-47 % below none and has 11-45 % less grain than diffusion (README, "Real faces"). Unblurred the order
/// turns round (256 colours at 40x20: none 4.34, ordered 5.97, diffusion 5.41, tempered 4.87), because a
/// dithered pixel alone is further from its target; from a normal viewing distance the dithered picture is the
/// faithful one, and gradients no longer break into bands.
package enum DitherMode: String, CaseIterable, Hashable, Sendable {
    /// Every pixel its nearest palette colour: flat, calm, banded gradients.
    case none
    /// Two palette colours mixed in a fixed 2x2 pattern: steadier than diffusion when the picture changes a
    /// little (no noise crawling while a parameter is tuned), coarser in detail.
    case ordered
    /// Floyd–Steinberg error diffusion: the closest average colour, as fine-grained noise.
    case diffusion
    /// Error diffusion at three quarters of its strength, each pixel passing on at most a small, fixed error
    /// per channel and, in 256 colours, not flipped to an entry far from its own colour
    /// (`PaletteQuantiser.Tempering`): most of diffusion's faithfulness with far less of its
    /// grain. Full diffusion reaches a colour between two far-apart palette entries by alternating them (dark
    /// skin as maroon and olive pixels in 256 colours, a 16-colour thumbnail as scattered white, yellow and
    /// black); tempered, a pixel only leans a little towards what its neighbours lacked.
    case tempered

    /// The mode used unless one is asked for: tempered diffusion for the palettes (calmer than diffusion, and
    /// far closer than none seen from a distance), none where there is nothing to dither (24-bit colour,
    /// monochrome's own shading).
    package static func standard(for mode: ColorMode) -> DitherMode {
        switch mode {
        case .palette256, .palette16: .tempered
        case .truecolor, .monochrome: .none
        }
    }
}
