/// How hard the PNG encoder works to make a file small; every level decodes to the same pixels.
///
/// Measured on 396 px composites (`chat-tui bench --only png`, `bench/compare.sh`, `Tests/e2e/png-encoder.sh`):
/// `default` encodes in about a quarter of Pillow's time and less than pyvips's (`pngsave` defaults), at a
/// file about 3 % under pyvips's. Opaque composites are stored as RGB, about 7 % under what Pillow's default
/// `save` writes for the same RGBA pixels (but about 5 % over Pillow handed RGB); translucent ones come out
/// about 4 % over Pillow's. libdeflate 1.14 matches zlib's filtered-strategy ratio on photographic rows only
/// from level 8, which is as slow as zlib. `small` is 7-11 % under Pillow (handed RGB or RGBA) at about four
/// times its time; `fast` is about 3x `default`'s speed at about 10 % more bytes.
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
