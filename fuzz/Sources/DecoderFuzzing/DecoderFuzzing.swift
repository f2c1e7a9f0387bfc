import GroupIcon

/// The check every image-decoding fuzz target makes (`FuzzImageDecoder` through the sniffing `ImageDecoder`, each
/// `FuzzDecode*` on one codec directly), so that they differ only in the decoder they call.
package enum DecoderFuzzing {
    /// Limits small enough that the fuzzer cannot spend its time on big allocations; the header checks against
    /// them are part of what is fuzzed.
    package static let limits = ImageLimits(maxSide: 1024, maxPixels: 1 << 18, maxFileBytes: 1 << 20, maxFrames: 64)

    /// Decodes libFuzzer's input with `decode`: it must return an image within `limits`, its pixel buffer the
    /// size its dimensions say, or throw; a trap, a leak or an inconsistent image is a finding. The last byte
    /// picks the minimum side asked for (none, or 1...127), so JPEG's scaled decodes are covered too.
    package static func run(
        _ data: UnsafePointer<UInt8>, _ size: Int,
        decode: ([UInt8], _ minimumSide: Int?, ImageLimits) throws -> RGBAImage
    ) -> Int32 {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        let minimumSide = bytes.last.flatMap { $0 < 128 ? nil : Int($0 - 127) }
        guard let image = try? decode(bytes, minimumSide, limits) else { return 0 }
        guard image.width > 0, image.height > 0, image.width <= limits.maxSide, image.height <= limits.maxSide,
            image.pixels.count == image.width * image.height * 4
        else {
            fatalError("decoded an inconsistent \(image.width)x\(image.height) image of \(image.pixels.count) bytes")
        }
        return 0
    }
}
