import DecoderFuzzing

@testable import Imaging

/// `HEIFCodec.decode` (libheif) and its 16-bit reader `HEIFCodec.decodeDeep` called directly on arbitrary bytes,
/// without `ImageDecoder`'s sniffing in front, so every input reaches both; the checks are `DecoderFuzzing.run`'s
/// (a deep image is checked through its 8-bit rounding, which reads every sample).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecodeHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = DecoderFuzzing.run(data, size) { try HEIFCodec.decode($0, minimumSide: $1, limits: $2) }
    return DecoderFuzzing.run(data, size) { bytes, _, limits in
        // nil (not a 10- or 12-bit image this reader takes) is skipped, as a thrown error is.
        guard let deep = try HEIFCodec.decodeDeep(bytes, limits: limits) else { throw CodecError.emptyFile }
        return deep.quantised()
    }
}
