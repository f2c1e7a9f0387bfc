import CPNG
import Foundation

/// PNG decoding through libpng's simplified API, which converts every colour type, bit depth, palette,
/// transparency chunk and interlace method to 8-bit RGBA (or, for 16-bit files, 16-bit RGBA: `decodeDeep`)
/// and needs no `setjmp` in Swift; encoding through
/// `PNGWriter` (libdeflate), with the text chunks made here.
///
/// The only file that imports libpng.
package enum PNGCodec {
    /// The 8-byte signature every PNG starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes a PNG to 8-bit straight-alpha RGBA. Animated PNGs decode to their default image.
    ///
    /// The header is read and checked against `limits` before any pixel memory is allocated. 16-bit images
    /// without colour-space chunks are taken to be sRGB-encoded, as nearly every real file is. libpng applies
    /// a `gAMA` chunk. The colour space, as the PNG specification ranks the chunks: an `iCCP` profile is
    /// converted to sRGB (`ColorManagement`); else an `sRGB` chunk means sRGB; else `cHRM` primaries other
    /// than sRGB's are converted through a profile built from them (`chromaticities(in:)`).
    package static func decode(_ bytes: [UInt8], limits: ImageLimits = .init()) throws(CodecError) -> RGBAImage {
        guard !bytes.isEmpty else { throw .emptyFile }
        try limits.checkFileSize(bytes.count)
        // libpng keeps reading from the input buffer until `png_image_finish_read`, so the whole decode
        // happens inside one buffer access.
        let result = bytes.withUnsafeBytes { input in
            Result { () throws(CodecError) -> RGBAImage in try decode(input, limits: limits) }
        }
        var image = try result.get()
        if let profile = iccProfile(in: bytes) {
            ColorManagement.convertToSRGB(&image, profile: profile)
        } else if sRGBIntent(in: bytes) == nil, let chromaticities = chromaticities(in: bytes),
            !chromaticities.isClose(to: .sRGB)
        {
            // libpng's simplified reader has already re-encoded the samples from the file's `gAMA` (or, without
            // one, taken them as sRGB-encoded) to its sRGB approximation, the power law 2.2, so that is the
            // curve of the profile; only the primaries and white remain to convert.
            ColorManagement.convertToSRGB(&image, chromaticities: chromaticities, gamma: 2.2)
        }
        return image
    }

    /// Decodes a 16-bit PNG to its 16-bit samples (`RGBA16Image`) in sRGB; nil for a PNG of 8 bits or fewer.
    ///
    /// The header is read and checked against `limits` at 8 bytes a pixel before any pixel memory is
    /// allocated. libpng's simplified reader gives 16-bit samples only as linear light with premultiplied
    /// alpha: a file without `gAMA` or `sRGB` chunks is read as linear, so its samples come out as stored
    /// (multiplied by alpha); a file with one is linearised from it and re-encoded here with the power law
    /// 1/2.2, the curve the 8-bit reader encodes to, in float. The colour space is then converted at 16 bits
    /// as `decode(_:limits:)` converts it at 8 (`ColorManagement`): the `iCCP` profile, else non-sRGB `cHRM`
    /// primaries.
    package static func decodeDeep(_ bytes: [UInt8], limits: ImageLimits = .init()) throws(CodecError)
        -> RGBA16Image?
    {
        guard !bytes.isEmpty else { throw .emptyFile }
        try limits.checkFileSize(bytes.count)
        guard bytes.count > 24, bytes.starts(with: signature), bytes[24] == 16 else { return nil }
        let profile = iccProfile(in: bytes)
        // libpng takes a few well-known sRGB profiles for an `sRGB` chunk and would linearise by it: read
        // without the profile, the samples come out as stored, to be converted through the profile here.
        let input = profile == nil ? bytes : removingChunks("iCCP", from: bytes)
        let result = input.withUnsafeBytes { input in
            Result { () throws(CodecError) -> RGBA16Image in try decodeDeep(input, limits: limits) }
        }
        var image = try result.get()
        let sRGBChunk = sRGBIntent(in: bytes) != nil
        if sRGBChunk || hasChunk("gAMA", in: bytes) { image = encodedFromLinear(image) }
        if let profile {
            ColorManagement.convertToSRGB(&image, profile: profile)
        } else if !sRGBChunk, let chromaticities = chromaticities(in: bytes), !chromaticities.isClose(to: .sRGB) {
            // As in `decode(_:limits:)`: the samples are in libpng's power law 2.2 by now.
            ColorManagement.convertToSRGB(&image, chromaticities: chromaticities, gamma: 2.2)
        }
        return image
    }

    /// `png` without its chunks of `type` (the rest, and anything after a malformed chunk, byte for byte).
    private static func removingChunks(_ type: String, from png: [UInt8]) -> [UInt8] {
        var kept = signature
        kept.reserveCapacity(png.count)
        var index = signature.count
        forEachChunk(in: png) { chunkType, data in
            let end = data.endIndex + 4
            if chunkType != type { kept += png[index..<end] }
            index = end
            return true
        }
        kept += png[index...]
        return kept
    }

    /// Whether a chunk of `type` comes before the image data.
    private static func hasChunk(_ type: String, in png: [UInt8]) -> Bool {
        var found = false
        forEachChunk(in: png) { chunkType, _ in
            found = chunkType == type
            return !found && chunkType != "IDAT"
        }
        return found
    }

    /// Linear-light premultiplied samples re-encoded with the power law 1/2.2 (libpng's sRGB approximation),
    /// still premultiplied.
    private static func encodedFromLinear(_ image: RGBA16Image) -> RGBA16Image {
        var samples = image.samples
        samples.withUnsafeMutableBufferPointer { samples in
            for i in stride(from: 0, to: samples.count, by: 4) {
                let alpha = Float(samples[i + 3])
                guard alpha > 0 else { continue }
                for channel in 0..<3 {
                    let linear = min(1, Float(samples[i + channel]) / alpha)
                    samples[i + channel] = UInt16(powf(linear, 0.45455) * alpha + 0.5)
                }
            }
        }
        return RGBA16Image(width: image.width, height: image.height, samples: samples) ?? image
    }

    /// The white point and primaries of the `cHRM` chunk before the image data (eight big-endian integers,
    /// 100000 times x and y of white, red, green, blue), nil when there is none or it is not 32 bytes long.
    package static func chromaticities(in png: [UInt8]) -> ColorManagement.Chromaticities? {
        var values: [Double]?
        forEachChunk(in: png) { type, data in
            if type == "cHRM", data.count == 32 {
                values = stride(from: data.startIndex, to: data.endIndex, by: 4).map { start in
                    Double(data[start..<start + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) / 100_000
                }
            }
            return values == nil && type != "IDAT"
        }
        guard let values else { return nil }
        typealias Point = ColorManagement.Chromaticities.Point
        return ColorManagement.Chromaticities(
            white: Point(x: values[0], y: values[1]), red: Point(x: values[2], y: values[3]),
            green: Point(x: values[4], y: values[5]), blue: Point(x: values[6], y: values[7]))
    }

    /// The decompressed ICC profile of the `iCCP` chunk before the image data, nil when there is none or
    /// it is damaged (the image is then shown as sRGB, as browsers do).
    package static func iccProfile(in png: [UInt8]) -> [UInt8]? {
        var profile: [UInt8]?
        forEachChunk(in: png) { type, data in
            // `data` is a slice of the file: its indices are the file's, so bounds are checked against its end.
            if type == "iCCP", let nameEnd = data.firstIndex(of: 0), nameEnd + 1 < data.endIndex,
                data[nameEnd + 1] == 0
            {
                profile = Libdeflate.inflatedZlibStream(
                    Array(data[(nameEnd + 2)...]),
                    maxBytes: ColorManagement.maxProfileBytes)
            }
            return profile == nil && type != "IDAT"
        }
        return profile
    }

    /// Calls `body` with each chunk's type and data in file order while it returns true; stops quietly at
    /// the first malformed chunk or at IEND.
    private static func forEachChunk(in png: [UInt8], _ body: (String, ArraySlice<UInt8>) -> Bool) {
        guard png.starts(with: signature) else { return }
        var index = signature.count
        while index + 12 <= png.count {
            let length = png[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[index + 4..<index + 8], as: UTF8.self)
            let dataStart = index + 8
            guard length <= png.count - dataStart - 4, type != "IEND",
                body(type, png[dataStart..<dataStart + length])
            else { break }
            index = dataStart + length + 4
        }
    }

    /// One text entry to store in a PNG: a Latin-1 keyword (1...79 printable characters) and any value.
    package typealias TextEntry = (keyword: String, value: String)

    /// Encodes `image` as an 8-bit PNG with `text` entries placed right after the IHDR chunk.
    ///
    /// A value made only of Latin-1 characters is stored as `tEXt`; any other value as uncompressed UTF-8
    /// `iTXt`, so names in any script survive. A fully opaque image is stored as RGB, any other as RGBA; both
    /// decode to exactly `image`. `compression` trades encoding time for file size (see `PNGCompression`).
    /// The file says that its pixels are in `colorSpace` (`colorSpaceChunk(_:)`, after the text, before the
    /// image data as the specification asks).
    package static func encode(
        _ image: RGBAImage, text: [TextEntry] = [],
        compression: PNGCompression = .default, colorSpace: ColorSpace = .srgb
    ) throws(CodecError) -> [UInt8] {
        let textChunks = try text.map { entry throws(CodecError) in try textChunk(for: entry) }
        return try PNGWriter.encode(
            image, chunksAfterHeader: textChunks + [try colorSpaceChunk(colorSpace)],
            deflateMethod: compression.deflateMethod, filterChoice: compression.filterChoice)
    }

    /// The chunk that tells readers the colour space: `sRGB` (13 bytes; rendering intent 0, perceptual) for
    /// sRGB, an `iCCP` chunk with the zlib-compressed Display P3 profile for P3.
    package static func colorSpaceChunk(_ colorSpace: ColorSpace) throws(CodecError) -> [UInt8] {
        switch colorSpace {
        case .srgb:
            return PNGWriter.chunk(type: "sRGB", data: [0])
        case .displayP3:
            return try displayP3ProfileChunk.get()
        }
    }

    /// The `iCCP` chunk of the Display P3 profile, made once.
    private static let displayP3ProfileChunk = ColorManagement.outputProfile(.displayP3).withUnsafeBytes { bytes in
        Result { () throws(CodecError) -> [UInt8] in
            let compressed = try Libdeflate.zlibStream(of: bytes, level: 12)
            // Profile name (Latin-1, 1...79 bytes), its terminator, compression method 0 (zlib).
            return PNGWriter.chunk(type: "iCCP", data: Array("Display P3".utf8) + [0, 0] + compressed)
        }
    }

    /// The rendering intent of the `sRGB` chunk before the image data, nil when there is none.
    package static func sRGBIntent(in png: [UInt8]) -> UInt8? {
        var intent: UInt8?
        forEachChunk(in: png) { type, data in
            if type == "sRGB", data.count == 1 { intent = data.first }
            return intent == nil && type != "IDAT"
        }
        return intent
    }

    /// The `tEXt` and uncompressed `iTXt` entries of a PNG, in file order; stops quietly at the first
    /// malformed chunk. Compressed text (`zTXt`, compressed `iTXt`) is skipped. A pure reader for tests and tools.
    package static func textChunks(in png: [UInt8]) -> [TextEntry] {
        var entries: [TextEntry] = []
        forEachChunk(in: png) { type, data in
            if type == "tEXt", let entry = parseLatin1Text(Array(data)) { entries.append(entry) }
            if type == "iTXt", let entry = parseInternationalText(Array(data)) { entries.append(entry) }
            return true
        }
        return entries
    }

    // MARK: - Decoding

    private static func decode(_ input: UnsafeRawBufferPointer, limits: ImageLimits) throws(CodecError) -> RGBAImage {
        let (width, height, pixels): (Int, Int, [UInt8]) = try read(
            input, limits: limits, format: CPNG_FORMAT_RGBA, flags: png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB))
        guard let decoded = RGBAImage(width: width, height: height, pixels: pixels) else {
            throw .emptyImage(width: width, height: height)
        }
        return decoded
    }

    private static func decodeDeep(_ input: UnsafeRawBufferPointer, limits: ImageLimits) throws(CodecError)
        -> RGBA16Image
    {
        let (width, height, samples): (Int, Int, [UInt16]) = try read(
            input, limits: limits,
            format: png_uint_32(PNG_FORMAT_FLAG_LINEAR | PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA))
        guard let decoded = RGBA16Image(width: width, height: height, samples: samples) else {
            throw .emptyImage(width: width, height: height)
        }
        return decoded
    }

    /// libpng's simplified read of `input` as four `Sample`s a pixel in `format`: the header first, its size
    /// checked against `limits` at the samples' size before the one allocation.
    private static func read<Sample: FixedWidthInteger>(
        _ input: UnsafeRawBufferPointer, limits: ImageLimits, format: png_uint_32, flags: png_uint_32 = 0
    ) throws(CodecError) -> (Int, Int, [Sample]) {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        // Frees libpng's state on every path; harmless after libpng has already freed it itself.
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_memory(&image, input.baseAddress, input.count) != 0 else {
            throw .corruptPNG(detail: message(of: image))
        }
        let width = Int(image.width), height = Int(image.height)
        let byteCount = try limits.checkDimensions(
            width: width, height: height, bytesPerPixel: 4 * MemoryLayout<Sample>.size)
        // The row stride counts components, not bytes.
        let rowStride = width * 4
        guard rowStride <= Int(Int32.max) else {
            throw .imageTooLarge(width: width, height: height, maxSide: limits.maxSide, maxPixels: limits.maxPixels)
        }
        image.format = format
        image.flags |= flags
        var samples = [Sample](repeating: 0, count: byteCount / MemoryLayout<Sample>.size)
        let finished = samples.withUnsafeMutableBytes { output in
            png_image_finish_read(&image, nil, output.baseAddress, png_int_32(rowStride), nil)
        }
        guard finished != 0 else { throw .corruptPNG(detail: message(of: image)) }
        return (width, height, samples)
    }

    /// libpng's message from the fixed-size C array in `png_image`, read without trusting a terminator.
    private static func message(of image: png_image) -> String {
        let text = withUnsafeBytes(of: image.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng reported no detail" : text
    }

    // MARK: - Text chunks

    private static func textChunk(for entry: TextEntry) throws(CodecError) -> [UInt8] {
        let keyword = try validatedKeyword(entry.keyword)
        guard !entry.value.unicodeScalars.contains("\u{0}") else {
            throw .invalidTextEntry(keyword: entry.keyword, reason: "the value contains a NUL character")
        }
        if let latin1Value = latin1Bytes(entry.value) {
            return PNGWriter.chunk(type: "tEXt", data: keyword + [0] + latin1Value)
        }
        // keyword, NUL, compression flag 0, compression method 0, empty language tag, NUL,
        // empty translated keyword, NUL, then the UTF-8 text.
        return PNGWriter.chunk(type: "iTXt", data: keyword + [0, 0, 0, 0, 0] + Array(entry.value.utf8))
    }

    /// The keyword as Latin-1 bytes, checked against the PNG rules for keywords.
    private static func validatedKeyword(_ keyword: String) throws(CodecError) -> [UInt8] {
        func invalid(_ reason: String) -> CodecError { .invalidTextEntry(keyword: keyword, reason: reason) }
        guard let bytes = latin1Bytes(keyword), (1...79).contains(bytes.count) else {
            throw invalid("a keyword must be 1 to 79 Latin-1 characters")
        }
        guard bytes.allSatisfy({ (32...126).contains($0) || (161...255).contains($0) }) else {
            throw invalid("a keyword may hold only printable characters")
        }
        guard bytes.first != 32, bytes.last != 32,
            !zip(bytes, bytes.dropFirst()).contains(where: { $0 == 32 && $1 == 32 })
        else {
            throw invalid("a keyword may not start or end with a space or hold two spaces in a row")
        }
        return bytes
    }

    private static func latin1Bytes(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            guard let byte = UInt8(exactly: scalar.value) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    private static func latin1String<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        String(String.UnicodeScalarView(bytes.map(Unicode.Scalar.init)))
    }

    // MARK: - Reading text chunks

    private static func parseLatin1Text(_ data: [UInt8]) -> TextEntry? {
        guard let separator = data.firstIndex(of: 0) else { return nil }
        return (latin1String(data[..<separator]), latin1String(data[(separator + 1)...]))
    }

    private static func parseInternationalText(_ data: [UInt8]) -> TextEntry? {
        guard let keywordEnd = data.firstIndex(of: 0), keywordEnd + 2 < data.count,
            data[keywordEnd + 1] == 0
        else { return nil }  // compressed text is skipped
        let languageStart = keywordEnd + 3
        guard let languageEnd = data[languageStart...].firstIndex(of: 0),
            let translatedEnd = data[(languageEnd + 1)...].firstIndex(of: 0)
        else { return nil }
        return (latin1String(data[..<keywordEnd]), String(decoding: data[(translatedEnd + 1)...], as: UTF8.self))
    }
}

extension ImageDecoder.Format {
    /// PNG (`PNGCodec`).
    package static let png = Self(decodable: "PNG")
}

extension PNGCodec: ImageFormatDecoder {
    package static var formats: [ImageDecoder.SupportedFormat] {
        [
            format(
                .png,
                colorHandling:
                    "iCCP profile (RGB or grey) converted to sRGB; gAMA applied by libpng; untagged files are sRGB")
        ]
    }

    /// A 16-bit file: IHDR's bit depth, byte 24.
    package static func hasDeepSamples(header: [UInt8]) -> Bool {
        header.count > 24 && header.starts(with: signature) && header[24] == 16
    }

    package static var library: LinkedLibrary {
        // xyyzz: 10639 is 1.6.39.
        let number = Int(png_access_version_number())
        return LinkedLibrary(name: "libpng", version: "\(number / 10000).\(number / 100 % 100).\(number % 100)")
    }

    package static func sniff(_ bytes: [UInt8]) -> ImageDecoder.Format? {
        if bytes.starts(with: signature) { return .png }
        return !bytes.isEmpty && signature.starts(with: bytes) ? .truncated(name: "PNG") : nil
    }

    /// From IHDR: the signature, IHDR's length and type, then width and height as big-endian 32-bit integers.
    package static func decodedSize(header: [UInt8], minimumSide: Int?) -> (width: Int, height: Int)? {
        guard header.count >= 24, header.starts(with: signature), header[12..<16].elementsEqual("IHDR".utf8) else {
            return nil
        }
        func uint32(at offset: Int) -> Int { header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (uint32(at: 16), uint32(at: 20))
    }

    /// PNG has no cheaper scale: `minimumSide` is ignored.
    package static func decode(_ bytes: [UInt8], minimumSide: Int?, limits: ImageLimits) throws(CodecError) -> RGBAImage
    {
        try decode(bytes, limits: limits)
    }
}
