/// BMP decoding in Swift, with every offset checked against the file: Windows bitmaps with a
/// BITMAPINFOHEADER or its V4/V5 extensions, 1, 4 and 8-bit palettes, 16, 24 and 32-bit pixels (BI_RGB or
/// BI_BITFIELDS masks, alpha when a mask or the samples carry it), bottom-up or top-down. Run-length coded
/// and embedded JPEG/PNG bitmaps are refused by name; OS/2 core headers are refused as unsupported.
package enum BMPCodec {
    /// The fields of the file and info headers that decoding uses.
    private struct Header {
        var width: Int
        var height: Int
        var topDown: Bool
        var bitsPerPixel: Int
        var compression: Int
        var pixelOffset: Int
        var infoSize: Int
        var paletteCount: Int
        var masks: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32)?
    }

    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    private static func corrupt(_ detail: String) -> CodecError { .corruptImage(format: "BMP", detail: detail) }

    /// The headers, checked for a layout this decoder reads (but not yet against the file's length).
    private static func header(_ bytes: [UInt8]) throws(CodecError) -> Header {
        guard bytes.count >= 26 else { throw corrupt("the file ends inside its header") }
        let infoSize = Int(uint32(bytes, 14))
        guard infoSize >= 40 else {
            throw .unsupportedVariant(format: "BMP", detail: "an OS/2 bitmap (\(infoSize)-byte header)")
        }
        // Sizes beyond V5's 124 bytes are defined by no version of the format, but the fields read here are all
        // in the first 40 (the colour masks in the next 16), so such a header is read as a V5 one.
        guard bytes.count >= 14 + infoSize else { throw corrupt("the file ends inside its header") }
        let rawHeight = Int32(bitPattern: uint32(bytes, 22))
        var header = Header(
            width: Int(Int32(bitPattern: uint32(bytes, 18))), height: Int(rawHeight.magnitude), topDown: rawHeight < 0,
            bitsPerPixel: uint16(bytes, 28), compression: Int(uint32(bytes, 30)), pixelOffset: Int(uint32(bytes, 10)),
            infoSize: infoSize, paletteCount: Int(uint32(bytes, 46)), masks: nil)
        switch (header.compression, header.bitsPerPixel) {
        case (0, 1), (0, 4), (0, 8), (0, 24):
            break
        case (0, 16):
            header.masks = (0x7C00, 0x03E0, 0x001F, 0)
        case (0, 32):
            // 32-bit BI_RGB: the fourth byte is unused in most files (all zero), alpha in some: decided later.
            header.masks = (0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000)
        case (3, 16), (3, 32), (6, 16), (6, 32):
            // The masks follow a 40-byte header (BI_BITFIELDS) or lie inside a V4/V5 header.
            let hasAlphaMask = header.compression == 6 || infoSize >= 56
            guard bytes.count >= 14 + 40 + (hasAlphaMask ? 16 : 12) else {
                throw corrupt("the file ends inside its colour masks")
            }
            header.masks = (
                uint32(bytes, 54), uint32(bytes, 58), uint32(bytes, 62), hasAlphaMask ? uint32(bytes, 66) : 0
            )
        case (1, _), (2, _):
            throw .unsupportedVariant(format: "BMP", detail: "run-length coded pixels")
        case (4, _), (5, _):
            throw .unsupportedVariant(format: "BMP", detail: "embedded JPEG or PNG data")
        default:
            throw corrupt(
                "\(header.bitsPerPixel) bits per pixel with compression \(header.compression) is no valid layout")
        }
        return header
    }

    private static func decode(_ bytes: [UInt8], limits: ImageLimits) throws(CodecError) -> RGBAImage {
        let header = try header(bytes)
        let width = header.width, height = header.height
        let byteCount = try limits.checkDimensions(width: width, height: height)
        // Rows are padded to 4 bytes.
        let rowBytes = (width * header.bitsPerPixel + 31) / 32 * 4
        let (dataBytes, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow, header.pixelOffset >= 14 + header.infoSize, header.pixelOffset <= bytes.count,
            dataBytes <= bytes.count - header.pixelOffset
        else {
            throw corrupt("the pixel data is cut short (\(bytes.count) bytes for a \(width)x\(height) bitmap)")
        }
        let palette = try palette(bytes, header: header)
        var pixels = [UInt8](repeating: 255, count: byteCount)
        var anyAlpha = false
        bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                for row in 0..<height {
                    let source = header.pixelOffset + row * rowBytes
                    let y = header.topDown ? row : height - 1 - row
                    for x in 0..<width {
                        let target = (y * width + x) * 4
                        switch header.bitsPerPixel {
                        case 1, 4, 8:
                            let bits = header.bitsPerPixel
                            let byte = Int(input[source + x * bits / 8])
                            let shift = 8 - bits - (x * bits % 8)
                            let index = byte >> shift & (1 << bits - 1)
                            let color = index < palette.count ? palette[index] : (0, 0, 0)
                            (output[target], output[target + 1], output[target + 2]) = color
                        case 24:
                            let offset = source + x * 3
                            (output[target], output[target + 1], output[target + 2]) =
                                (input[offset + 2], input[offset + 1], input[offset])
                        default:
                            let masks = header.masks!
                            let bytesPerPixel = header.bitsPerPixel / 8
                            let offset = source + x * bytesPerPixel
                            var value = UInt32(input[offset]) | UInt32(input[offset + 1]) << 8
                            if bytesPerPixel == 4 {
                                value |= UInt32(input[offset + 2]) << 16 | UInt32(input[offset + 3]) << 24
                            }
                            output[target] = sample(value, mask: masks.red)
                            output[target + 1] = sample(value, mask: masks.green)
                            output[target + 2] = sample(value, mask: masks.blue)
                            if masks.alpha != 0 {
                                output[target + 3] = sample(value, mask: masks.alpha)
                                anyAlpha = anyAlpha || output[target + 3] != 0
                            }
                        }
                    }
                }
                // A 32-bit bitmap whose alpha samples are all zero has no alpha: it is opaque, as viewers show it.
                if header.masks.map({ $0.alpha != 0 }) == true, !anyAlpha {
                    for index in stride(from: 3, to: output.count, by: 4) { output[index] = 255 }
                }
            }
        }
        guard let image = RGBAImage(width: width, height: height, pixels: pixels) else {
            throw .emptyImage(width: width, height: height)
        }
        return image
    }

    /// The palette of a 1, 4 or 8-bit bitmap (blue, green, red, unused per entry), as RGB.
    private static func palette(_ bytes: [UInt8], header: Header) throws(CodecError) -> [(UInt8, UInt8, UInt8)] {
        guard header.bitsPerPixel <= 8 else { return [] }
        let count =
            header.paletteCount == 0 ? 1 << header.bitsPerPixel : min(header.paletteCount, 1 << header.bitsPerPixel)
        let start = 14 + header.infoSize
        guard start + count * 4 <= header.pixelOffset else { throw corrupt("the palette overlaps the pixel data") }
        return (0..<count).map { index in
            let offset = start + index * 4
            return (bytes[offset + 2], bytes[offset + 1], bytes[offset])
        }
    }

    /// The bits of `value` under `mask`, scaled to 0...255.
    private static func sample(_ value: UInt32, mask: UInt32) -> UInt8 {
        guard mask != 0 else { return 0 }
        let shift = UInt32(mask.trailingZeroBitCount)
        let maximum = UInt64(mask >> shift)
        let bits = UInt64((value & mask) >> shift)
        return UInt8((bits * 255 + maximum / 2) / maximum)
    }
}

extension ImageDecoder.Format {
    /// BMP (`BMPCodec`).
    package static let bmp = Self(decodable: "BMP")
}

extension BMPCodec: ImageFormatDecoder {
    package static var formats: [ImageDecoder.SupportedFormat] {
        [format(.bmp, colorHandling: "sRGB (embedded V5 profiles are ignored)")]
    }

    /// Decoded by this library itself (`ImageDecoder.builtIn`).
    package static var library: LinkedLibrary { ImageDecoder.builtIn }

    /// "BM", then an info header size from 12 (OS/2's, refused when decoded) to 65535 bytes: any size, so that a
    /// bitmap with a header of a size no version defines is named a BMP (and read when its first 40 bytes
    /// suffice), yet text starting "BM" (whose bytes 14 to 17 make a number of millions) is not.
    package static func sniff(_ bytes: [UInt8]) -> ImageDecoder.Format? {
        guard bytes.count >= 26, starts(bytes, withText: "BM") else { return nil }
        return (12...0xFFFF).contains(Int(uint32(bytes, 14))) ? .bmp : nil
    }

    package static func decodedSize(header: [UInt8], minimumSide: Int?) -> (width: Int, height: Int)? {
        guard let parsed = try? Self.header(header) else { return nil }
        return (parsed.width, parsed.height)
    }

    package static func decode(_ bytes: [UInt8], minimumSide: Int?, limits: ImageLimits) throws(CodecError) -> RGBAImage
    {
        guard !bytes.isEmpty else { throw .emptyFile }
        try limits.checkFileSize(bytes.count)
        return try decode(bytes, limits: limits)
    }
}
