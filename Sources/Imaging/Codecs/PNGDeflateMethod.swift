/// How the filtered image data becomes the zlib stream of the IDAT chunks.
///
/// No single deflate search suits every composite: on photographs the short matches of a full LZ77 search cost
/// more than the literals they replace, so zlib's run-length coder is both faster and smaller (about 8 % under
/// Pillow's default on grainy portraits, about Pillow's size on the sample photographs); on smooth gradients
/// and flat placeholders long matches pay, and libdeflate's search wins by up to a quarter.
package enum PNGDeflateMethod: Equatable, Sendable {
    /// libdeflate's LZ77 search at `level` (1...12).
    case libdeflate(level: Int32)
    /// libdeflate's search and zlib's run-length coder (matches one byte back only) tried on a sample of the
    /// rows (one band of `sampleBand` rows in every eight), the winner run on the whole: about an eighth more
    /// work than the winner alone.
    case smallerOnSample(libdeflateLevel: Int32)
    /// Both coders run on the whole, the smaller stream kept.
    case smaller(libdeflateLevel: Int32)

    /// Rows per sampled band: long enough for matches between neighbouring rows to show.
    package static let sampleBand = 8

    /// Images whose filtered data is at most this long are tried whole (the sample would be most of it).
    package static let wholeTrialBytes = 64 * 1024

    /// The zlib stream of `filtered` (rows of `rowStride` bytes each, filter byte included).
    package func zlibStream(of filtered: [UInt8], rowStride: Int) throws(CodecError) -> [UInt8] {
        // `withUnsafeBytes` rethrows untyped errors, so the typed one travels out as a `Result`.
        try filtered.withUnsafeBytes { bytes in
            Result { () throws(CodecError) in try stream(of: bytes, rowStride: rowStride) }
        }.get()
    }

    private func stream(of bytes: UnsafeRawBufferPointer, rowStride: Int) throws(CodecError) -> [UInt8] {
        switch self {
        case .libdeflate(let level):
            return try Libdeflate.zlibStream(of: bytes, level: level)
        case .smaller(let level):
            return try Self.smaller(of: bytes, level: level)
        case .smallerOnSample(let level):
            guard bytes.count > Self.wholeTrialBytes, rowStride > 0 else {
                return try Self.smaller(of: bytes, level: level)
            }
            let sample = Self.sample(of: bytes, rowStride: rowStride)
            let lzWins = try sample.withUnsafeBytes { sample in
                Result { () throws(CodecError) in
                    try Libdeflate.zlibStream(of: sample, level: level).count
                        < ZlibRunLength.zlibStream(of: sample).count
                }
            }.get()
            return lzWins ? try Libdeflate.zlibStream(of: bytes, level: level) : try ZlibRunLength.zlibStream(of: bytes)
        }
    }

    private static func smaller(of bytes: UnsafeRawBufferPointer, level: Int32) throws(CodecError) -> [UInt8] {
        let lz = try Libdeflate.zlibStream(of: bytes, level: level)
        let runLength = try ZlibRunLength.zlibStream(of: bytes)
        return lz.count <= runLength.count ? lz : runLength
    }

    /// Every eighth band of `sampleBand` rows, concatenated.
    private static func sample(of bytes: UnsafeRawBufferPointer, rowStride: Int) -> [UInt8] {
        let bandBytes = sampleBand * rowStride
        var sample: [UInt8] = []
        sample.reserveCapacity(bytes.count / 8 + bandBytes)
        for start in stride(from: 0, to: bytes.count, by: 8 * bandBytes) {
            sample += bytes[start..<min(start + bandBytes, bytes.count)]
        }
        return sample
    }
}
