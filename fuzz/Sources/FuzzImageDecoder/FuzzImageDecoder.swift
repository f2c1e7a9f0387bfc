import DecoderFuzzing
import GroupIcon

@testable import Imaging

/// `ImageDecoder.decode` (libpng, TurboJPEG, EXIF orientation, CMYK conversion, libwebp, giflib, libheif,
/// libtiff, the BMP decoder, Little CMS on embedded profiles; seeds of every format) on arbitrary bytes, the
/// format sniffed first as for a member photo; the checks are `DecoderFuzzing.run`'s.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    DecoderFuzzing.run(data, size) { try ImageDecoder.decode($0, minimumSide: $1, limits: $2) }
}
