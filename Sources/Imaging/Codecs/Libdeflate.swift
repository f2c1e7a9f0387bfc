import CDeflate

/// libdeflate's whole-buffer zlib compressor and decompressor and its CRC-32: the only file that imports
/// libdeflate.
package enum Libdeflate {
    /// `input` as one zlib stream made at `level` (1...12; 10 and above parse optimally and are several times
    /// slower).
    package static func zlibStream(of input: UnsafeRawBufferPointer, level: Int32) throws(CodecError) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else {
            throw .pngEncodingFailed(
                detail: "libdeflate could not allocate a level \(level) compressor (out of memory?)")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        let stream = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            initialized = libdeflate_zlib_compress(
                compressor, input.baseAddress, input.count, buffer.baseAddress, bound)
        }
        guard !stream.isEmpty else {
            throw .pngEncodingFailed(detail: "libdeflate produced no output for \(input.count) bytes of image data")
        }
        return stream
    }

    /// The data of one zlib stream (a PNG iCCP profile), nil when it is damaged or inflates to more than
    /// `maxBytes`. The output buffer grows from 64 KiB by doubling, so a small stream costs a small buffer.
    package static func inflatedZlibStream(_ input: [UInt8], maxBytes: Int) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var capacity = min(maxBytes, 1 << 16)
        while true {
            var actual = 0
            var output = [UInt8](repeating: 0, count: capacity)
            let result = input.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { target in
                    libdeflate_zlib_decompress(
                        decompressor, source.baseAddress, source.count, target.baseAddress,
                        target.count, &actual)
                }
            }
            if result == LIBDEFLATE_SUCCESS { return Array(output.prefix(actual)) }
            guard result == LIBDEFLATE_INSUFFICIENT_SPACE, capacity < maxBytes else { return nil }
            capacity = min(maxBytes, capacity * 2)
        }
    }

    /// The CRC-32 (ISO 3309, as PNG chunks use it) of `bytes`.
    package static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        libdeflate_crc32(0, bytes.baseAddress, bytes.count)
    }
}
