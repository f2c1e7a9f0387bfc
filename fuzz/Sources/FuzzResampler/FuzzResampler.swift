import GroupIcon

@testable import Imaging

/// `Resampler.resample` (block averaging over 16-byte loads, the translucent fallback, both Lanczos passes and
/// the straight-alpha conversion, all on unsafe buffers) with sources, frames and regions taken from arbitrary
/// bytes: it must return exactly the region's pixels, keep an opaque source opaque and a uniform one uniform,
/// and never read or write outside its buffers (AddressSanitizer watches that).
///
/// Layout of an input: source width and height (two bytes each, 1...640), the frame's origin and size and the
/// region's origin and size (two bytes each), one flag byte (bit 0: make the source opaque, bit 1: make it one
/// colour), then pixel bytes, repeated to fill the source.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResampler(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let header = 2 * 10 + 1
    guard size > header else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    func word(_ index: Int) -> Int { Int(bytes[2 * index]) << 8 | Int(bytes[2 * index + 1]) }
    let width = word(0) % 640 + 1, height = word(1) % 640 + 1
    // Frame sides from 1/16 px to 4096 px (reductions past the largest block included), anywhere near the source.
    let frame = Rect(
        x: Double(word(2)) / 16 - 2048, y: Double(word(3)) / 16 - 2048,
        width: Double(word(4) % 65536 + 1) / 16, height: Double(word(5) % 65536 + 1) / 16)
    let region = PixelBox(x: word(6) % 512 - 256, y: word(7) % 512 - 256, width: word(8) % 48, height: word(9) % 48)
    let flags = bytes[2 * 10]
    let opaque = flags & 1 != 0, uniform = flags & 2 != 0
    let pixelBytes = bytes[(header)...]
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<pixels.count {
        let channel = i % 4
        let value = pixelBytes[pixelBytes.startIndex + (uniform ? channel : i) % pixelBytes.count]
        pixels[i] = opaque && channel == 3 ? 255 : value
    }
    guard let source = RGBAImage(width: width, height: height, pixels: pixels) else { return 0 }

    guard let result = Resampler.resample(source, frame: frame, region: region) else {
        guard region.width == 0 || region.height == 0 else { fatalError("no pixels for a non-empty region \(region)") }
        return 0
    }
    guard result.width == region.width, result.height == region.height,
        result.pixels.count == region.width * region.height * 4
    else {
        fatalError("\(result.width)x\(result.height) pixels for region \(region)")
    }
    for index in stride(from: 0, to: result.pixels.count, by: 4) {
        if opaque, result.pixels[index + 3] != 255 {
            fatalError("an opaque \(width)x\(height) source gave alpha \(result.pixels[index + 3]) for \(frame)")
        }
        if opaque, uniform, Array(result.pixels[index..<index + 4]) != Array(source.pixels[0..<4]) {
            fatalError("a uniform \(width)x\(height) source changed colour for \(frame), region \(region)")
        }
    }
    return 0
}
