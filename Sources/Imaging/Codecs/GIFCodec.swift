import CGIF

/// GIF decoding through giflib's low-level API: the first frame on the logical screen, with its
/// transparent colour and interlacing. Records after the first image are never read, so a 10 000-frame
/// animation costs one frame. GIF colours are sRGB by definition.
///
/// The only file that imports giflib.
package enum GIFCodec {
    /// What giflib reads the bytes from: a buffer and how far it has got.
    private final class MemoryReader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
    }

    /// giflib's read callback: copies up to `count` bytes, fewer at the end of the buffer.
    private static let read: InputFunc = { file, target, count in
        guard let file, let target, count > 0, let userData = file.pointee.UserData else { return 0 }
        let reader = Unmanaged<MemoryReader>.fromOpaque(userData).takeUnretainedValue()
        let length = min(Int(count), reader.bytes.count - reader.offset)
        guard length > 0 else { return 0 }
        target.update(from: reader.bytes.baseAddress! + reader.offset, count: length)
        reader.offset += length
        return Int32(length)
    }

    private static func corrupt(_ code: Int32) -> CodecError {
        .corruptImage(format: "GIF", detail: GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)")
    }

    private static func decode(_ input: UnsafeBufferPointer<UInt8>, limits: ImageLimits) throws(CodecError) -> RGBAImage
    {
        let reader = MemoryReader(bytes: input)
        var error: Int32 = 0
        let opened = withExtendedLifetime(reader) {
            DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), read, &error)
        }
        guard let file = opened else { throw corrupt(error) }
        defer { DGifCloseFile(file, nil) }
        return try withExtendedLifetime(reader) { () throws(CodecError) -> RGBAImage in
            try firstFrame(of: file, limits: limits)
        }
    }

    private static func firstFrame(
        of file: UnsafeMutablePointer<GifFileType>,
        limits: ImageLimits
    ) throws(CodecError) -> RGBAImage {
        let screenWidth = Int(file.pointee.SWidth), screenHeight = Int(file.pointee.SHeight)
        try limits.checkDimensions(width: screenWidth, height: screenHeight)
        var transparentIndex: Int?
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(file, &record) == GIF_OK else { throw corrupt(file.pointee.Error) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(file, &code, &block) == GIF_OK else { throw corrupt(file.pointee.Error) }
                // Graphics control: length 4, flags (bit 0: has a transparent colour), delay, colour index.
                if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
                    transparentIndex = block[1] & 1 != 0 ? Int(block[4]) : nil
                }
                while block != nil {
                    guard DGifGetExtensionNext(file, &block) == GIF_OK else { throw corrupt(file.pointee.Error) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(file) == GIF_OK else { throw corrupt(file.pointee.Error) }
                return try readImage(
                    of: file, screenWidth: screenWidth, screenHeight: screenHeight,
                    transparentIndex: transparentIndex, limits: limits)
            case TERMINATE_RECORD_TYPE:
                throw .corruptImage(format: "GIF", detail: "the file holds no image")
            default:
                throw corrupt(D_GIF_ERR_WRONG_RECORD)
            }
        }
    }

    /// The image whose descriptor was just read, drawn on a transparent screen-sized canvas (clipped to it).
    private static func readImage(
        of file: UnsafeMutablePointer<GifFileType>, screenWidth: Int, screenHeight: Int,
        transparentIndex: Int?, limits: ImageLimits
    ) throws(CodecError) -> RGBAImage {
        let descriptor = file.pointee.Image
        let width = Int(descriptor.Width), height = Int(descriptor.Height)
        let left = Int(descriptor.Left), top = Int(descriptor.Top)
        try limits.checkDimensions(width: width, height: height)
        guard let colorMap = descriptor.ColorMap ?? file.pointee.SColorMap, let colors = colorMap.pointee.Colors else {
            throw corrupt(D_GIF_ERR_NO_COLOR_MAP)
        }
        let palette = UnsafeBufferPointer(start: colors, count: max(0, Int(colorMap.pointee.ColorCount)))
        var canvas = [UInt8](repeating: 0, count: screenWidth * screenHeight * 4)
        var line = [GifByteType](repeating: 0, count: width)
        // Interlaced rows arrive in four passes: every 8th from 0, every 8th from 4, every 4th from 2, every
        // 2nd from 1.
        let rowOrder: [Int] =
            descriptor.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { stride(from: $0.0, to: height, by: $0.1) }
            : Array(0..<height)
        try canvas.withUnsafeMutableBufferPointer { output throws(CodecError) in
            for row in rowOrder {
                guard DGifGetLine(file, &line, Int32(width)) == GIF_OK else { throw corrupt(file.pointee.Error) }
                let y = top + row
                guard y < screenHeight else { continue }
                for column in 0..<min(width, max(0, screenWidth - left)) {
                    let index = Int(line[column])
                    guard index != transparentIndex, index < palette.count else { continue }
                    let color = palette[index]
                    let offset = (y * screenWidth + left + column) * 4
                    output[offset] = color.Red
                    output[offset + 1] = color.Green
                    output[offset + 2] = color.Blue
                    output[offset + 3] = 255
                }
            }
        }
        guard let image = RGBAImage(width: screenWidth, height: screenHeight, pixels: canvas) else {
            throw .emptyImage(width: screenWidth, height: screenHeight)
        }
        return image
    }
}

extension ImageDecoder.Format {
    /// GIF (`GIFCodec`).
    package static let gif = Self(decodable: "GIF")
}

extension GIFCodec: ImageFormatDecoder {
    package static var formats: [ImageDecoder.SupportedFormat] {
        [format(.gif, colorHandling: "sRGB by definition; first frame, transparency, interlacing")]
    }

    /// giflib has no version call: the version of the headers it was built against.
    package static var library: LinkedLibrary {
        // giflib has no version call: the headers'.
        LinkedLibrary(
            name: "giflib", isRunTimeVersion: false,
            version: "\(CGIF_VERSION_MAJOR).\(CGIF_VERSION_MINOR).\(CGIF_VERSION_RELEASE)")
    }

    package static func sniff(_ bytes: [UInt8]) -> ImageDecoder.Format? {
        starts(bytes, withText: "GIF87a") || starts(bytes, withText: "GIF89a") ? .gif : nil
    }

    /// The logical screen's size: little-endian 16-bit width and height after the 6-byte signature.
    package static func decodedSize(header: [UInt8], minimumSide: Int?) -> (width: Int, height: Int)? {
        guard header.count >= 10, sniff(header) == .gif else { return nil }
        return (Int(header[6]) | Int(header[7]) << 8, Int(header[8]) | Int(header[9]) << 8)
    }

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
