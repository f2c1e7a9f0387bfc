import CLCMS2
import Support

/// Converts decoded pixels from an embedded colour profile to sRGB with Little CMS 2: the only file that
/// imports lcms2.
///
/// The rendering intent is perceptual, as Pillow's ImageCms and most viewers use by default; for the
/// matrix-and-curve profiles photos carry (Adobe RGB, ProPhoto, Display P3) lcms2 then renders relative
/// colorimetric, since such profiles have no perceptual table. Transforms are made once per profile (keyed by
/// the profile's SHA-256) and kept for the life of the process. A profile lcms2 rejects, or one of a colour
/// space the pixels are not in (a grey profile on an RGB decode), leaves the pixels as they are: sRGB, as
/// for photos without a profile. Deep images (`RGBA16Image`) are converted at 16 bits, through the same cache.
package enum ColorManagement {
    /// The largest embedded profile read; real ones are a few KiB (a CMYK one up to about 1 MiB).
    package static let maxProfileBytes = 4 << 20

    /// lcms2's version, as `--version` reports it.
    static var library: LinkedLibrary {
        let encoded = Int(cmsGetEncodedCMMversion())
        return LinkedLibrary(name: "lcms2", version: "\(encoded / 1000).\(encoded / 10 % 100)")
    }

    /// The primaries of a CICP (`nclx`) colour description (ITU-T H.273 codes) that differ from sRGB's.
    package enum Primaries: Hashable, Sendable {
        /// Display P3 (code 12, SMPTE EG 432-1): the iPhone's default.
        case displayP3
        /// BT.2020 / BT.2100 (code 9).
        case bt2020
    }

    /// Converts `image` (8-bit RGBA, straight alpha kept as it is) from `profile` to sRGB in place; returns
    /// whether it did (false for an unusable profile).
    @discardableResult
    package static func convertToSRGB(_ image: inout RGBAImage, profile: [UInt8]) -> Bool {
        convertToSRGB(&image, profile: profile, matrixShaper: true)
    }

    /// `convertToSRGB(_:profile:)`; `matrixShaper: false` has lcms2 evaluate a matrix-and-curve profile too,
    /// the reference the precomputed tables are checked against.
    static func convertToSRGB(_ image: inout RGBAImage, profile: [UInt8], matrixShaper: Bool) -> Bool {
        let made =
            matrixShaper
            ? transform(.embedded(profile), layout: .rgba, make: { openProfile(profile) })
            // lcms2's own transform, made for this call and not cached.
            : makeTransform(from: openProfile(profile), layout: .rgba, tables: false)
        guard let made else { return convertGrayToSRGB(&image, profile: profile) }
        made.apply(to: &image.pixels)
        return true
    }

    /// A grey profile's conversion of a grey image (every pixel's red, green and blue equal, as the decoders
    /// expand grey samples): each grey level through lcms2's `TYPE_GRAY_8` transform of the profile, made once
    /// into a table of the 256 levels. A grey profile on a colour image is no valid file: left as it is.
    private static func convertGrayToSRGB(_ image: inout RGBAImage, profile: [UInt8]) -> Bool {
        guard let gray = transform(.embedded(profile), layout: .gray, make: { openProfile(profile) }),
            let table = gray.grayTable, isGray(image.pixels)
        else { return false }
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            table.withUnsafeBufferPointer { table in
                for index in stride(from: 0, to: pixels.count - 3, by: 4) {
                    let level = Int(pixels[index]) * 3
                    (pixels[index], pixels[index + 1], pixels[index + 2]) =
                        (table[level], table[level + 1], table[level + 2])
                }
            }
        }
        return true
    }

    /// Whether every 4-sample pixel of `samples` has equal red, green and blue.
    private static func isGray<Sample: FixedWidthInteger>(_ samples: [Sample]) -> Bool {
        samples.withUnsafeBufferPointer { samples in
            for index in stride(from: 0, to: samples.count - 3, by: 4)
            where samples[index] != samples[index + 1] || samples[index] != samples[index + 2] {
                return false
            }
            return true
        }
    }

    /// `convertToSRGB(_:profile:)` for a 16-bit image; `matrixShaper: false` has lcms2 evaluate a
    /// matrix-and-curve profile too, the reference `DeepMatrixShaper` is checked against.
    static func convertToSRGB(_ image: inout RGBA16Image, profile: [UInt8], matrixShaper: Bool) -> Bool {
        guard !matrixShaper else { return convertToSRGB(&image, profile: profile) }
        guard let made = makeTransform(from: openProfile(profile), layout: .rgba16, tables: false) else { return false }
        made.applyPremultiplied(to: &image.samples)
        return true
    }

    /// Whether 8-bit pixels tagged with `profile` go through `MatrixShaper` tables rather than lcms2's own
    /// evaluation: for matrix-and-curve RGB profiles without lookup tables.
    static func hasMatrixShaper(profile: [UInt8]) -> Bool {
        transform(.embedded(profile), layout: .rgba, make: { openProfile(profile) })?.matrixShaper
            != nil
    }

    /// Converts `image` from sRGB-curve RGB in `primaries` (D65 white) to sRGB in place.
    package static func convertToSRGB(_ image: inout RGBAImage, primaries: Primaries) {
        guard
            let transform = transform(
                .primaries(primaries), layout: .rgba,
                make: {
                    makeProfile(primaries)
                })
        else { return }
        transform.apply(to: &image.pixels)
    }

    /// Converts a 16-bit image (premultiplied, as `RGBA16Image` holds it) from `profile` to sRGB in place, at
    /// 16 bits with the 8-bit path's intent (`DeepMatrixShaper` tables for a matrix-and-curve profile, else
    /// lcms2); returns whether it could (false for an unusable profile). A profile whose 8-bit conversion
    /// changes nothing (an sRGB one) leaves the samples as they are.
    @discardableResult
    package static func convertToSRGB(_ image: inout RGBA16Image, profile: [UInt8]) -> Bool {
        convertDeep(&image, from: .embedded(profile), make: { openProfile(profile) })
            || convertGrayToSRGB(&image, profile: profile)
    }

    /// `convertGrayToSRGB(_:profile:)` at 16 bits: a table of all 65 536 levels through lcms2's `TYPE_GRAY_16`
    /// transform, made once per profile.
    private static func convertGrayToSRGB(_ image: inout RGBA16Image, profile: [UInt8]) -> Bool {
        guard let gray = transform(.embedded(profile), layout: .gray16, make: { openProfile(profile) }),
            gray.deepGrayTable != nil, isGray(image.samples)
        else { return false }
        gray.applyPremultiplied(to: &image.samples)
        return true
    }

    /// `convertToSRGB(_:primaries:)` for a 16-bit image.
    package static func convertToSRGB(_ image: inout RGBA16Image, primaries: Primaries) {
        convertDeep(&image, from: .primaries(primaries), make: { makeProfile(primaries) })
    }

    /// `convertToSRGB(_:chromaticities:gamma:)` for a 16-bit image.
    @discardableResult
    package static func convertToSRGB(
        _ image: inout RGBA16Image, chromaticities: Chromaticities, gamma: Double
    ) -> Bool {
        convertDeep(
            &image, from: .chromaticities(chromaticities, gamma: gamma),
            make: { makeProfile(chromaticities, gamma: gamma) })
    }

    /// The 16-bit conversion from `source`, made (and cached) beside its 8-bit one, whose identity probe it
    /// shares: 8-bit and 16-bit decodes of an sRGB-tagged file then agree.
    @discardableResult
    private static func convertDeep(
        _ image: inout RGBA16Image, from source: Source, make: () -> cmsHPROFILE?
    ) -> Bool {
        guard let eightBit = transform(source, layout: .rgba, make: make) else { return false }
        guard !eightBit.isIdentity else { return true }
        guard let deep = transform(source, layout: .rgba16, make: make) else { return false }
        deep.applyPremultiplied(to: &image.samples)
        return true
    }

    /// The primaries and white point of an RGB space as CIE xy chromaticities: what a PNG `cHRM` chunk says.
    package struct Chromaticities: Hashable, Sendable {
        package var white: Point, red: Point, green: Point, blue: Point

        /// A CIE 1931 xy chromaticity.
        package struct Point: Hashable, Sendable {
            package var x: Double, y: Double
            package init(x: Double, y: Double) { self.x = x; self.y = y }
        }

        package init(white: Point, red: Point, green: Point, blue: Point) {
            self.white = white; self.red = red; self.green = green; self.blue = blue
        }

        /// sRGB's (and BT.709's): D65 white.
        package static let sRGB = Chromaticities(
            white: Point(x: 0.3127, y: 0.3290), red: Point(x: 0.64, y: 0.33), green: Point(x: 0.30, y: 0.60),
            blue: Point(x: 0.15, y: 0.06))

        /// Whether every point is within `tolerance` of `other`'s (files round sRGB's to five decimals, or
        /// write the white as 0.3127, 0.329 or 0.31271, 0.32902).
        package func isClose(to other: Chromaticities, tolerance: Double = 0.0015) -> Bool {
            zip([white, red, green, blue], [other.white, other.red, other.green, other.blue]).allSatisfy {
                abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance
            }
        }
    }

    /// Converts `image` (8-bit RGBA, straight alpha kept) from the RGB space of `chromaticities` with a pure
    /// power-law tone curve of `gamma` (a PNG's `cHRM` with the curve libpng encoded its samples in) to sRGB in
    /// place; returns whether it did (false when Little CMS cannot make a profile of them: a white or a
    /// primary at y = 0, primaries on one line).
    @discardableResult
    package static func convertToSRGB(_ image: inout RGBAImage, chromaticities: Chromaticities, gamma: Double) -> Bool {
        guard
            let transform = transform(
                .chromaticities(chromaticities, gamma: gamma), layout: .rgba,
                make: { makeProfile(chromaticities, gamma: gamma) })
        else { return false }
        transform.apply(to: &image.pixels)
        return true
    }

    /// sRGB RGBA pixels of 4-byte CMYK samples through `profile`, nil when the profile is no usable CMYK one.
    /// `inverted` is for Adobe-marked files, which store 255 for no ink.
    package static func convertCMYKToSRGB(_ cmyk: [UInt8], inverted: Bool, profile: [UInt8]) -> [UInt8]? {
        guard
            let transform = transform(
                .embedded(profile), layout: inverted ? .cmykInverted : .cmyk,
                make: { openProfile(profile) })
        else { return nil }
        var pixels = cmyk
        transform.apply(to: &pixels)
        // The CMYK layout's fourth byte is ink, not alpha: the output's alpha is set here.
        pixels.withUnsafeMutableBufferPointer { buffer in
            for index in stride(from: 3, to: buffer.count, by: 4) { buffer[index] = 255 }
        }
        return pixels
    }

    /// sRGB RGBA pixels (8 bits a sample) of 16-bit CMYK samples (0 for no ink, four a pixel) through
    /// `profile` (lcms2's `TYPE_CMYK_16` input), nil when the profile is no usable CMYK one.
    package static func convertCMYKToSRGB(_ cmyk: [UInt16], profile: [UInt8]) -> [UInt8]? {
        guard let transform = transform(.embedded(profile), layout: .cmyk16, make: { openProfile(profile) }),
            let handle = transform.handle
        else { return nil }
        let count = cmyk.count / 4
        var pixels = [UInt8](repeating: 255, count: count * 4)
        guard count > 0 else { return pixels }
        cmyk.withUnsafeBytes { input in
            pixels.withUnsafeMutableBytes { output in
                cmsDoTransform(handle, input.baseAddress, output.baseAddress, cmsUInt32Number(count))
            }
        }
        // The CMYK layout's fourth sample is ink, not alpha: the output's alpha is set here.
        pixels.withUnsafeMutableBufferPointer { buffer in
            for index in stride(from: 3, to: buffer.count, by: 4) { buffer[index] = 255 }
        }
        return pixels
    }

    /// Converts `image` (8-bit RGBA, straight alpha kept) from sRGB to `space` in place, for writing a picture
    /// in a wider space than the one it was made in; sRGB leaves it as it is. Relative colorimetric (the
    /// matrix profiles have no perceptual table), so every sRGB colour keeps its appearance.
    package static func convertFromSRGB(_ image: inout RGBAImage, to space: ColorSpace) {
        guard space == .displayP3, let transform = sRGBToDisplayP3 else { return }
        transform.apply(to: &image.pixels)
    }

    /// The one transform `convertFromSRGB` needs, made on first use.
    private static let sRGBToDisplayP3: Transform? = {
        guard let sRGB = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(sRGB) }
        guard let p3 = makeProfile(.displayP3) else { return nil }
        defer { cmsCloseProfile(p3) }
        let flags = cmsUInt32Number(cmsFLAGS_NOCACHE) | cmsUInt32Number(cmsFLAGS_COPY_ALPHA)
        return cmsCreateTransform(
            sRGB, CLCMS2_TYPE_RGBA_8, p3, CLCMS2_TYPE_RGBA_8, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), flags
        ).map { Transform(handle: $0) }
    }()

    // MARK: - Output profiles

    /// The ICC profile an output file in `space` embeds: made once by Little CMS (its built-in sRGB, or
    /// Display P3 from its primaries, both ICC v4 with parametric curves: under 1 KiB) and kept. The
    /// creation date in the header is fixed, so the same image always encodes to the same bytes.
    package static func outputProfile(_ space: ColorSpace) -> [UInt8] {
        switch space {
        case .srgb: return sRGBOutputProfile
        case .displayP3: return displayP3OutputProfile
        }
    }

    private static let sRGBOutputProfile = savedProfile(cmsCreate_sRGBProfile(), description: nil)
    private static let displayP3OutputProfile = savedProfile(makeProfile(.displayP3), description: "Display P3")

    /// The bytes of `profile` (closed here), with `description` as its description tag when given; empty when
    /// lcms2 failed, which writers take as "no profile".
    private static func savedProfile(_ profile: cmsHPROFILE?, description: String?) -> [UInt8] {
        guard let profile else { return [] }
        defer { cmsCloseProfile(profile) }
        if let description, let text = cmsMLUalloc(nil, 1) {
            defer { cmsMLUfree(text) }
            cmsMLUsetASCII(text, "en", "US", description)
            cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(text))
        }
        var length: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &length) != 0, length >= 128 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard bytes.withUnsafeMutableBytes({ cmsSaveProfileToMem(profile, $0.baseAddress, &length) }) != 0 else {
            return []
        }
        // Header bytes 24..<36: the creation date and time (six big-endian UInt16), set here to 2026-01-01 00:00.
        // The profile ID (bytes 84..<100) is left zero by lcms2, so nothing else depends on them.
        bytes.replaceSubrange(24..<36, with: [0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
        return bytes
    }

    // MARK: - Transforms

    /// What a cached transform converts from: an embedded profile (by its bytes, or its SHA-256 when large),
    /// CICP primaries, or a PNG's chromaticities and gamma.
    private enum Source: Hashable, Sendable {
        case embeddedBytes(ProfileBytes)
        case embeddedDigest([UInt8])
        case primaries(Primaries)
        case chromaticities(Chromaticities, gamma: Double)

        /// A photo's profile as a key: up to 64 KiB (sRGB, Adobe RGB, Display P3 profiles) the bytes
        /// themselves, which hash and compare in well under a microsecond (the SHA-256 of them was a seventh
        /// of a 96 px JPEG's decoding time, profiled); a larger one (CMYK tables) by its digest, so the
        /// cache stays small.
        static func embedded(_ profile: [UInt8]) -> Source {
            profile.count <= 64 << 10 ? .embeddedBytes(ProfileBytes(profile)) : .embeddedDigest(SHA256.digest(profile))
        }
    }

    /// A profile's bytes as a dictionary key, hashed as one block (an array of bytes hashes each element on its
    /// own, which was most of the remaining cost of an sRGB-tagged JPEG's cache lookup).
    private struct ProfileBytes: Hashable, Sendable {
        let bytes: [UInt8]

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes.count)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// The sample layout a transform reads; its output is RGBA of the same sample size (8-bit RGBA for
    /// `cmyk16`), or for the grey layouts a table of RGB per grey level.
    private enum Layout: Hashable, Sendable {
        case rgba, rgba16, cmyk, cmykInverted, cmyk16, gray, gray16

        var lcmsFormat: cmsUInt32Number {
            switch self {
            case .rgba: return CLCMS2_TYPE_RGBA_8
            case .rgba16: return CLCMS2_TYPE_RGBA_16
            case .cmyk: return CLCMS2_TYPE_CMYK_8
            case .cmykInverted: return CLCMS2_TYPE_CMYK_8_REV
            case .cmyk16: return CLCMS2_TYPE_CMYK_16
            case .gray: return CLCMS2_TYPE_GRAY_8
            case .gray16: return CLCMS2_TYPE_GRAY_16
            }
        }

        var outputFormat: cmsUInt32Number {
            switch self {
            case .rgba16: return CLCMS2_TYPE_RGBA_16
            case .gray: return CLCMS2_TYPE_RGB_8
            case .gray16: return CLCMS2_TYPE_RGB_16
            case .rgba, .cmyk, .cmykInverted, .cmyk16: return CLCMS2_TYPE_RGBA_8
            }
        }

        var hasAlpha: Bool { self == .rgba || self == .rgba16 }

        var colorSpace: cmsColorSpaceSignature {
            switch self {
            case .rgba, .rgba16: return cmsSigRgbData
            case .cmyk, .cmykInverted, .cmyk16: return cmsSigCmykData
            case .gray, .gray16: return cmsSigGrayData
            }
        }
    }

    private struct TransformKey: Hashable, Sendable {
        let source: Source
        let layout: Layout
    }

    /// A conversion to sRGB RGBA: `MatrixShaper` tables for a matrix-and-curve RGB profile (the per-pixel
    /// cost of a profiled photo, and no lcms2 transform to make: that costs milliseconds per profile), or
    /// `DeepMatrixShaper` ones at 16 bits, else an lcms2 transform, made with `cmsFLAGS_NOCACHE`, which makes it
    /// safe to use from several threads at once.
    private final class Transform: @unchecked Sendable {
        /// nil when `matrixShaper` or `deepMatrixShaper` is set.
        let handle: cmsHTRANSFORM?
        let matrixShaper: MatrixShaper?
        let deepMatrixShaper: DeepMatrixShaper?
        /// Whether the conversion leaves every probed RGBA pixel as it is (`leavesProbeUnchanged(_:)`): then
        /// `apply` skips the work, which for a photo tagged with an sRGB profile is most of its decoding time.
        let isIdentity: Bool

        /// RGB for each of the 256 grey levels (a `.gray` conversion).
        let grayTable: [UInt8]?
        /// RGB for each of the 65 536 grey levels (a `.gray16` conversion).
        let deepGrayTable: [UInt16]?
        /// Whether lcms2 evaluates every stage of the profile for each pixel (`cmsFLAGS_NOOPTIMIZE`).
        let stageByStage: Bool
        /// The pixels converted stage by stage so far.
        let stageByStagePixels = LockedState(0)

        init(handle: cmsHTRANSFORM, probesIdentity: Bool = false, stageByStage: Bool = false) {
            self.handle = handle
            self.stageByStage = stageByStage
            self.grayTable = nil
            self.deepGrayTable = nil
            self.matrixShaper = nil
            self.deepMatrixShaper = nil
            isIdentity =
                probesIdentity
                && Self.leavesProbeUnchanged { pixels in
                    pixels.withUnsafeMutableBytes { buffer in
                        cmsDoTransform(
                            handle, buffer.baseAddress, buffer.baseAddress, cmsUInt32Number(buffer.count / 4))
                    }
                }
        }

        init(matrixShaper: MatrixShaper) {
            self.handle = nil
            self.stageByStage = false
            self.grayTable = nil
            self.deepGrayTable = nil
            self.matrixShaper = matrixShaper
            self.deepMatrixShaper = nil
            isIdentity = Self.leavesProbeUnchanged { matrixShaper.apply(to: &$0) }
        }

        /// Not probed: `convertDeep` asks the 8-bit transform of the same source whether it is the identity.
        init(deepMatrixShaper: DeepMatrixShaper) {
            self.handle = nil
            self.stageByStage = false
            self.grayTable = nil
            self.deepGrayTable = nil
            self.matrixShaper = nil
            self.deepMatrixShaper = deepMatrixShaper
            isIdentity = false
        }

        /// A grey conversion's table of RGB per level (`grayTable` or `deepGrayTable`).
        init(grayTable: [UInt8]?, deepGrayTable: [UInt16]?) {
            self.handle = nil
            self.stageByStage = false
            self.grayTable = grayTable
            self.deepGrayTable = deepGrayTable
            self.matrixShaper = nil
            self.deepMatrixShaper = nil
            isIdentity = false
        }

        deinit { if let handle { cmsDeleteTransform(handle) } }

        /// Converts 4-byte pixels in place.
        func apply(to pixels: inout [UInt8]) {
            let count = pixels.count / 4
            guard count > 0, !isIdentity else { return }
            if let matrixShaper {
                matrixShaper.apply(to: &pixels)
                return
            }
            guard let handle else { return }
            pixels.withUnsafeMutableBytes { buffer in
                // lcms2 allows the same buffer as input and output when both layouts have the same size.
                cmsDoTransform(handle, buffer.baseAddress, buffer.baseAddress, cmsUInt32Number(count))
            }
        }

        /// Converts premultiplied 16-bit RGBA samples in place (an `.rgba16` transform): the conversions take
        /// straight colours, so partly transparent pixels are divided by their alpha first and multiplied again
        /// after.
        func applyPremultiplied(to samples: inout [UInt16]) {
            guard handle != nil || deepMatrixShaper != nil || deepGrayTable != nil, samples.count >= 4 else { return }
            samples.withUnsafeMutableBufferPointer { samples in
                // In Float, whose 24-bit mantissa keeps the scaled sample well within a 16-bit step.
                func scaleTranslucent(_ scale: (Float) -> Float) {
                    for index in stride(from: 0, to: samples.count - 3, by: 4) {
                        let alpha = samples[index + 3]
                        guard alpha != 65535, alpha != 0 else { continue }
                        let factor = scale(Float(alpha))
                        for channel in index..<index + 3 {
                            samples[channel] = UInt16(min(65535, Float(samples[channel]) * factor + 0.5))
                        }
                    }
                }
                scaleTranslucent { 65535 / $0 }
                if let deepMatrixShaper {
                    deepMatrixShaper.apply(to: samples)
                } else if let deepGrayTable {
                    deepGrayTable.withUnsafeBufferPointer { table in
                        for index in stride(from: 0, to: samples.count - 3, by: 4) {
                            let level = Int(samples[index]) * 3
                            (samples[index], samples[index + 1], samples[index + 2]) =
                                (table[level], table[level + 1], table[level + 2])
                        }
                    }
                } else if let handle {
                    cmsDoTransform(handle, samples.baseAddress, samples.baseAddress, cmsUInt32Number(samples.count / 4))
                    if stageByStage { stageByStagePixels.withLock { $0 += samples.count / 4 } }
                }
                scaleTranslucent { $0 / 65535 }
            }
        }

        /// Whether `convert` maps every pixel of a probe to itself: all 256 greys and
        /// primaries' ramps, a 17-step cube, and 16 384 pseudo-random colours (a fixed sequence). An sRGB
        /// profile such as Little CMS's own (which chat-tui's outputs embed) passes; a profile that moves any of
        /// these colours by one step does not, and is converted as before.
        private static func leavesProbeUnchanged(_ convert: (inout [UInt8]) -> Void) -> Bool {
            var probe: [UInt8] = []
            probe.reserveCapacity((256 * 4 + 17 * 17 * 17 + 16_384) * 4)
            for value in 0...255 {
                let v = UInt8(value)
                probe += [v, v, v, 255, v, 0, 0, 255, 0, v, 0, 255, 0, 0, v, 255]
            }
            let steps = (0...16).map { UInt8(min(255, $0 * 16)) }
            for r in steps { for g in steps { for b in steps { probe += [r, g, b, 255] } } }
            // A linear congruential sequence (Knuth's MMIX constants): the same colours every time.
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            for _ in 0..<16_384 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                probe += [
                    UInt8(truncatingIfNeeded: state >> 56), UInt8(truncatingIfNeeded: state >> 48),
                    UInt8(truncatingIfNeeded: state >> 40), 255,
                ]
            }
            var converted = probe
            convert(&converted)
            return converted == probe
        }
    }

    /// Transforms made so far; nil for a source that could not be used, so it is not tried again. Bounded:
    /// emptied when it holds `maxCachedTransforms`.
    private static let transforms = LockedState<[TransformKey: Transform?]>([:])
    private static let maxCachedTransforms = 64

    private static func transform(_ source: Source, layout: Layout, make: () -> cmsHPROFILE?) -> Transform? {
        let key = TransformKey(source: source, layout: layout)
        if let cached = transforms.withLock({ $0[key] }) { return cached }
        let made = makeTransform(from: make(), layout: layout)
        transforms.withLock { cache in
            if cache.count >= maxCachedTransforms { cache.removeAll() }
            cache[key] = made
        }
        return made
    }

    /// The conversion of `profile` (closed here) to sRGB: tables when `tables` allows and the profile has the
    /// form, else lcms2's transform.
    private static func makeTransform(from profile: cmsHPROFILE?, layout: Layout, tables: Bool = true) -> Transform? {
        guard let profile else { return nil }
        defer { cmsCloseProfile(profile) }
        guard cmsGetColorSpace(profile) == layout.colorSpace, let sRGB = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(sRGB) }
        if tables, layout == .rgba,
            let matrixShaper = matrixShaperStages(
                profile, to: sRGB,
                {
                    linearize, matrix, encode in
                    MatrixShaper(linearize: { linearize($0, Double($1) / 255) }, matrix: matrix, encode: encode)
                })
        {
            return Transform(matrixShaper: matrixShaper)
        }
        if tables, layout == .rgba16, let deep = matrixShaperStages(profile, to: sRGB, DeepMatrixShaper.init) {
            return Transform(deepMatrixShaper: deep)
        }
        if layout == .gray || layout == .gray16 { return grayTables(profile, to: sRGB, layout: layout) }
        // COPY_ALPHA carries the RGBA layouts' alpha through untouched. At 16 bits lcms2 would otherwise fold
        // a matrix-and-curve conversion into a sampled table, several levels off near black and where
        // out-of-gamut colours clip (measured on Adobe RGB); evaluated stage by stage it stays within the 8-bit
        // tables' rounding, slowly. A profile with lookup tables is evaluated stage by stage at a cost per pixel
        // that made a 0.4 MB 16-bit PNG take 17 s, so its conversion is sampled once into lcms2's finest table
        // (HIGHRESPRECALC), within a level of the stage-by-stage result at 8 bits.
        var flags = cmsUInt32Number(cmsFLAGS_NOCACHE) | (layout.hasAlpha ? cmsUInt32Number(cmsFLAGS_COPY_ALPHA) : 0)
        let stageByStage = layout == .rgba16 && (!tables || !hasLookupTables(profile))
        if stageByStage {
            flags |= cmsUInt32Number(cmsFLAGS_NOOPTIMIZE)
        } else if layout == .rgba16 {
            flags |= cmsUInt32Number(cmsFLAGS_HIGHRESPRECALC)
        }
        guard
            let handle = cmsCreateTransform(
                profile, layout.lcmsFormat, sRGB, layout.outputFormat,
                cmsUInt32Number(INTENT_PERCEPTUAL), flags)
        else { return nil }
        return Transform(handle: handle, probesIdentity: layout == .rgba, stageByStage: stageByStage)
    }

    /// Every grey level of `profile` through lcms2's transform to sRGB, as lcms2 converts grey pixels.
    private static func grayTables(_ profile: cmsHPROFILE, to sRGB: cmsHPROFILE, layout: Layout) -> Transform? {
        let flags = cmsUInt32Number(cmsFLAGS_NOCACHE)
        guard
            let handle = cmsCreateTransform(
                profile, layout.lcmsFormat, sRGB, layout.outputFormat, cmsUInt32Number(INTENT_PERCEPTUAL), flags)
        else { return nil }
        defer { cmsDeleteTransform(handle) }
        func table<Sample: FixedWidthInteger & UnsignedInteger>(_: Sample.Type) -> [Sample] {
            let levels = (0...Int(Sample.max)).map { Sample($0) }
            var table = [Sample](repeating: 0, count: levels.count * 3)
            levels.withUnsafeBytes { input in
                table.withUnsafeMutableBytes { output in
                    cmsDoTransform(handle, input.baseAddress, output.baseAddress, cmsUInt32Number(levels.count))
                }
            }
            return table
        }
        return layout == .gray
            ? Transform(grayTable: table(UInt8.self), deepGrayTable: nil)
            : Transform(grayTable: nil, deepGrayTable: table(UInt16.self))
    }

    /// Whether `profile` converts to the connection space through lookup tables for the perceptual intent
    /// rather than (only) a matrix and curves.
    private static func hasLookupTables(_ profile: cmsHPROFILE) -> Bool {
        cmsIsMatrixShaper(profile) == 0
            || cmsIsCLUT(profile, cmsUInt32Number(INTENT_PERCEPTUAL), cmsUInt32Number(LCMS_USED_AS_INPUT)) != 0
    }

    /// How many pixels the cached 16-bit conversion of `profile` has evaluated stage by stage, lcms2's slow
    /// path (nil when no such conversion was made): the work a decode asked of lcms2 per pixel.
    static func stageByStagePixels(deepProfile profile: [UInt8]) -> Int? {
        let key = TransformKey(source: .embedded(profile), layout: .rgba16)
        guard let cached = transforms.withLock({ $0[key] }), let transform = cached else { return nil }
        return transform.stageByStagePixels.withLock { $0 }
    }

    /// `profile`'s conversion to `sRGB` as tables (`MatrixShaper`, `DeepMatrixShaper`) that `make` builds from
    /// its stages: each channel's curve (channel 0...2, sample 0...1), the matrix and sRGB's encoding; nil
    /// unless both are matrix-and-curve RGB profiles (one with lookup tables for the intent is evaluated by
    /// lcms2). For these lcms2 renders the perceptual intent as relative colorimetric between the colorants
    /// (D50-adapted in every ICC profile), and its black-point compensation changes nothing, both blacks being
    /// zero.
    private static func matrixShaperStages<Tables>(
        _ profile: cmsHPROFILE, to sRGB: cmsHPROFILE,
        _ make: (_ linearize: (Int, Double) -> Double, _ matrix: [[Double]], _ encode: (Double) -> Double) -> Tables?
    ) -> Tables? {
        let intent = cmsUInt32Number(INTENT_PERCEPTUAL)
        guard cmsIsMatrixShaper(profile) != 0, cmsIsCLUT(profile, intent, cmsUInt32Number(LCMS_USED_AS_INPUT)) == 0,
            let source = colorants(profile), let destination = colorants(sRGB),
            let toSRGB = MatrixShaper.inverse(destination)
        else { return nil }
        let tags = [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag]
        let curves = tags.compactMap { cmsReadTag(profile, $0).map(OpaquePointer.init) }
        guard curves.count == 3, let sRGBCurve = cmsReadTag(sRGB, cmsSigRedTRCTag).map(OpaquePointer.init),
            let encoding = cmsReverseToneCurve(sRGBCurve)
        else { return nil }
        defer { cmsFreeToneCurve(encoding) }
        return make(
            { channel, sample in Double(cmsEvalToneCurveFloat(curves[channel], Float(sample))) },
            MatrixShaper.product(toSRGB, source),
            { Double(cmsEvalToneCurveFloat(encoding, Float($0))) })
    }

    /// The matrix from linear RGB to PCS XYZ of a matrix-and-curve profile: its colorants as columns.
    private static func colorants(_ profile: cmsHPROFILE) -> [[Double]]? {
        let tags = [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag]
        let columns = tags.compactMap { cmsReadTag(profile, $0)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee }
        guard columns.count == 3 else { return nil }
        return [columns.map(\.X), columns.map(\.Y), columns.map(\.Z)]
    }

    private static func openProfile(_ bytes: [UInt8]) -> cmsHPROFILE? {
        guard !bytes.isEmpty, bytes.count <= maxProfileBytes else { return nil }
        return bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
    }

    /// An RGB profile of `chromaticities` with a power-law tone curve of `gamma`; nil for values Little CMS
    /// cannot use (it checks the matrix they make) or that are no chromaticities at all.
    private static func makeProfile(_ chromaticities: Chromaticities, gamma: Double) -> cmsHPROFILE? {
        let points = [chromaticities.white, chromaticities.red, chromaticities.green, chromaticities.blue]
        // y = 0 divides by zero in XYZ; x + y > 1 is outside the diagram; a gamma outside this is no photo's.
        guard points.allSatisfy({ $0.x >= 0 && $0.y > 0 && $0.x + $0.y <= 1 }), (0.5...5).contains(gamma) else {
            return nil
        }
        func xyY(_ point: Chromaticities.Point) -> cmsCIExyY { cmsCIExyY(x: point.x, y: point.y, Y: 1) }
        var white = xyY(chromaticities.white)
        var triple = cmsCIExyYTRIPLE(
            Red: xyY(chromaticities.red), Green: xyY(chromaticities.green), Blue: xyY(chromaticities.blue))
        guard let curve = cmsBuildGamma(nil, gamma) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        return curves.withUnsafeMutableBufferPointer { pointers in
            cmsCreateRGBProfile(&white, &triple, pointers.baseAddress)
        }
    }

    /// An RGB profile with `primaries`, D65 white and the sRGB tone curve.
    private static func makeProfile(_ primaries: Primaries) -> cmsHPROFILE? {
        let (red, green, blue): ((Double, Double), (Double, Double), (Double, Double))
        switch primaries {
        case .displayP3: (red, green, blue) = ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060))
        case .bt2020: (red, green, blue) = ((0.708, 0.292), (0.170, 0.797), (0.131, 0.046))
        }
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var chromaticities = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: red.0, y: red.1, Y: 1),
            Green: cmsCIExyY(x: green.0, y: green.1, Y: 1),
            Blue: cmsCIExyY(x: blue.0, y: blue.1, Y: 1))
        // IEC 61966-2-1: parametric type 4, Y = ((X + 0.055) / 1.055)^2.4 above 0.04045, X / 12.92 below.
        var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        guard let curve = cmsBuildParametricToneCurve(nil, 4, &parameters) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        return curves.withUnsafeMutableBufferPointer { pointers in
            cmsCreateRGBProfile(&white, &chromaticities, pointers.baseAddress)
        }
    }
}
