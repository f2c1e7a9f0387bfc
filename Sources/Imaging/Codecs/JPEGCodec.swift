import CTurboJPEG
import FileSystem

/// JPEG decoding through TurboJPEG's 2.x API: baseline, progressive, greyscale and CMYK/YCCK to 8-bit RGBA,
/// with cheap DCT-domain downscaling, EXIF orientation and an embedded ICC profile applied; and encoding, with
/// transparency flattened, the colour space's ICC profile, and metadata in a comment and an XMP segment.
///
/// The only file that imports TurboJPEG.
package enum JPEGCodec {
    /// The bytes every JPEG starts with: SOI followed by the first marker's 0xFF.
    package static let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// Decodes a JPEG to RGBA (alpha 255), upright according to its EXIF orientation.
    ///
    /// - Parameter minimumSide: when set, the smallest TurboJPEG scaling factor (1/8 ... 1) whose result
    ///   still has both sides at least this long is used, so a 4000 px photo for a 40 px tile decodes at 1/8.
    ///   The source size is checked against `limits` before scaling, from the header alone.
    ///
    /// A libjpeg warning that means lost image data (premature end of data, corrupt segments) is treated as an
    /// error, so a truncated download is reported rather than shown half grey. Warnings that lose nothing
    /// (stray bytes between markers, an unknown JFIF revision, odd SOS parameters in a sequential file, a bad
    /// ICC segment, which is not used) are let through, as browsers and Pillow show such files.
    package static func decode(
        _ bytes: [UInt8], minimumSide: Int? = nil, limits: ImageLimits = .init()
    ) throws(CodecError) -> RGBAImage {
        guard !bytes.isEmpty else { throw .emptyFile }
        try limits.checkFileSize(bytes.count)
        guard let handle = tjInitDecompress() else {
            throw .decoderUnavailable(detail: String(cString: tjGetErrorStr2(nil)))
        }
        defer { tjDestroy(handle) }
        // One walk over the header's segments serves the ICC, Adobe and EXIF readers.
        let segments = JPEGMarkers.headerSegments(in: bytes)
        let image = try decode(bytes, segments: segments, handle: handle, minimumSide: minimumSide, limits: limits)
        return EXIFOrientation.apply(EXIFOrientation.read(from: bytes, segments: segments) ?? 1, to: image)
    }

    /// The size `decode` produces for a `width` x `height` JPEG (before EXIF rotation) given `minimumSide`.
    package static func decodedSize(width: Int, height: Int, minimumSide: Int?) -> (width: Int, height: Int) {
        let factor = scalingFactor(width: width, height: height, minimumSide: minimumSide)
        return (scaled(width, by: factor), scaled(height, by: factor))
    }

    /// Encodes `image` as a baseline JPEG (4:2:0 chroma, `quality` 1...100) with its transparency flattened
    /// onto `background` (JPEG has no alpha), the ICC profile of `colorSpace` (APP2, `iccProfileSegments`), and
    /// `metadata` both as a comment (COM) and as XMP (APP1), right after the JFIF header.
    package static func encode(
        _ image: RGBAImage, quality: Int, background: RGBA8 = .white,
        metadata: ImageMetadata? = nil, colorSpace: ColorSpace = .srgb
    ) throws(CodecError) -> [UInt8] {
        var segments = try iccProfileSegments(ColorManagement.outputProfile(colorSpace))
        if let metadata {
            segments.append(try segment(marker: 0xFE, payload: Array(metadata.commentText.utf8)))
            segments.append(
                try segment(
                    marker: JPEGMarkers.app1,
                    payload: ImageMetadata.jpegXMPSignature + Array(metadata.xmpPacket.utf8)))
        }
        guard let handle = tjInitCompress() else {
            throw .encodingFailed(format: "JPEG", detail: String(cString: tjGetErrorStr2(nil)))
        }
        defer { tjDestroy(handle) }
        let opaque = flattened(image, onto: background)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = opaque.withUnsafeBufferPointer { pixels in
            tjCompress2(
                handle, pixels.baseAddress, Int32(image.width), 0, Int32(image.height),
                Int32(TJPF_RGBX.rawValue), &output, &size, Int32(TJSAMP_420.rawValue),
                Int32(min(100, max(1, quality))), 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output, size > 4 else {
            throw .encodingFailed(format: "JPEG", detail: errorMessage(handle))
        }
        var jpeg = Array(UnsafeBufferPointer(start: output, count: Int(size)))
        // After SOI and, when TurboJPEG wrote one, the JFIF APP0 segment that readers expect first.
        var insertAt = 2
        if let first = JPEGMarkers.headerSegments(in: jpeg).first, first.marker == 0xE0 {
            insertAt = first.payload.upperBound
        }
        jpeg.insert(contentsOf: segments.joined(), at: insertAt)
        return jpeg
    }

    /// `image` over an opaque `background`, rounded to nearest (alpha bytes set to 255, ignored by RGBX).
    private static func flattened(_ image: RGBAImage, onto background: RGBA8) -> [UInt8] {
        var pixels = image.pixels
        let fill = [UInt32(background.r), UInt32(background.g), UInt32(background.b)]
        pixels.withUnsafeMutableBufferPointer { buffer in
            for i in stride(from: 0, to: buffer.count - 3, by: 4) {
                let alpha = UInt32(buffer[i + 3])
                guard alpha < 255 else { continue }
                for channel in 0..<3 {
                    buffer[i + channel] = UInt8(
                        (UInt32(buffer[i + channel]) * alpha + fill[channel] * (255 - alpha) + 127) / 255)
                }
                buffer[i + 3] = 255
            }
        }
        return pixels
    }

    /// `profile` as APP2 `ICC_PROFILE` segments (ICC.1 annex B.4): the tag, a 1-based sequence number, the
    /// number of segments, then at most 65519 bytes of the profile each. None for an empty profile.
    package static func iccProfileSegments(_ profile: [UInt8]) throws(CodecError) -> [[UInt8]] {
        let tag = Array("ICC_PROFILE".utf8) + [0]
        let chunkLength = Int(UInt16.max) - 2 - tag.count - 2
        let count = (profile.count + chunkLength - 1) / chunkLength
        guard count <= 255 else {
            throw .encodingFailed(
                format: "JPEG",
                detail: "a \(profile.count.byteCountDescription) ICC profile needs more than 255 segments")
        }
        var segments: [[UInt8]] = []
        for index in 0..<count {
            let chunk = profile[index * chunkLength..<min(profile.count, (index + 1) * chunkLength)]
            segments.append(
                try segment(marker: 0xE2, payload: tag + [UInt8(index + 1), UInt8(count)] + chunk))
        }
        return segments
    }

    /// A marker segment: `FF marker`, the 16-bit length (which counts itself) and the payload.
    private static func segment(marker: UInt8, payload: [UInt8]) throws(CodecError) -> [UInt8] {
        guard payload.count <= Int(UInt16.max) - 2 else {
            throw .encodingFailed(
                format: "JPEG",
                detail: "\(payload.count.byteCountDescription) of metadata is more than one JPEG segment holds (64 KiB)"
            )
        }
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    // MARK: - Decoding

    private static func decode(
        _ bytes: [UInt8], segments: [JPEGSegment], handle: tjhandle, minimumSide: Int?, limits: ImageLimits
    ) throws(CodecError) -> RGBAImage {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let headerStatus = bytes.withUnsafeBufferPointer { input in
            tjDecompressHeader3(
                handle, input.baseAddress, UInt(input.count), &width, &height, &subsampling, &colorspace)
        }
        guard headerStatus == 0 || failedOnlyHarmlessly(headerStatus, handle) else {
            throw .corruptJPEG(detail: errorMessage(handle))
        }
        // A stream that ends or breaks before its frame header passes with a 0x0 size.
        guard width > 0, height > 0 else {
            throw .corruptJPEG(detail: "no frame header with the image size before the data ends")
        }
        try limits.checkDimensions(width: Int(width), height: Int(height))
        if needsScanCount(width: Int(width), height: Int(height), limits: limits) {
            try checkScanWork(bytes, width: Int(width), height: Int(height), limits: limits)
        }
        let isCMYK: Bool
        switch colorspace {
        case Int32(TJCS_RGB.rawValue), Int32(TJCS_YCbCr.rawValue), Int32(TJCS_GRAY.rawValue): isCMYK = false
        case Int32(TJCS_CMYK.rawValue), Int32(TJCS_YCCK.rawValue): isCMYK = true
        default: throw .unsupportedJPEGColorspace(name: "unknown (TurboJPEG code \(colorspace))")
        }
        let size = decodedSize(width: Int(width), height: Int(height), minimumSide: minimumSide)
        // Both decoded layouts (RGBA and CMYK) are 4 bytes per pixel.
        let byteCount = try limits.checkDimensions(width: size.width, height: size.height)
        let pixelFormat = isCMYK ? TJPF_CMYK : TJPF_RGBA
        // Not zeroed first: TurboJPEG writes every byte of the packed rows, and a failed decode throws them away.
        var pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { _, initialized in initialized = byteCount }
        func decompress(flags: Int32) -> Int32 {
            bytes.withUnsafeBufferPointer { input in
                pixels.withUnsafeMutableBufferPointer { output in
                    tjDecompress2(
                        handle, input.baseAddress, UInt(input.count), output.baseAddress,
                        Int32(size.width), 0, Int32(size.height), Int32(pixelFormat.rawValue), flags)
                }
            }
        }
        // LIMITSCANS refuses progressive files with absurd scan counts, a CPU-exhaustion trick.
        var status = decompress(flags: TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)
        if failedOnlyHarmlessly(status, handle) {
            // Decoding stopped at a warning that loses nothing: again without stopping at warnings, keeping the
            // result if the last warning on the way was harmless too.
            status = decompress(flags: TJFLAG_LIMITSCANS)
            if failedOnlyHarmlessly(status, handle) { status = 0 }
        }
        guard status == 0 else { throw .corruptJPEG(detail: errorMessage(handle)) }
        // A chain of APP2 segments can hold up to 16 MiB; one beyond what Little CMS is given is ignored here,
        // before it is hashed for the transform cache.
        let profile = iccProfile(in: bytes, segments: segments).flatMap {
            $0.count <= ColorManagement.maxProfileBytes ? $0 : nil
        }
        if isCMYK {
            let inverted = JPEGMarkers.hasAdobeSegment(in: bytes, segments: segments)
            if let profile,
                let converted = ColorManagement.convertCMYKToSRGB(pixels, inverted: inverted, profile: profile)
            {
                pixels = converted
            } else {
                convertCMYKToRGBA(&pixels, inverted: inverted)
            }
        }
        guard var image = RGBAImage(width: size.width, height: size.height, pixels: pixels) else {
            throw .emptyImage(width: size.width, height: size.height)
        }
        if !isCMYK, let profile { ColorManagement.convertToSRGB(&image, profile: profile) }
        return image
    }

    /// The ICC profile of the APP2 `ICC_PROFILE` segments, joined in their sequence numbers' order; nil when
    /// there is none or the chunks are inconsistent (missing, repeated or out of range).
    package static func iccProfile(in bytes: [UInt8]) -> [UInt8]? {
        iccProfile(in: bytes, segments: JPEGMarkers.headerSegments(in: bytes))
    }

    /// `iccProfile(in:)` from the header `segments` of `bytes` already read.
    package static func iccProfile(in bytes: [UInt8], segments: [JPEGSegment]) -> [UInt8]? {
        let tag = Array("ICC_PROFILE".utf8) + [0]
        var chunks: [Int: ArraySlice<UInt8>] = [:]
        var declaredCount = 0
        for segment in segments where segment.marker == 0xE2 {
            let payload = bytes[segment.payload]
            guard payload.count > tag.count + 2, payload.starts(with: tag) else { continue }
            let sequence = Int(payload[payload.startIndex + tag.count])
            let count = Int(payload[payload.startIndex + tag.count + 1])
            // A chunk count of 0 is as inconsistent as a sequence number beyond it.
            guard count > 0, (1...count).contains(sequence), declaredCount == 0 || declaredCount == count,
                chunks[sequence] == nil
            else { return nil }
            declaredCount = count
            chunks[sequence] = payload.dropFirst(tag.count + 2)
        }
        guard declaredCount > 0, chunks.count == declaredCount else { return nil }
        return (1...declaredCount).flatMap { chunks[$0]! }
    }

    /// TJFLAG_LIMITSCANS stops a file of several scans (progressive, or sequential with a scan per component) at
    /// its 500th scan (turbojpeg.c's progress monitor).
    static let turboJPEGMaxScans = 500

    /// Whether a `width` x `height` file must have its scans counted before decoding: only where 500 scans (all
    /// TJFLAG_LIMITSCANS lets through) times the pixels could pass `limits.maxScanPixels`, above 4.3 megapixels
    /// with the default limit. Walking a smaller file's entropy-coded data for its markers was 1.4 % of decoding
    /// nine 512 px photos, to learn what the flag already bounds.
    static func needsScanCount(width: Int, height: Int, limits: ImageLimits) -> Bool {
        let (pixels, overflow) = max(1, width).multipliedReportingOverflow(by: max(1, height))
        return overflow || pixels > limits.maxScanPixels / turboJPEGMaxScans
    }

    /// Refuses a file whose scans times pixels exceed `limits.maxScanPixels` before any scan is decoded
    /// (TJFLAG_LIMITSCANS only stops at the 500th scan, after the work is done). Scaled decoding does not
    /// help: every scan is decoded at full size, so the full pixel count is the measure.
    private static func checkScanWork(_ bytes: [UInt8], width: Int, height: Int, limits: ImageLimits) throws(CodecError)
    {
        let pixels = max(1, width * height)
        let maxScans = max(1, limits.maxScanPixels / pixels)
        let scans = JPEGMarkers.scanCount(in: bytes)
        if scans > maxScans { throw .tooManyScans(scans: scans, width: width, height: height, maxScans: maxScans) }
    }

    /// Parts of libjpeg's messages for the warnings that lose no image data (jerror.h: JWRN_EXTRANEOUS_DATA,
    /// JWRN_JFIF_MAJOR, JWRN_NOT_SEQUENTIAL, JWRN_ADOBE_XFORM, JWRN_BOGUS_ICC).
    private static let harmlessWarnings = [
        "extraneous bytes before marker", "unknown JFIF revision number", "Invalid SOS parameters for sequential",
        "Unknown Adobe color transform code", "bad ICC marker",
    ]

    /// Whether a call that returned `status` failed, and only on a warning in `harmlessWarnings`.
    private static func failedOnlyHarmlessly(_ status: Int32, _ handle: tjhandle) -> Bool {
        status != 0 && tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
            && harmlessWarnings.contains { errorMessage(handle).contains($0) }
    }

    private static func errorMessage(_ handle: tjhandle) -> String {
        guard let message = tjGetErrorStr2(handle) else { return "TurboJPEG reported no detail" }
        return String(cString: message)
    }

    /// Turns CMYK samples without an ICC profile into RGB in place with the naive ink model R = (1-C)(1-K), as browsers do for
    /// untagged CMYK. Adobe-marked files store inverted inks (255 = no ink), so there R = C*K directly.
    private static func convertCMYKToRGBA(_ pixels: inout [UInt8], inverted: Bool) {
        pixels.withUnsafeMutableBufferPointer { buffer in
            for i in stride(from: 0, to: buffer.count, by: 4) {
                var (c, m, y, k) = (
                    UInt32(buffer[i]), UInt32(buffer[i + 1]), UInt32(buffer[i + 2]), UInt32(buffer[i + 3])
                )
                if !inverted { (c, m, y, k) = (255 - c, 255 - m, 255 - y, 255 - k) }
                // (a * b + 127) / 255 is a * b / 255 rounded to nearest, and never exceeds 255.
                buffer[i] = UInt8((c * k + 127) / 255)
                buffer[i + 1] = UInt8((m * k + 127) / 255)
                buffer[i + 2] = UInt8((y * k + 127) / 255)
                buffer[i + 3] = 255
            }
        }
    }

    // MARK: - Scaling

    /// The smallest downscaling factor TurboJPEG offers whose result covers `minimumSide` in both
    /// dimensions; 1/1 when there is no minimum or no smaller factor qualifies.
    private static func scalingFactor(width: Int, height: Int, minimumSide: Int?) -> tjscalingfactor {
        let fullSize = tjscalingfactor(num: 1, denom: 1)
        guard let minimumSide, minimumSide > 0 else { return fullSize }
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count), count > 0 else { return fullSize }
        var best = fullSize
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) {
            let isDownscale = factor.num > 0 && factor.num <= factor.denom
            let isSmallerThanBest = Int(factor.num) * Int(best.denom) < Int(best.num) * Int(factor.denom)
            guard isDownscale, isSmallerThanBest,
                scaled(width, by: factor) >= minimumSide, scaled(height, by: factor) >= minimumSide
            else { continue }
            best = factor
        }
        return best
    }

    /// TurboJPEG's TJSCALED macro: the side rounded up after scaling. Sides outside JPEG's range (which no
    /// header can declare) are returned unscaled rather than risking overflow.
    private static func scaled(_ side: Int, by factor: tjscalingfactor) -> Int {
        guard (0...Int(UInt16.max)).contains(side) else { return side }
        let denominator = max(1, Int(factor.denom))
        return (side * Int(factor.num) + denominator - 1) / denominator
    }
}

extension ImageDecoder.Format {
    /// JPEG (`JPEGCodec`).
    package static let jpeg = Self(decodable: "JPEG")
}

extension JPEGCodec: ImageFormatDecoder {
    package static var formats: [ImageDecoder.SupportedFormat] {
        [
            format(
                .jpeg,
                colorHandling:
                    "APP2 ICC profile (RGB, grey or CMYK) converted to sRGB; untagged CMYK by the naive ink model")
        ]
    }

    /// TurboJPEG has no version call: the version of the headers it was built against (`jconfig.h`).
    package static var library: LinkedLibrary {
        let number = Int(CTURBOJPEG_VERSION_NUMBER)
        return LinkedLibrary(
            name: "libjpeg-turbo", isRunTimeVersion: false,
            version: "\(number / 1_000_000).\(number / 1000 % 1000).\(number % 1000)")
    }

    package static func sniff(_ bytes: [UInt8]) -> ImageDecoder.Format? {
        if bytes.starts(with: signature) { return .jpeg }
        return !bytes.isEmpty && signature.starts(with: bytes) ? .truncated(name: "JPEG") : nil
    }

    package static func decodedSize(header: [UInt8], minimumSide: Int?) -> (width: Int, height: Int)? {
        guard let frame = JPEGMarkers.frameSize(in: header) else { return nil }
        return decodedSize(width: frame.width, height: frame.height, minimumSide: minimumSide)
    }
}
