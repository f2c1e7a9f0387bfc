import DecoderFuzzing

@testable import Imaging

/// `BMPCodec.decode` (chat-tui's own) called directly on arbitrary bytes, without `ImageDecoder`'s sniffing in front, so
/// every input reaches the decoder; the checks are `DecoderFuzzing.run`'s.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecodeBMP(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    DecoderFuzzing.run(data, size) { try BMPCodec.decode($0, minimumSide: $1, limits: $2) }
}
