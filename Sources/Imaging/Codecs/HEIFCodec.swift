import CHeif

/// HEIC and AVIF decoding through libheif (HEVC by libde265, AV1 by dav1d or libaom, as Debian builds it):
/// the primary image with its alpha, the `irot`/`imir`/`clap` transformations applied by libheif, and a `colr`
/// ICC profile or `nclx` primaries converted to sRGB. `decode` has libheif reduce deeper images (10- and
/// 12-bit photos) to 8 bits; `decodeDeep` keeps them at 16. The EXIF orientation is not applied on top: HEIF's own
/// transformations are the authoritative ones, and writers that set both (iPhones) set them to agree.
///
/// HEVC is decoded by `CHeif`'s libde265 plugin (`chat_tui_de265_plugin`), which libheif prefers to its built-in
/// one: the same decoding on the calling thread, without a worker thread started for every photo.
///
/// The only file that imports libheif.
package enum HEIFCodec {
    /// Registers the HEVC plugin with libheif, once, before the first context is made (a failure leaves
    /// libheif's built-in plugin in use, which decodes the same pixels).
    private static let hevcPluginRegistered =
        heif_register_decoder_plugin(chat_tui_de265_plugin()).code == heif_error_Ok

    /// Which libde265 plugin decodes HEVC: chat-tui's (the default) or libheif's built-in one, which the tests
    /// decode the same files with to show the pixels are the same.
    package enum HEVCDecoder: String, Sendable, CaseIterable {
        /// `chat_tui_de265_plugin`: on the calling thread.
        case callingThread = "chat-tui-libde265"
        /// libheif's own, which starts a worker thread per image.
        case libheifBuiltIn = "libde265"
    }

    /// The id of the HEVC decoder libheif picks when none is named: the highest priority registered.
    package static var preferredHEVCDecoder: String? {
        _ = hevcPluginRegistered
        var descriptors = [OpaquePointer?](repeating: nil, count: 8)
        let count = heif_get_decoder_descriptors(heif_compression_HEVC, &descriptors, Int32(descriptors.count))
        guard count > 0, let first = descriptors[0], let id = heif_decoder_descriptor_get_id_name(first) else {
            return nil
        }
        return String(cString: id)
    }

    /// `decode` (8-bit) or `decodeDeep` (nil for an 8-bit image) with a named HEVC decoder.
    package static func decode(_ bytes: [UInt8], deep: Bool, hevcDecoder: HEVCDecoder) throws(CodecError)
        -> (RGBAImage?, RGBA16Image?)
    {
        let format = sniff(bytes)?.name ?? "HEIF"
        let result = bytes.withUnsafeBufferPointer { input in
            Result { () throws(CodecError) -> (RGBAImage?, RGBA16Image?) in
                try withPrimaryImage(input, format: format, limits: ImageLimits()) {
                    handle, width, height throws(CodecError) in
                    guard deep else {
                        return (
                            try image(
                                handle, width: width, height: height, format: format, limits: ImageLimits(),
                                hevcDecoder: hevcDecoder), nil
                        )
                    }
                    guard heif_image_handle_get_luma_bits_per_pixel(handle) > 8 else { return (nil, nil) }
                    return (
                        nil,
                        try deepImage(
                            handle, width: width, height: height, format: format, limits: ImageLimits(),
                            hevcDecoder: hevcDecoder)
                    )
                }
            }
        }
        return try result.get()
    }

    /// A `heif_error` as a `CodecError`, with libheif's message.
    private static func corrupt(_ error: heif_error, _ format: String) -> CodecError {
        let detail = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        return .corruptImage(format: format, detail: detail)
    }

    /// Decodes a HEIC or AVIF whose primary image has more than 8 bits a sample (10 or 12) to 16-bit samples
    /// (`RGBA16Image`: each scaled from its bit depth to 0...65535, alpha premultiplied) in sRGB, with the
    /// same transformations and colour handling as `decode`; nil for an 8-bit image or other bytes.
    ///
    /// The size is checked against `limits` at 8 bytes a pixel before anything is decoded.
    package static func decodeDeep(_ bytes: [UInt8], limits: ImageLimits = .init()) throws(CodecError)
        -> RGBA16Image?
    {
        guard !bytes.isEmpty else { throw .emptyFile }
        try limits.checkFileSize(bytes.count)
        guard let format = sniff(bytes)?.name else { return nil }
        // Most photos declare 8 bits: declining them here spares the pipeline opening the file twice.
        if let bits = declaredChannelBits(Array(bytes.prefix(1 << 16))), bits <= 8 { return nil }
        let result = bytes.withUnsafeBufferPointer { input in
            Result { () throws(CodecError) -> RGBA16Image? in
                try withPrimaryImage(input, format: format, limits: limits) {
                    handle, width, height throws(CodecError) in
                    guard heif_image_handle_get_luma_bits_per_pixel(handle) > 8 else { return nil }
                    return try deepImage(handle, width: width, height: height, format: format, limits: limits)
                }
            }
        }
        return try result.get()
    }

    private static func decode(
        _ input: UnsafeBufferPointer<UInt8>, format: String,
        limits: ImageLimits
    ) throws(CodecError) -> RGBAImage {
        try withPrimaryImage(input, format: format, limits: limits) { handle, width, height throws(CodecError) in
            try image(handle, width: width, height: height, format: format, limits: limits)
        }
    }

    /// Calls `body` with the primary image's handle and its size after transformations.
    private static func withPrimaryImage<Decoded>(
        _ input: UnsafeBufferPointer<UInt8>, format: String, limits: ImageLimits,
        _ body: (OpaquePointer, Int, Int) throws(CodecError) -> Decoded
    ) throws(CodecError) -> Decoded {
        _ = hevcPluginRegistered
        guard let context = heif_context_alloc() else {
            throw .decoderUnavailable(detail: "libheif could not allocate a context (out of memory?)")
        }
        defer { heif_context_free(context) }
        // libheif then refuses larger images (and grid tiles) itself, before decoding anything.
        heif_context_set_maximum_image_size_limit(context, Int32(clamping: limits.maxSide))
        var error = heif_context_read_from_memory_without_copy(context, input.baseAddress, input.count, nil)
        if error.subcode == heif_suberror_Security_limit_exceeded,
            let size = decodedSize(header: Array(input), minimumSide: nil)
        {
            // Reported as the other formats report it, with the size the file declares.
            try limits.checkDimensions(width: size.width, height: size.height)
        }
        guard error.code == heif_error_Ok else { throw corrupt(error, format) }
        var handle: OpaquePointer?
        error = heif_context_get_primary_image_handle(context, &handle)
        guard error.code == heif_error_Ok, let handle else { throw corrupt(error, format) }
        defer { heif_image_handle_release(handle) }
        // The size after transformations (a grid's whole canvas), checked by `body` before any tile is decoded.
        return try body(handle, Int(heif_image_handle_get_width(handle)), Int(heif_image_handle_get_height(handle)))
    }

    /// The primary image at 8 bits.
    private static func image(
        _ handle: OpaquePointer, width: Int, height: Int, format: String, limits: ImageLimits,
        hevcDecoder: HEVCDecoder = .callingThread
    ) throws(CodecError) -> RGBAImage {
        let byteCount = try limits.checkDimensions(width: width, height: height)
        let rowBytes = width * 4
        // RGBA whether or not the image has alpha: libheif's colour conversion then writes opaque alpha itself,
        // so its rows are ours byte for byte.
        let pixels = try withDecodedPlane(
            handle, chroma: heif_chroma_interleaved_RGBA, width: width, height: height, rowBytes: rowBytes,
            format: format, hevcDecoder: hevcDecoder
        ) { plane, stride, _ in
            // Not zeroed first: every row is copied over (libheif pads its rows, so one copy each).
            [UInt8](unsafeUninitializedCapacity: byteCount) { output, initialized in
                for y in 0..<height {
                    (output.baseAddress! + y * rowBytes).update(from: plane + y * stride, count: rowBytes)
                }
                initialized = byteCount
            }
        }
        guard var image = RGBAImage(width: width, height: height, pixels: pixels) else {
            throw .emptyImage(width: width, height: height)
        }
        switch colorDescription(of: handle) {
        case .profile(let profile)?: ColorManagement.convertToSRGB(&image, profile: profile)
        case .primaries(let primaries)?: ColorManagement.convertToSRGB(&image, primaries: primaries)
        case nil: break
        }
        return image
    }

    /// The primary image at 16 bits, from libheif's little-endian 16-bit RGBA of the image's own bit depth.
    private static func deepImage(
        _ handle: OpaquePointer, width: Int, height: Int, format: String, limits: ImageLimits,
        hevcDecoder: HEVCDecoder = .callingThread
    ) throws(CodecError) -> RGBA16Image {
        let byteCount = try limits.checkDimensions(width: width, height: height, bytesPerPixel: 8)
        let rowSamples = width * 4
        // Without an alpha plane libheif's alpha samples are not ours to trust: opaque.
        let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
        let samples = try withDecodedPlane(
            handle, chroma: heif_chroma_interleaved_RRGGBBAA_LE, width: width, height: height,
            rowBytes: rowSamples * 2, format: format, hevcDecoder: hevcDecoder
        ) { (plane, stride, bits) throws(CodecError) in
            guard (9...16).contains(bits) else {
                throw .corruptImage(format: format, detail: "libheif returned \(bits)-bit samples for a deep image")
            }
            return deepSamples(
                plane, stride: stride, bits: bits, width: width, height: height, hasAlpha: hasAlpha,
                count: byteCount / 2)
        }
        guard var image = RGBA16Image(width: width, height: height, samples: samples) else {
            throw .emptyImage(width: width, height: height)
        }
        switch colorDescription(of: handle) {
        case .profile(let profile)?: ColorManagement.convertToSRGB(&image, profile: profile)
        case .primaries(let primaries)?: ColorManagement.convertToSRGB(&image, primaries: primaries)
        case nil: break
        }
        return image
    }

    /// libheif's decoding of the primary image as interleaved `chroma`, checked to be `width` x `height` with
    /// rows of at least `rowBytes`; `body` reads the plane, given its stride in bytes and bits per sample.
    private static func withDecodedPlane<Decoded>(
        _ handle: OpaquePointer, chroma: heif_chroma, width: Int, height: Int, rowBytes: Int, format: String,
        hevcDecoder: HEVCDecoder, _ body: (UnsafePointer<UInt8>, Int, Int) throws(CodecError) -> Decoded
    ) throws(CodecError) -> Decoded {
        var decoded: OpaquePointer?
        // The built-in plugin only when asked for by name: otherwise libheif's choice, ours, by priority.
        let options = hevcDecoder == .callingThread ? nil : heif_decoding_options_alloc()
        defer { heif_decoding_options_free(options) }
        let error = hevcDecoder.rawValue.withCString { id in
            options?.pointee.decoder_id = id
            return heif_decode_image(handle, &decoded, heif_colorspace_RGB, chroma, options)
        }
        guard error.code == heif_error_Ok, let decoded else { throw corrupt(error, format) }
        defer { heif_image_release(decoded) }
        var stride: Int32 = 0
        guard heif_image_get_width(decoded, heif_channel_interleaved) == Int32(width),
            heif_image_get_height(decoded, heif_channel_interleaved) == Int32(height),
            let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride)
        else {
            throw .corruptImage(format: format, detail: "libheif returned no pixels of the declared size")
        }
        guard Int(stride) >= rowBytes else {
            throw .corruptImage(format: format, detail: "libheif returned rows shorter than the image")
        }
        return try body(plane, Int(stride), Int(heif_image_get_bits_per_pixel_range(decoded, heif_channel_interleaved)))
    }

    /// Little-endian samples of `bits` from libheif's plane, scaled to 16 bits and premultiplied in one rounding.
    private static func deepSamples(
        _ plane: UnsafePointer<UInt8>, stride: Int, bits: Int, width: Int, height: Int, hasAlpha: Bool, count: Int
    ) -> [UInt16] {
        let rowSamples = width * 4
        let top = UInt32(1 << bits - 1)
        return [UInt16](unsafeUninitializedCapacity: count) { output, initialized in
            for y in 0..<height {
                let row = UnsafeRawPointer(plane + y * stride)
                for x in 0..<width {
                    func sample(_ channel: Int) -> UInt32 {
                        // Held to the bit depth, so that a stray high bit cannot exceed 65535 once scaled.
                        let stored = row.loadUnaligned(fromByteOffset: (x * 4 + channel) * 2, as: UInt16.self)
                        return min(top, UInt32(UInt16(littleEndian: stored)))
                    }
                    let alpha = hasAlpha ? (sample(3) * 65535 + top / 2) / top : 65535
                    let index = y * rowSamples + x * 4
                    for channel in 0..<3 {
                        // Scaled to 16 bits (times 65535 / top) and multiplied by alpha / 65535, rounded once.
                        output[index + channel] = UInt16(
                            (UInt64(sample(channel)) * UInt64(alpha) + UInt64(top / 2)) / UInt64(top))
                    }
                    output[index + 3] = UInt16(alpha)
                }
            }
            initialized = count
        }
    }

    /// What the handle says its colours are in, when that needs converting.
    private enum ColorDescription {
        case profile([UInt8])
        case primaries(ColorManagement.Primaries)
    }

    /// The handle's colour description: an ICC profile, else the primaries of an `nclx` box (its transfer curve
    /// is taken to be sRGB's, which Display P3 photos use); nil for sRGB's primaries or none.
    private static func colorDescription(of handle: OpaquePointer) -> ColorDescription? {
        switch heif_image_handle_get_color_profile_type(handle) {
        case heif_color_profile_type_prof, heif_color_profile_type_rICC:
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            guard size > 0, size <= ColorManagement.maxProfileBytes else { return nil }
            var profile = [UInt8](repeating: 0, count: size)
            let error = profile.withUnsafeMutableBytes {
                heif_image_handle_get_raw_color_profile(handle, $0.baseAddress)
            }
            return error.code == heif_error_Ok ? .profile(profile) : nil
        case heif_color_profile_type_nclx:
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            let error = heif_image_handle_get_nclx_color_profile(handle, &nclx)
            // libheif hands over the profile it allocated even when it then refuses the values in it
            // (unknown primaries): it is ours to free either way.
            defer { if let nclx { heif_nclx_color_profile_free(nclx) } }
            guard error.code == heif_error_Ok, let nclx else { return nil }
            switch nclx.pointee.color_primaries {
            case heif_color_primaries_SMPTE_EG_432_1: return .primaries(.displayP3)
            case heif_color_primaries_ITU_R_BT_2020_2_and_2100_0: return .primaries(.bt2020)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The major brand and compatible brands of the leading `ftyp` box.
    private static func brands(_ bytes: [UInt8]) -> [String] {
        guard bytes.count >= 12, starts(bytes, withText: "ftyp", at: 4) else { return [] }
        let boxSize = min(bytes.count, bytes[0..<4].reduce(0) { $0 << 8 | Int($1) })
        // Major brand at 8, minor version at 12, compatible brands from 16 to the box's end.
        let offsets = [8] + Array(stride(from: 16, to: boxSize - 3, by: 4))
        return offsets.map { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) }
    }
}

extension ImageDecoder.Format {
    /// HEIC and other HEIF images (HEVC-coded) (`HEIFCodec`).
    package static let heif = Self(decodable: "HEIC")
    /// AVIF: HEIF with AV1-coded images (`HEIFCodec`).
    package static let avif = Self(decodable: "AVIF")
}

extension HEIFCodec: ImageFormatDecoder {
    package static var formats: [ImageDecoder.SupportedFormat] {
        let colorHandling = "colr ICC profile or nclx primaries (BT.709, Display P3, BT.2020) converted to sRGB"
        return [format(.heif, colorHandling: colorHandling), format(.avif, colorHandling: colorHandling)]
    }

    package static var library: LinkedLibrary {
        LinkedLibrary(name: "libheif", version: String(cString: heif_get_version()))
    }

    /// AVIF by an `avif`/`avis` brand, HEIC by an HEVC or generic HEIF brand.
    package static func sniff(_ bytes: [UInt8]) -> ImageDecoder.Format? {
        let brands = brands(bytes)
        guard let major = brands.first else { return nil }
        if ["avif", "avis"].contains(major) || (["mif1", "msf1"].contains(major) && brands.contains("avif")) {
            return .avif
        }
        let heifBrands = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
        return heifBrands.contains(major) ? .heif : nil
    }

    /// The largest `ispe` (image spatial extent) property in `header`: a grid's canvas is larger than its
    /// tiles. Rotation by `irot` keeps the pixel count, which is what the estimate is for.
    package static func decodedSize(header: [UInt8], minimumSide: Int?) -> (width: Int, height: Int)? {
        guard sniff(header) != nil else { return nil }
        let tag = Array("ispe".utf8)
        var best: (width: Int, height: Int)?
        // Two 32-bit sides can multiply past Int.max: such an area counts as the largest there is.
        func area(_ size: (width: Int, height: Int)) -> Int {
            let (product, overflow) = size.width.multipliedReportingOverflow(by: size.height)
            return overflow ? Int.max : product
        }
        var index = 0
        // The box type, then 4 bytes of version and flags, then width and height as big-endian 32-bit integers.
        while let found = header[index...].firstRange(of: tag), found.upperBound + 12 <= header.count {
            func uint32(at offset: Int) -> Int { header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            let size = (width: uint32(at: found.upperBound + 4), height: uint32(at: found.upperBound + 8))
            if area(size) > (best.map(area) ?? -1) { best = size }
            index = found.upperBound
        }
        return best
    }

    /// Whether a `pixi` (pixel information) property in `header` gives a channel more than 8 bits:
    /// `decodeDeep` then keeps the image at 16 bits.
    package static func hasDeepSamples(header: [UInt8]) -> Bool { (declaredChannelBits(header) ?? 0) > 8 }

    /// The most bits a channel has in any `pixi` (pixel information) property in `header` (a thumbnail's may
    /// come before the primary image's), nil without one.
    private static func declaredChannelBits(_ header: [UInt8]) -> Int? {
        guard sniff(header) != nil else { return nil }
        var most: Int? = nil
        // The box type, 4 bytes of version and flags, the channel count, then each channel's bits.
        for found in header.ranges(of: Array("pixi".utf8)) where found.upperBound + 4 < header.count {
            let start = found.upperBound + 5
            let channels = header[start..<min(header.count, start + Int(header[found.upperBound + 4]))]
            if let bits = channels.max().map(Int.init) { most = max(most ?? 0, bits) }
        }
        return most
    }

    package static func decode(_ bytes: [UInt8], minimumSide: Int?, limits: ImageLimits) throws(CodecError) -> RGBAImage
    {
        guard !bytes.isEmpty else { throw .emptyFile }
        try limits.checkFileSize(bytes.count)
        let format = sniff(bytes)?.name ?? "HEIF"
        let result = bytes.withUnsafeBufferPointer { input in
            Result { () throws(CodecError) -> RGBAImage in try decode(input, format: format, limits: limits) }
        }
        return try result.get()
    }
}
