import CTurboJPEG
import GroupIcon

/// Encodes benchmark inputs as JPEG through TurboJPEG.
///
/// GroupIcon only decodes JPEG (an avatar tool never needs to write one), so this small encoder lives with the
/// benchmark that needs realistic JPEG sources; it is the only benchmark file that imports TurboJPEG.
enum JPEGWriter {
    /// Why an image could not be encoded.
    struct EncodingError: Error, CustomStringConvertible {
        var description: String
    }

    /// `image` as a baseline JPEG with 4:2:0 chroma subsampling (what cameras and messengers produce); alpha
    /// is dropped.
    static func encode(_ image: RGBAImage, quality: Int32 = 90) throws(EncodingError) -> [UInt8] {
        guard let handle = tjInitCompress() else {
            throw EncodingError(description: "TurboJPEG could not start a compressor")
        }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(handle, pixels.baseAddress, Int32(image.width), 0, Int32(image.height),
                        Int32(TJPF_RGBA.rawValue), &output, &size, Int32(TJSAMP_420.rawValue), quality, 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output else {
            let detail = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "no detail"
            throw EncodingError(description: "TurboJPEG could not encode a \(image.width)x\(image.height) image: \(detail)")
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
