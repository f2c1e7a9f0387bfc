/// How hard the PNG encoder works to make a file small; every level writes the same pixels.
///
/// Measured on 396 px composites (see `chat-tui bench --only png` and the README): `default` writes files no
/// larger than Pillow's default `Image.save` in less time than pyvips's default `pngsave`; `fast` trades
/// size for speed; `small` trades speed for size.
public enum PNGCompression: String, CaseIterable, Sendable {
    /// Cheapest sensible: libdeflate's fastest level and the cheapest useful filter ("up") on every row.
    case fast
    /// Balanced: libdeflate level 5 and a per-row filter chosen on half of each row's bytes.
    case `default`
    /// Smallest: libdeflate's strongest level (optimal parsing, several times slower) and a per-row filter
    /// chosen by the entropy of every residual byte.
    case small

    /// The libdeflate compression level (1...12).
    var deflateLevel: Int32 {
        switch self {
        case .fast: return 1
        case .default: return 5
        case .small: return 12
        }
    }

    /// How each row's filter is chosen.
    var filterChoice: PNGFilterChoice {
        switch self {
        case .fast: return .fixed(.up)
        case .default: return .smallestResiduals(sampleEvery: 2)
        case .small: return .smallestEntropy
        }
    }
}
