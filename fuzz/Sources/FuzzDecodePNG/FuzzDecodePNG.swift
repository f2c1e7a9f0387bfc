import DecoderFuzzing

@testable import Imaging

/// `PNGCodec.decode` (libpng) called directly on arbitrary bytes, without `ImageDecoder`'s sniffing in front, so
/// every input reaches the decoder; the checks are `DecoderFuzzing.run`'s.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecodePNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    DecoderFuzzing.run(data, size) { try PNGCodec.decode($0, minimumSide: $1, limits: $2) }
}
