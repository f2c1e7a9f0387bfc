import DecoderFuzzing

@testable import Imaging

/// `GIFCodec.decode` (giflib) called directly on arbitrary bytes, without `ImageDecoder`'s sniffing in front, so
/// every input reaches the decoder; the checks are `DecoderFuzzing.run`'s.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecodeGIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    DecoderFuzzing.run(data, size) { try GIFCodec.decode($0, minimumSide: $1, limits: $2) }
}
