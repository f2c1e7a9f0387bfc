import CHeif

/// HEIC and AVIF decoding through libheif (HEVC by libde265, AV1 by dav1d or libaom, as Debian builds it):
/// the primary image with its alpha, the `irot`/`imir`/`clap` transformations applied by libheif, and a `colr`
/// ICC profile or `nclx` primaries converted to sRGB. Deeper than 8-bit images (10-bit HDR photos) are
/// reduced to 8 bits by libheif, once. The EXIF orientation is not applied on top: HEIF's own
/// transformations are the authoritative ones, and writers that set both (iPhones) set them to agree.
///
/// The only file that imports libheif.
package enum HEIFCodec {
    /// A `heif_error` as a `CodecError`, with libheif's message.
    private static func corrupt(_ error: heif_error, _ format: String) -> CodecError {
        let detail = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        return .corruptImage(format: format, detail: detail)
    }

    private static func decode(
        _ input: UnsafeBufferPointer<UInt8>, format: String,
        limits: ImageLimits
    ) throws(CodecError) -> RGBAImage {
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
        // The size after transformations (a grid's whole canvas), checked before any tile is decoded.
        let width = Int(heif_image_handle_get_width(handle)), height = Int(heif_image_handle_get_height(handle))
        let byteCount = try limits.checkDimensions(width: width, height: height)
        // RGBA whether or not the image has alpha: libheif's colour conversion then writes opaque alpha itself,
        // so its rows are ours byte for byte.
        var decoded: OpaquePointer?
        error = heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil)
        guard error.code == heif_error_Ok, let decoded else { throw corrupt(error, format) }
        defer { heif_image_release(decoded) }
        var stride: Int32 = 0
        guard heif_image_get_width(decoded, heif_channel_interleaved) == Int32(width),
            heif_image_get_height(decoded, heif_channel_interleaved) == Int32(height),
            let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride)
        else {
            throw .corruptImage(format: format, detail: "libheif returned no pixels of the declared size")
        }
        let rowBytes = width * 4
        guard Int(stride) >= rowBytes else {
            throw .corruptImage(format: format, detail: "libheif returned rows shorter than the image")
        }
        // Not zeroed first: every row is copied over (libheif pads its rows, so one copy each).
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { output, initialized in
            for y in 0..<height {
                (output.baseAddress! + y * rowBytes).update(from: plane + y * Int(stride), count: rowBytes)
            }
            initialized = byteCount
        }
        guard var image = RGBAImage(width: width, height: height, pixels: pixels) else {
            throw .emptyImage(width: width, height: height)
        }
        convertToSRGB(&image, handle: handle)
        return image
    }

    /// Applies the handle's colour description: an ICC profile, else the primaries of an `nclx` box (its
    /// transfer curve is taken to be sRGB's, which Display P3 photos use).
    private static func convertToSRGB(_ image: inout RGBAImage, handle: OpaquePointer) {
        switch heif_image_handle_get_color_profile_type(handle) {
        case heif_color_profile_type_prof, heif_color_profile_type_rICC:
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            guard size > 0, size <= ColorManagement.maxProfileBytes else { return }
            var profile = [UInt8](repeating: 0, count: size)
            let error = profile.withUnsafeMutableBytes {
                heif_image_handle_get_raw_color_profile(handle, $0.baseAddress)
            }
            if error.code == heif_error_Ok { ColorManagement.convertToSRGB(&image, profile: profile) }
        case heif_color_profile_type_nclx:
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            let error = heif_image_handle_get_nclx_color_profile(handle, &nclx)
            // libheif hands over the profile it allocated even when it then refuses the values in it
            // (unknown primaries): it is ours to free either way.
            defer { if let nclx { heif_nclx_color_profile_free(nclx) } }
            guard error.code == heif_error_Ok, let nclx else { return }
            switch nclx.pointee.color_primaries {
            case heif_color_primaries_SMPTE_EG_432_1: ColorManagement.convertToSRGB(&image, primaries: .displayP3)
            case heif_color_primaries_ITU_R_BT_2020_2_and_2100_0:
                ColorManagement.convertToSRGB(&image, primaries: .bt2020)
            default: return
            }
        default:
            return
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

extension HEIFCodec: ImageFormatDecoder {
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
