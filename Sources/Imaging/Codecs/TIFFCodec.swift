import CTIFF

/// TIFF decoding through libtiff's RGBA interface: the first page in any layout libtiff's `TIFFRGBAImage`
/// reads (bilevel, grey, palette, RGB, CMYK, YCbCr, 8 or 16 bits, strips or tiles, any compression it was
/// built with), upright by its Orientation tag, with an ICC profile tag converted to sRGB (grey and CMYK ones
/// too). The grey, RGB and CMYK layouts that interface refuses (integer samples of other depths from 1 to 16
/// bits, 32- and 64-bit floats) and CMYK with a profile are read sample by sample (`TIFFSamples`); any other
/// layout is refused by name. 16-bit RGB and RGBA in strips also decode to their 16-bit samples
/// (`decodeDeep`).
///
/// The only file that imports libtiff.
package enum TIFFCodec {
    /// The buffer libtiff reads through the client callbacks, and the first message it reported.
    private final class MemoryFile {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
        /// Where libtiff's error handler writes its first message (256 bytes, NUL-terminated).
        let message = UnsafeMutablePointer<CChar>.allocate(capacity: 256)

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            message.initialize(repeating: 0, count: 256)
        }

        deinit { message.deallocate() }

        static func from(_ handle: thandle_t?) -> MemoryFile {
            Unmanaged<MemoryFile>.fromOpaque(handle!).takeUnretainedValue()
        }
    }

    private static let read: TIFFReadWriteProc = { handle, target, count in
        let file = MemoryFile.from(handle)
        let length = max(0, min(Int(count), file.bytes.count - file.offset))
        if length > 0, let target { target.copyMemory(from: file.bytes.baseAddress! + file.offset, byteCount: length) }
        file.offset += length
        return tmsize_t(length)
    }
    private static let write: TIFFReadWriteProc = { _, _, _ in 0 }
    private static let seek: TIFFSeekProc = { handle, offset, whence in
        let file = MemoryFile.from(handle)
        let base: Int
        switch whence {
        case SEEK_CUR: base = file.offset
        case SEEK_END: base = file.bytes.count
        default: base = 0
        }
        // toff_t is unsigned: a backward SEEK_CUR arrives wrapped, which the bit pattern undoes.
        let (target, overflow) = base.addingReportingOverflow(Int(truncatingIfNeeded: offset))
        guard !overflow, target >= 0 else { return toff_t.max }
        file.offset = target
        return toff_t(target)
    }
    private static let close: TIFFCloseProc = { _ in 0 }
    private static let size: TIFFSizeProc = { handle in toff_t(MemoryFile.from(handle).bytes.count) }
    private static let map: TIFFMapFileProc = { _, _, _ in 0 }
    private static let unmap: TIFFUnmapFileProc = { _, _, _ in }

    /// Decodes the first page of a 16-bit RGB or RGBA TIFF (unsigned samples, contiguous, in strips) to its
    /// 16-bit samples (`RGBA16Image`) in sRGB, upright, through its ICC profile as `decode` converts at 8 bits;
    /// nil for any other TIFF (grey, palette, 8 bits, planes, tiles), which `decode` reads at 8 bits.
    ///
    /// The size is checked against `limits` at 8 bytes a pixel before any pixel memory is allocated. Alpha is
    /// as libtiff's 8-bit reader takes it: unassociated when the ExtraSamples tag says so, else associated.
    package static func decodeDeep(_ bytes: [UInt8], limits: ImageLimits = .init()) throws(CodecError)
        -> RGBA16Image?
    {
        guard !bytes.isEmpty else { throw .emptyFile }
        try limits.checkFileSize(bytes.count)
        guard sniff(bytes) != nil else { return nil }
        let result = bytes.withUnsafeBufferPointer { input in
            Result { () throws(CodecError) -> RGBA16Image? in
                try withTIFF(input, maxAllocation: limits.maxPixels * 8) { tiff, file throws(CodecError) in
                    try deepFirstPage(of: tiff, file: file, limits: limits)
                }
            }
        }
        return try result.get()
    }

    private static func decode(_ input: UnsafeBufferPointer<UInt8>, limits: ImageLimits) throws(CodecError) -> RGBAImage
    {
        try withTIFF(input, maxAllocation: limits.maxPixels * 4) { tiff, file throws(CodecError) in
            try firstPage(of: tiff, file: file, limits: limits)
        }
    }

    /// Calls `body` with libtiff reading `input`; no single allocation by libtiff beyond `maxAllocation`, the
    /// largest decoded image the limits allow.
    private static func withTIFF<Decoded>(
        _ input: UnsafeBufferPointer<UInt8>, maxAllocation: Int,
        _ body: (OpaquePointer, MemoryFile) throws(CodecError) -> Decoded
    ) throws(CodecError) -> Decoded {
        let file = MemoryFile(bytes: input)
        return try withExtendedLifetime(file) { () throws(CodecError) -> Decoded in
            guard let options = TIFFOpenOptionsAlloc() else {
                throw .decoderUnavailable(detail: "libtiff could not allocate its options (out of memory?)")
            }
            defer { TIFFOpenOptionsFree(options) }
            let handle = Unmanaged.passUnretained(file).toOpaque()
            ctiff_set_message_handlers(options, file.message)
            TIFFOpenOptionsSetMaxSingleMemAlloc(options, tmsize_t(clamping: maxAllocation))
            // "m": never memory-map (there is no file), reading only.
            guard
                let tiff = TIFFClientOpenExt(
                    "memory", "rm", handle, read, write, seek, close, size, map, unmap,
                    options)
            else { throw corrupt(file) }
            defer { TIFFClose(tiff) }
            return try body(tiff, file)
        }
    }

    private static func corrupt(_ file: MemoryFile) -> CodecError {
        let message = String(cString: file.message)
        return .corruptImage(format: "TIFF", detail: message.isEmpty ? "libtiff could not read it" : message)
    }

    private static func firstPage(
        of tiff: OpaquePointer, file: MemoryFile,
        limits: ImageLimits
    ) throws(CodecError) -> RGBAImage {
        var width: UInt32 = 0, height: UInt32 = 0
        guard ctiff_get_uint32(tiff, UInt32(TIFFTAG_IMAGEWIDTH), &width) == 1,
            ctiff_get_uint32(tiff, UInt32(TIFFTAG_IMAGELENGTH), &height) == 1
        else {
            throw .corruptImage(format: "TIFF", detail: "the first page has no image size")
        }
        let byteCount = try limits.checkDimensions(width: Int(width), height: Int(height))
        var orientation: UInt16 = 1
        _ = ctiff_get_uint16(tiff, UInt32(TIFFTAG_ORIENTATION), &orientation)
        if !(1...8).contains(orientation) { orientation = 1 }
        let profile = iccProfile(of: tiff)
        let layout = TIFFSamples.Layout(tiff)
        // CMYK with a profile is read from its inks, which Little CMS converts; libtiff's RGBA interface would
        // turn them into RGB by the naive ink model first.
        if layout.unsupportedReason == nil, !layout.rgbaInterfaceReads || (layout.isCMYK && profile != nil) {
            let samples = try TIFFSamples(
                tiff, width: Int(width), height: Int(height), layout: layout, limits: limits,
                fail: { corrupt(file) })
            guard var image = samples.rgbaImage(profile: profile) else {
                throw .emptyImage(width: Int(width), height: Int(height))
            }
            image = EXIFOrientation.apply(Int(orientation), to: image)
            if let profile, !layout.isCMYK { ColorManagement.convertToSRGB(&image, profile: profile) }
            return image
        }
        var refusal = [CChar](repeating: 0, count: 1024)
        guard TIFFRGBAImageOK(tiff, &refusal) == 1 else {
            let libtiffReason = String(
                decoding: refusal.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .unsupportedVariant(format: "TIFF", detail: layout.unsupportedReason ?? libtiffReason)
        }
        var raster = [UInt32](repeating: 0, count: byteCount / 4)
        // Asking for the file's own orientation makes libtiff flip nothing: the rows come in stored order, top
        // first, and the orientation is applied here, as for JPEG (libtiff does not rotate the 90-degree ones).
        let status = raster.withUnsafeMutableBufferPointer { buffer in
            TIFFReadRGBAImageOriented(tiff, width, height, buffer.baseAddress, Int32(orientation), 1)
        }
        guard status == 1 else { throw corrupt(file) }
        var image = EXIFOrientation.apply(
            Int(orientation),
            to: straightAlphaImage(raster, width: Int(width), height: Int(height)))
        if let profile { ColorManagement.convertToSRGB(&image, profile: profile) }
        return image
    }

    /// The page's ICC profile tag, nil when there is none or it is larger than any real profile.
    private static func iccProfile(of tiff: OpaquePointer) -> [UInt8]? {
        var count: UInt32 = 0
        var data: UnsafeMutableRawPointer?
        guard ctiff_get_icc_profile(tiff, &count, &data) == 1, let data, count > 0,
            Int(count) <= ColorManagement.maxProfileBytes
        else { return nil }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(count)))
    }

    /// A 16-bit tag's value, `fallback` when the page does not set it.
    private static func field(_ tiff: OpaquePointer, _ tag: Int32, fallback: UInt16) -> UInt16 {
        var value: UInt16 = 0
        return ctiff_get_uint16(tiff, UInt32(tag), &value) == 1 ? value : fallback
    }

    /// `decodeDeep`'s page: nil unless the layout is one it reads.
    private static func deepFirstPage(
        of tiff: OpaquePointer, file: MemoryFile, limits: ImageLimits
    ) throws(CodecError) -> RGBA16Image? {
        let samplesPerPixel = Int(field(tiff, TIFFTAG_SAMPLESPERPIXEL, fallback: 1))
        guard field(tiff, TIFFTAG_BITSPERSAMPLE, fallback: 1) == 16, samplesPerPixel == 3 || samplesPerPixel == 4,
            field(tiff, TIFFTAG_PHOTOMETRIC, fallback: 0) == PHOTOMETRIC_RGB,
            field(tiff, TIFFTAG_PLANARCONFIG, fallback: UInt16(PLANARCONFIG_CONTIG)) == PLANARCONFIG_CONTIG,
            field(tiff, TIFFTAG_SAMPLEFORMAT, fallback: UInt16(SAMPLEFORMAT_UINT)) == SAMPLEFORMAT_UINT,
            TIFFIsTiled(tiff) == 0
        else { return nil }
        var width: UInt32 = 0, height: UInt32 = 0
        guard ctiff_get_uint32(tiff, UInt32(TIFFTAG_IMAGEWIDTH), &width) == 1,
            ctiff_get_uint32(tiff, UInt32(TIFFTAG_IMAGELENGTH), &height) == 1
        else {
            throw .corruptImage(format: "TIFF", detail: "the first page has no image size")
        }
        let byteCount = try limits.checkDimensions(width: Int(width), height: Int(height), bytesPerPixel: 8)
        let rowSamples = Int(width) * samplesPerPixel
        guard TIFFScanlineSize64(tiff) == UInt64(rowSamples * 2) else { throw corrupt(file) }
        var extraCount: UInt16 = 0
        var extraKinds: UnsafeMutablePointer<UInt16>?
        let unassociated =
            samplesPerPixel == 4 && ctiff_get_extra_samples(tiff, &extraCount, &extraKinds) == 1 && extraCount == 1
            && extraKinds?.pointee == UInt16(EXTRASAMPLE_UNASSALPHA)
        var samples = [UInt16](repeating: 0, count: byteCount / 2)
        var row = [UInt16](repeating: 0, count: rowSamples)
        try samples.withUnsafeMutableBufferPointer { (output) throws(CodecError) in
            try row.withUnsafeMutableBufferPointer { (row) throws(CodecError) in
                for y in 0..<Int(height) {
                    // libtiff decodes each row in the host's byte order.
                    guard TIFFReadScanline(tiff, row.baseAddress, UInt32(y), 0) == 1 else { throw corrupt(file) }
                    var index = y * Int(width) * 4
                    for start in stride(from: 0, to: rowSamples, by: samplesPerPixel) {
                        let alpha = samplesPerPixel == 4 ? row[start + 3] : 65535
                        for channel in 0..<3 {
                            let value = row[start + channel]
                            output[index + channel] =
                                unassociated && alpha != 65535
                                ? UInt16((UInt32(value) * UInt32(alpha) + 32767) / 65535)
                                // Associated alpha: a colour sample never above its alpha.
                                : min(value, alpha)
                        }
                        output[index + 3] = alpha
                        index += 4
                    }
                }
            }
        }
        guard var image = RGBA16Image(width: Int(width), height: Int(height), samples: samples) else {
            throw .emptyImage(width: Int(width), height: Int(height))
        }
        let orientation = Int(field(tiff, TIFFTAG_ORIENTATION, fallback: 1))
        image = EXIFOrientation.apply(orientation, to: image)
        if let profile = iccProfile(of: tiff) { ColorManagement.convertToSRGB(&image, profile: profile) }
        return image
    }

    /// libtiff's packed ABGR words (red in the low byte, alpha premultiplied) as straight-alpha RGBA bytes.
    private static func straightAlphaImage(_ raster: [UInt32], width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: raster.count * 4)
        pixels.withUnsafeMutableBufferPointer { output in
            raster.withUnsafeBufferPointer { input in
                for index in 0..<input.count {
                    let word = input[index]
                    let alpha = UInt32(word >> 24)
                    for channel in 0..<3 {
                        let value = word >> (8 * UInt32(channel)) & 0xFF
                        output[index * 4 + channel] =
                            alpha == 255 || alpha == 0
                            ? UInt8(value) : UInt8(min(255, (value * 255 + alpha / 2) / alpha))
                    }
                    output[index * 4 + 3] = UInt8(alpha)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)!
    }
}

extension ImageDecoder.Format {
    /// TIFF (`TIFFCodec`).
    package static let tiff = Self(decodable: "TIFF")
}

extension TIFFCodec: ImageFormatDecoder {
    package static var formats: [ImageDecoder.SupportedFormat] {
        [format(.tiff, colorHandling: "ICC profile tag (RGB, grey or CMYK) converted to sRGB; first page")]
    }

    /// The first line of `TIFFGetVersion()`, "LIBTIFF, Version 4.5.0".
    package static var library: LinkedLibrary {
        let text = String(cString: TIFFGetVersion()).split(separator: "\n").first ?? ""
        return LinkedLibrary(name: "libtiff", version: String(text.split(separator: " ").last ?? "unknown"))
    }

    package static func sniff(_ bytes: [UInt8]) -> ImageDecoder.Format? {
        // Classic TIFF and BigTIFF, little- and big-endian.
        let signatures: [[UInt8]] = [
            [0x49, 0x49, 0x2A, 0], [0x4D, 0x4D, 0, 0x2A], [0x49, 0x49, 0x2B, 0], [0x4D, 0x4D, 0, 0x2B],
        ]
        return signatures.contains { starts(bytes, with: $0) } ? .tiff : nil
    }

    /// The size lies in the first IFD, anywhere in the file: not estimated from a header.
    package static func decodedSize(header: [UInt8], minimumSide: Int?) -> (width: Int, height: Int)? { nil }

    package static func decode(_ bytes: [UInt8], minimumSide: Int?, limits: ImageLimits) throws(CodecError) -> RGBAImage
    {
        guard !bytes.isEmpty else { throw .emptyFile }
        try limits.checkFileSize(bytes.count)
        let result = bytes.withUnsafeBufferPointer { input in
            Result { () throws(CodecError) -> RGBAImage in try decode(input, limits: limits) }
        }
        return try result.get()
    }
}

// MARK: - Samples read directly

/// The samples of a TIFF page as libtiff stores them, for the layouts its RGBA interface (`TIFFRGBAImage`)
/// refuses or would convert without the page's colour profile: grey, RGB and CMYK of any integer depth from 1
/// to 16 bits or in 32- and 64-bit floating point, contiguous or in planes, in strips or tiles; and CMYK with
/// an ICC profile, which Little CMS converts from the inks themselves.
struct TIFFSamples {
    /// The page's fields that say how its samples are laid out.
    struct Layout {
        var photometric: Int
        var bitsPerSample: Int
        var samplesPerPixel: Int
        var sampleFormat: Int
        var planar: Bool
        var inkSet: Int
        /// Whether the first extra sample is alpha, and whether it is associated (premultiplied).
        var alpha: (present: Bool, associated: Bool)

        /// The colour samples of a pixel before its extra ones: 1 grey, 3 RGB, 4 CMYK; nil for other models.
        var colorSamples: Int? {
            switch Int32(photometric) {
            case PHOTOMETRIC_MINISBLACK, PHOTOMETRIC_MINISWHITE: return 1
            case PHOTOMETRIC_RGB: return 3
            case PHOTOMETRIC_SEPARATED where inkSet == Int(INKSET_CMYK): return 4
            default: return nil
            }
        }

        var isCMYK: Bool { colorSamples == 4 }

        /// Whether libtiff's RGBA interface reads these samples: unsigned 8 or 16 bits (CMYK 8 only), grey
        /// also 1, 2 or 4.
        var rgbaInterfaceReads: Bool {
            guard Int32(sampleFormat) == SAMPLEFORMAT_UINT || Int32(sampleFormat) == SAMPLEFORMAT_VOID else {
                return false
            }
            return bitsPerSample == 8 || (bitsPerSample == 16 && !isCMYK)
                || (colorSamples == 1 && [1, 2, 4].contains(bitsPerSample))
        }

        /// Why `TIFFSamples` cannot read the layout, in words a message can carry; nil when it can.
        var unsupportedReason: String? {
            let model: String
            switch Int32(photometric) {
            case PHOTOMETRIC_MINISBLACK, PHOTOMETRIC_MINISWHITE: model = "grey"
            case PHOTOMETRIC_RGB: model = "RGB"
            case PHOTOMETRIC_SEPARATED: model = inkSet == Int(INKSET_CMYK) ? "CMYK" : "multi-ink (not CMYK)"
            case PHOTOMETRIC_PALETTE: model = "palette"
            case PHOTOMETRIC_YCBCR: model = "YCbCr"
            case PHOTOMETRIC_CIELAB, PHOTOMETRIC_ICCLAB, PHOTOMETRIC_ITULAB: model = "CIE L*a*b*"
            case PHOTOMETRIC_LOGL, PHOTOMETRIC_LOGLUV: model = "LogLuv"
            default: model = "photometric \(photometric)"
            }
            let bits = "\(bitsPerSample)-bit"
            switch Int32(sampleFormat) {
            case SAMPLEFORMAT_UINT, SAMPLEFORMAT_VOID:
                guard (1...16).contains(bitsPerSample) else { return "\(model) with \(bits) integer samples" }
            case SAMPLEFORMAT_IEEEFP:
                guard bitsPerSample == 32 || bitsPerSample == 64 else {
                    return "\(model) with \(bits) floating-point samples"
                }
            case SAMPLEFORMAT_INT: return "\(model) with \(bits) signed integer samples"
            default: return "\(model) with complex-number samples"
            }
            guard let colorSamples else { return "\(bits) \(model)" }
            guard samplesPerPixel >= colorSamples, samplesPerPixel <= 8 else {
                return "\(model) with \(samplesPerPixel) samples a pixel"
            }
            return nil
        }

        init(_ tiff: OpaquePointer) {
            func field(_ tag: Int32, _ fallback: UInt16) -> Int {
                var value: UInt16 = 0
                return Int(ctiff_get_uint16(tiff, UInt32(tag), &value) == 1 ? value : fallback)
            }
            photometric = field(TIFFTAG_PHOTOMETRIC, UInt16(PHOTOMETRIC_MINISWHITE))
            bitsPerSample = field(TIFFTAG_BITSPERSAMPLE, 1)
            samplesPerPixel = field(TIFFTAG_SAMPLESPERPIXEL, 1)
            sampleFormat = field(TIFFTAG_SAMPLEFORMAT, UInt16(SAMPLEFORMAT_UINT))
            planar = field(TIFFTAG_PLANARCONFIG, UInt16(PLANARCONFIG_CONTIG)) == PLANARCONFIG_SEPARATE
            inkSet = field(TIFFTAG_INKSET, UInt16(INKSET_CMYK))
            var count: UInt16 = 0
            var kinds: UnsafeMutablePointer<UInt16>?
            if ctiff_get_extra_samples(tiff, &count, &kinds) == 1, count > 0, let kind = kinds?.pointee,
                kind == EXTRASAMPLE_ASSOCALPHA || kind == EXTRASAMPLE_UNASSALPHA
            {
                alpha = (true, kind == EXTRASAMPLE_ASSOCALPHA)
            } else {
                alpha = (false, false)
            }
        }
    }

    let width: Int
    let height: Int
    let layout: Layout
    /// `layout.samplesPerPixel` samples a pixel, rows top first in stored order, each scaled to 0...65535.
    let samples: [UInt16]

    /// Reads every sample of the page; `fail` makes the error for a strip or tile libtiff cannot read.
    init(
        _ tiff: OpaquePointer, width: Int, height: Int, layout: Layout, limits: ImageLimits,
        fail: () -> CodecError
    ) throws(CodecError) {
        self.width = width
        self.height = height
        self.layout = layout
        let perPixel = layout.samplesPerPixel
        let byteCount = try limits.checkDimensions(width: width, height: height, bytesPerPixel: perPixel * 2)
        let planes = layout.planar ? perPixel : 1
        // Samples in one plane's row of the stored data: all of a pixel's when contiguous, one when planar.
        let interleaved = layout.planar ? 1 : perPixel
        // Not zeroed first, so that a file declaring a large image touches memory only as far as its data
        // reads: every sample is written when all strips or tiles read (tiles cover the image, planes every
        // sample), and a failed read throws the buffer away.
        var failure: CodecError?
        let samples = [UInt16](unsafeUninitializedCapacity: byteCount / 2) { output, initialized in
            initialized = output.count
            do throws(CodecError) {
                try Self.read(
                    tiff, into: output, width: width, height: height, layout: layout, limits: limits,
                    planes: planes, interleaved: interleaved, fail: fail)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        self.samples = samples
    }

    /// Reads every strip or tile of the page into `output` (see `init`).
    private static func read(
        _ tiff: OpaquePointer, into output: UnsafeMutableBufferPointer<UInt16>, width: Int, height: Int,
        layout: Layout, limits: ImageLimits, planes: Int, interleaved: Int, fail: () -> CodecError
    ) throws(CodecError) {
        let perPixel = layout.samplesPerPixel
        if TIFFIsTiled(tiff) != 0 {
            var tileWidth: UInt32 = 0, tileHeight: UInt32 = 0
            guard ctiff_get_uint32(tiff, UInt32(TIFFTAG_TILEWIDTH), &tileWidth) == 1,
                ctiff_get_uint32(tiff, UInt32(TIFFTAG_TILELENGTH), &tileHeight) == 1, tileWidth > 0,
                tileHeight > 0
            else { throw fail() }
            let tileBytes = Int(clamping: TIFFTileSize64(tiff))
            let rowBytes = Int(clamping: TIFFTileRowSize64(tiff))
            guard tileBytes > 0, rowBytes > 0, tileBytes <= limits.maxPixels * 8,
                rowBytes * Int(tileHeight) <= tileBytes
            else { throw fail() }
            var tile = [UInt8](repeating: 0, count: tileBytes)
            for plane in 0..<planes {
                for top in stride(from: 0, to: height, by: Int(tileHeight)) {
                    for left in stride(from: 0, to: width, by: Int(tileWidth)) {
                        let read = tile.withUnsafeMutableBytes {
                            TIFFReadTile(tiff, $0.baseAddress, UInt32(left), UInt32(top), 0, UInt16(plane))
                        }
                        guard read > 0 else { throw fail() }
                        for y in top..<min(height, top + Int(tileHeight)) {
                            let columns = min(Int(tileWidth), width - left)
                            tile.withUnsafeBufferPointer { tile in
                                Self.unpack(
                                    UnsafeBufferPointer(rebasing: tile[((y - top) * rowBytes)...]),
                                    count: columns * interleaved, layout: layout,
                                    into: output, at: (y * width + left) * perPixel + plane,
                                    stride: layout.planar ? perPixel : 1)
                            }
                        }
                    }
                }
            }
        } else {
            let rowBytes = Int(clamping: TIFFScanlineSize64(tiff))
            let needed = (width * interleaved * layout.bitsPerSample + 7) / 8
            guard rowBytes >= needed, needed > 0 else { throw fail() }
            var row = [UInt8](repeating: 0, count: rowBytes)
            for plane in 0..<planes {
                for y in 0..<height {
                    let read = row.withUnsafeMutableBytes {
                        TIFFReadScanline(tiff, $0.baseAddress, UInt32(y), UInt16(plane))
                    }
                    guard read == 1 else { throw fail() }
                    row.withUnsafeBufferPointer { row in
                        Self.unpack(
                            row, count: width * interleaved, layout: layout, into: output,
                            at: y * width * perPixel + plane, stride: layout.planar ? perPixel : 1)
                    }
                }
            }
        }
    }

    /// Writes `count` samples of a stored row to `output` from `start`, `stride` apart, scaled to 16 bits:
    /// integers of 1 to 16 bits (packed most significant bit first, 16-bit ones in the host's order, as libtiff
    /// hands them over), floats clamped to 0...1.
    private static func unpack(
        _ row: UnsafeBufferPointer<UInt8>, count: Int, layout: Layout, into output: UnsafeMutableBufferPointer<UInt16>,
        at start: Int, stride: Int
    ) {
        let bits = layout.bitsPerSample
        let raw = UnsafeRawBufferPointer(row)
        for index in 0..<count {
            let value: UInt16
            if Int32(layout.sampleFormat) == SAMPLEFORMAT_IEEEFP {
                let real =
                    bits == 32
                    ? Double(raw.loadUnaligned(fromByteOffset: index * 4, as: Float.self))
                    : raw.loadUnaligned(fromByteOffset: index * 8, as: Double.self)
                // NaN compares false both ways and ends at 0.
                value = real > 0 ? UInt16(min(1, real) * 65535 + 0.5) : 0
            } else if bits == 16 {
                value = raw.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)
            } else if bits == 8 {
                value = UInt16(row[index]) * 257
            } else {
                var sample = 0
                let first = index * bits
                for bit in first..<first + bits {
                    sample = sample << 1 | Int(row[bit >> 3] >> (7 - UInt8(bit & 7)) & 1)
                }
                let maximum = (1 << bits) - 1
                value = UInt16((sample * 65535 + maximum / 2) / maximum)
            }
            output[start + index * stride] = value
        }
    }

    /// The page as 8-bit straight-alpha RGBA: grey and RGB rounded from 16 bits, CMYK through `profile` when it
    /// is a CMYK profile (Little CMS), else by the naive ink model libtiff uses.
    func rgbaImage(profile: [UInt8]?) -> RGBAImage? {
        let perPixel = layout.samplesPerPixel
        let pixelCount = width * height
        let colorSamples = layout.colorSamples ?? 1
        var pixels = [UInt8](repeating: 255, count: pixelCount * 4)
        func eightBit(_ sample: UInt16) -> UInt8 { UInt8((UInt32(sample) * 255 + 32767) / 65535) }
        if layout.isCMYK {
            var inks = samples
            if perPixel != 4 {
                // The four inks of each pixel, without its extra samples.
                inks = [UInt16](repeating: 0, count: pixelCount * 4)
                for pixel in 0..<pixelCount {
                    for ink in 0..<4 { inks[pixel * 4 + ink] = samples[pixel * perPixel + ink] }
                }
            }
            if let profile, let converted = ColorManagement.convertCMYKToSRGB(inks, profile: profile) {
                pixels = converted
            } else {
                for pixel in 0..<pixelCount {
                    let k = 255 - Int(eightBit(inks[pixel * 4 + 3]))
                    for channel in 0..<3 {
                        pixels[pixel * 4 + channel] = UInt8(k * (255 - Int(eightBit(inks[pixel * 4 + channel]))) / 255)
                    }
                }
            }
        } else {
            let inverted = Int32(layout.photometric) == PHOTOMETRIC_MINISWHITE
            for pixel in 0..<pixelCount {
                for channel in 0..<3 {
                    let sample = samples[pixel * perPixel + (colorSamples == 1 ? 0 : channel)]
                    pixels[pixel * 4 + channel] = eightBit(inverted ? 65535 - sample : sample)
                }
            }
        }
        if layout.alpha.present, perPixel > colorSamples {
            for pixel in 0..<pixelCount {
                let alpha = samples[pixel * perPixel + colorSamples]
                pixels[pixel * 4 + 3] = eightBit(alpha)
                guard layout.alpha.associated, alpha != 65535 else { continue }
                for channel in 0..<3 {
                    let index = pixel * 4 + channel
                    pixels[index] =
                        alpha == 0
                        ? 0 : UInt8(min(255, (Int(pixels[index]) * 65535 + Int(alpha) / 2) / Int(alpha)))
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
