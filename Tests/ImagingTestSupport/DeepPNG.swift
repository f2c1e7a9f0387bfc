import Imaging

/// 16-bit PNGs made in the tests from their samples (the repo's PNG writer is 8-bit only), and the smooth
/// ramp the precision tests use.
package enum DeepPNG {
    /// A 16-bit RGBA (colour type 6) PNG of straight-alpha `samples` (`width * height * 4`, rows top to
    /// bottom), unfiltered, with `chunks` (whole chunks, e.g. `gAMA`) before the image data.
    package static func encode(width: Int, height: Int, samples: [UInt16], chunks: [[UInt8]] = []) throws -> [UInt8] {
        precondition(samples.count == width * height * 4)
        func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + width * 8))
        for y in 0..<height {
            raw.append(0)  // filter type None
            for sample in samples[(y * width * 4)..<((y + 1) * width * 4)] {
                raw.append(UInt8(sample >> 8)); raw.append(UInt8(sample & 0xFF))
            }
        }
        let compressed = try raw.withUnsafeBytes { bytes in try Libdeflate.zlibStream(of: bytes, level: 6) }
        let header = bigEndian(width) + bigEndian(height) + [16, 6, 0, 0, 0]
        return PNGCodec.signature + PNGWriter.chunk(type: "IHDR", data: header) + chunks.joined()
            + PNGWriter.chunk(type: "IDAT", data: compressed) + PNGWriter.chunk(type: "IEND", data: [])
    }

    /// An `iCCP` chunk holding `profile`, zlib-compressed, named "ICC".
    package static func iccProfileChunk(_ profile: [UInt8]) throws -> [UInt8] {
        let compressed = try profile.withUnsafeBytes { bytes in try Libdeflate.zlibStream(of: bytes, level: 6) }
        return PNGWriter.chunk(type: "iCCP", data: Array("ICC".utf8) + [0, 0] + compressed)
    }

    /// Opaque colours of 8-bit levels held at 16 bits (multiples of 257), `side * side` of them spread over the
    /// cube: values whose 8-bit decode is exact, so that 8- and 16-bit colour conversions can be compared.
    package static func levelGridSamples(side: Int) -> [UInt16] {
        var samples: [UInt16] = []
        samples.reserveCapacity(side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let levels = [x * 255 / (side - 1), y * 255 / (side - 1), (x * 7 + y * 13) % 256]
                samples += levels.map { UInt16($0 * 257) } + [65535]
            }
        }
        return samples
    }

    /// The 16-bit value of the horizontal ramp at source column `x` (and at a fractional source coordinate):
    /// 12 levels of 8-bit grey spread over 640 columns, so rounding to 8 bits first shows as steps.
    package static func rampValue(atColumn x: Double) -> Double { 25_000 + 5 * x }

    /// An opaque grey `width` x `height` image of `rampValue(atColumn:)`.
    package static func rampSamples(width: Int, height: Int) -> [UInt16] {
        var samples: [UInt16] = []
        samples.reserveCapacity(width * height * 4)
        for _ in 0..<height {
            for x in 0..<width {
                let value = UInt16(rampValue(atColumn: Double(x)))
                samples += [value, value, value, 65535]
            }
        }
        return samples
    }

    /// The 8-bit value (0...255, unrounded) a perfect resampling gives at output column `column` when a
    /// ramp `sourceWidth` wide fills `outputWidth` columns: Lanczos keeps a linear ramp linear away from the
    /// edges, so it is the ramp at the output pixel's centre mapped into the source.
    package static func referenceValue(column: Int, sourceWidth: Int, outputWidth: Int) -> Double {
        let centre = (Double(column) + 0.5) * Double(sourceWidth) / Double(outputWidth)
        return rampValue(atColumn: centre - 0.5) * 255 / 65535
    }
}
