import CDeflate

/// libdeflate's whole-buffer zlib compressor and its CRC-32: the only file that imports libdeflate.
package enum Libdeflate {
    /// `input` as one zlib stream made at `level` (1...12; 10 and above parse optimally and are several times
    /// slower).
    package static func zlibStream(of input: UnsafeRawBufferPointer, level: Int32) throws(CodecError) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else {
            throw .pngEncodingFailed(detail: "libdeflate could not allocate a level \(level) compressor (out of memory?)")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        let stream = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            initialized = libdeflate_zlib_compress(compressor, input.baseAddress, input.count, buffer.baseAddress, bound)
        }
        guard !stream.isEmpty else {
            throw .pngEncodingFailed(detail: "libdeflate produced no output for \(input.count) bytes of image data")
        }
        return stream
    }

    /// The CRC-32 (ISO 3309, as PNG chunks use it) of `bytes`.
    package static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        libdeflate_crc32(0, bytes.baseAddress, bytes.count)
    }
}
