/// Writes 8-bit PNG files: per-row filtering (`PNGRowFilter`) and one zlib stream made by libdeflate or zlib's
/// run-length coder, whichever suits the picture (`PNGDeflateMethod`, `PNGCompression`).
package enum PNGWriter {
    /// The longest chunk the PNG specification allows (2^31 - 1 bytes of data).
    package static let maximumChunkLength = Int(Int32.max)

    /// A complete PNG of `image`: signature, IHDR, `chunksAfterHeader` (complete chunks, e.g. text, as
    /// made by `chunk(type:data:)`), IDAT and IEND.
    ///
    /// A fully opaque image is stored as RGB (colour type 2) rather than RGBA (type 6): a quarter fewer bytes
    /// to filter and compress, and every decoder gives back alpha 255, so the decoded pixels are the same.
    /// `idatLength` caps each IDAT chunk (the image data is split over several when longer); tests lower it.
    package static func encode(
        _ image: RGBAImage, chunksAfterHeader: [[UInt8]], deflateMethod: PNGDeflateMethod,
        filterChoice: PNGFilterChoice,
        idatLength: Int = maximumChunkLength
    ) throws(CodecError) -> [UInt8] {
        guard image.width <= maximumChunkLength, image.height <= maximumChunkLength else {
            throw .pngEncodingFailed(
                detail: "image is \(image.width)x\(image.height) px: PNG allows at most 2147483647 px per side")
        }
        let opaque = image.isOpaque
        let filtered = try filteredRows(image, channels: opaque ? 3 : 4, filterChoice: filterChoice)
        let header = ihdrChunk(width: image.width, height: image.height, colorType: opaque ? 2 : 6)
        return try assemble(
            prefix: [PNGCodec.signature, header] + chunksAfterHeader, filtered: filtered,
            rowStride: image.width * (opaque ? 3 : 4) + 1, deflateMethod: deflateMethod,
            idatLength: max(1, min(idatLength, maximumChunkLength)))
    }

    /// A complete chunk: big-endian length, type, data and the CRC-32 of type and data.
    package static func chunk(type: String, data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndianBytes(UInt32(data.count)) + typeAndData + bigEndianBytes(crc32(typeAndData))
    }

    // MARK: - Pixels

    /// The filtered image data: each row a filter-type byte followed by its filtered bytes.
    private static func filteredRows(
        _ image: RGBAImage, channels: Int,
        filterChoice: PNGFilterChoice
    ) throws(CodecError) -> [UInt8] {
        let width = image.width, height = image.height
        let rowBytes = width.multipliedReportingOverflow(by: channels)
        let total = (rowBytes.partialValue + 1).multipliedReportingOverflow(by: height)
        guard !rowBytes.overflow, !total.overflow else {
            throw .pngEncodingFailed(detail: "image is \(width)x\(height) px: too large to encode")
        }
        let count = rowBytes.partialValue, stride = count + 1
        // Two packed rows for RGB (current and previous, swapped each row) plus the zero row the first row
        // is filtered against; RGBA rows are read straight from the image.
        var scratch = [UInt8](repeating: 0, count: channels == 4 ? count : 3 * count)
        return [UInt8](unsafeUninitializedCapacity: total.partialValue) { output, initialized in
            image.pixels.withUnsafeBufferPointer { pixels in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    guard let source = pixels.baseAddress, let rows = scratch.baseAddress,
                        let out = output.baseAddress
                    else { return }
                    var previous = UnsafePointer(rows)
                    for y in 0..<height {
                        let row: UnsafePointer<UInt8>
                        if channels == 4 {
                            row = source + y * count
                        } else {
                            let packed = rows + count * (1 + y % 2)
                            packRGB(source + y * width * 4, width: width, into: packed)
                            row = UnsafePointer(packed)
                        }
                        let filter = PNGRowFilter.choose(
                            filterChoice, row: row, previous: previous, count: count,
                            bytesPerPixel: channels)
                        let start = out + y * stride
                        start.initialize(to: filter.rawValue)
                        PNGRowFilter.apply(
                            filter, row: row, previous: previous, count: count, bytesPerPixel: channels,
                            output: start + 1)
                        previous = row
                    }
                }
            }
            initialized = total.partialValue
        }
    }

    /// Copies `width` RGBA pixels to `output` as RGB.
    private static func packRGB(_ rgba: UnsafePointer<UInt8>, width: Int, into output: UnsafeMutablePointer<UInt8>) {
        for x in 0..<width {
            output[3 * x] = rgba[4 * x]
            output[3 * x + 1] = rgba[4 * x + 1]
            output[3 * x + 2] = rgba[4 * x + 2]
        }
    }

    // MARK: - Chunks

    private static func ihdrChunk(width: Int, height: Int, colorType: UInt8) -> [UInt8] {
        // Bit depth 8, then compression, filter and interlace methods 0 (the only ones defined).
        let data = bigEndianBytes(UInt32(width)) + bigEndianBytes(UInt32(height)) + [8, colorType, 0, 0, 0]
        return chunk(type: "IHDR", data: data)
    }

    /// `prefix`, then `filtered` deflated into IDAT chunks of at most `idatLength` bytes each, then IEND.
    private static func assemble(
        prefix: [[UInt8]], filtered: [UInt8], rowStride: Int, deflateMethod: PNGDeflateMethod,
        idatLength: Int
    ) throws(CodecError) -> [UInt8] {
        let stream = try deflateMethod.zlibStream(of: filtered, rowStride: rowStride)
        let idats = stride(from: 0, to: max(1, stream.count), by: idatLength).map { start in
            chunk(type: "IDAT", data: Array(stream[start..<min(stream.count, start + idatLength)]))
        }
        return Array((prefix + idats + [chunk(type: "IEND", data: [])]).joined())
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { Libdeflate.crc32($0) }
    }

    private static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}
