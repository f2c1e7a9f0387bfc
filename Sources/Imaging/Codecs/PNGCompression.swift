/// How hard the PNG encoder works to make a file small; every level decodes to the same pixels.
///
/// Measured on 396 px composites (`chat-tui-bench --only png`, `bench/compare.sh`, `bench/batch.py`): `default`
/// encodes in about a quarter of Pillow's time and less than pyvips's (`pngsave` defaults). Its size against
/// Pillow's default depends on the picture (see `PNGDeflateMethod`): 8 % under on grainy synthetic portraits
/// (22 % under what Pillow writes for the same pixels as RGBA), 1-2 % over on the sample photographs and on the
/// smooth benchmark composite, where Pillow's zlib `Z_FILTERED` search at level 6 (two to three times our
/// time) stays ahead of anything this fast. `small` is 7-11 % under Pillow at about four times its time;
/// `fast` is about five times `default`'s speed at about 13 % more bytes.
public enum PNGCompression: String, CaseIterable, Sendable {
    /// Cheapest sensible: libdeflate's fastest level and the cheapest useful filter ("up") on every row.
    case fast
    /// Balanced: a per-row filter chosen on half of each row's bytes, then zlib's run-length coder or libdeflate
    /// level 5, whichever is smaller on a sample of the rows (level 6 saves 2 % on smooth pictures at a
    /// third more time, which would leave `default` barely ahead of pyvips).
    case `default`
    /// Smallest: a per-row filter chosen by the entropy of every residual byte, then libdeflate's strongest
    /// level (optimal parsing, several times slower) and zlib's run-length coder, the smaller kept.
    case small

    /// How the filtered rows are deflated.
    package var deflateMethod: PNGDeflateMethod {
        switch self {
        case .fast: return .libdeflate(level: 1)
        case .default: return .smallerOnSample(libdeflateLevel: 5)
        case .small: return .smaller(libdeflateLevel: 12)
        }
    }

    /// How each row's filter is chosen.
    package var filterChoice: PNGFilterChoice {
        switch self {
        case .fast: return .fixed(.up)
        case .default: return .smallestResiduals(sampleEvery: 2)
        case .small: return .smallestEntropy
        }
    }
}
