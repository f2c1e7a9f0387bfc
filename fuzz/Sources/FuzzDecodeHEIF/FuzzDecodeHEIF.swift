import DecoderFuzzing

@testable import Imaging

/// `HEIFCodec.decode` (libheif) called directly on arbitrary bytes, without `ImageDecoder`'s sniffing in front, so
/// every input reaches the decoder; the checks are `DecoderFuzzing.run`'s.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecodeHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    DecoderFuzzing.run(data, size) { try HEIFCodec.decode($0, minimumSide: $1, limits: $2) }
}
