import CTIFF

/// TIFF decoding through libtiff's RGBA interface: the first page in any layout libtiff's `TIFFRGBAImage`
/// reads (bilevel, grey, palette, RGB, CMYK, YCbCr, 8 or 16 bits, strips or tiles, any compression it was
/// built with), upright by its Orientation tag, with an ICC profile tag converted to sRGB. 16-bit RGB and
/// RGBA in strips also decode to their 16-bit samples (`decodeDeep`).
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
        if let profile = iccProfile(of: tiff) { ColorManagement.convertToSRGB(&image, profile: profile) }
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

extension TIFFCodec: ImageFormatDecoder {
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
