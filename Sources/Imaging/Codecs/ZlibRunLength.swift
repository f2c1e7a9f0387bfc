import CZlib

/// zlib's run-length strategy (`Z_RLE`): the only file that imports zlib.
///
/// Run-length deflate looks for matches only one byte back. On filtered photographic rows, where most residuals
/// are small numbers in no repeating order, the short matches a full LZ77 search finds cost more bits than the
/// literals they replace; coding nearly everything as literals with good Huffman codes is then both several
/// times faster and smaller (zlib's `Z_FILTERED`, which Pillow uses, gets its edge over plain deflate the same
/// way, by dropping matches shorter than six bytes).
package enum ZlibRunLength {
    /// `input` as one zlib stream, run-length strategy.
    package static func zlibStream(of input: UnsafeRawBufferPointer) throws(CodecError) -> [UInt8] {
        var stream = z_stream()
        // Level 1 with Z_RLE: the level only picks the run-length coder's block size, not a search depth.
        let status = deflateInit2_(
            &stream, 1, Z_DEFLATED, 15, 8, Z_RLE, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            throw .pngEncodingFailed(detail: "zlib could not set up a compressor (status \(status); out of memory?)")
        }
        defer { deflateEnd(&stream) }
        guard input.count <= Int(UInt32.max) / 2 else {
            throw .pngEncodingFailed(detail: "\(input.count) bytes of image data are more than zlib takes in one call")
        }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        var finished = false
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(input.count)
            stream.next_out = buffer.baseAddress
            stream.avail_out = uInt(bound)
            finished = deflate(&stream, Z_FINISH) == Z_STREAM_END
            initialized = finished ? Int(stream.total_out) : 0
        }
        guard finished else {
            throw .pngEncodingFailed(
                detail: "zlib did not finish \(input.count) bytes of image data within its own bound")
        }
        return output
    }
}
