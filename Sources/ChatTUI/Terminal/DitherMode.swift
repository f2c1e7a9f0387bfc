/// How a palette stands in for colours it does not have.
///
/// Measured on the benchmark's composite at 40x20 cells in 256 colours with `ansi_quality.py --blur` (mean
/// CIEDE2000 after a 3x3 blur, how the eye mixes neighbouring cells): none 2.64, ordered about 2.0, diffusion
/// about 1.4 (chafa's best setting: 2.66). The unblurred figure goes the other way (4.3, 5.9, 5.6), because a
/// dithered pixel alone is further from its target; seen from a normal distance the dithered picture is the
/// faithful one, and gradients no longer break into bands.
enum DitherMode: String, CaseIterable, Hashable, Sendable {
    /// Every pixel its nearest palette colour: flat, calm, banded gradients.
    case none
    /// Two palette colours mixed in a fixed 2x2 pattern: steadier than diffusion when the picture changes a
    /// little (no noise crawling while a parameter is tuned), coarser in detail.
    case ordered
    /// Floyd–Steinberg error diffusion: the closest average colour, as fine-grained noise.
    case diffusion

    /// The mode used unless one is asked for: diffusion for the palettes (the best measured), none where
    /// there is nothing to dither (24-bit colour, monochrome's own shading).
    static func standard(for mode: ColorMode) -> DitherMode {
        switch mode {
        case .palette256, .palette16: .diffusion
        case .truecolor, .monochrome: .none
        }
    }
}
