import Foundation
import GroupIcon
import ImagingTestSupport
import Testing

/// Member photos in every input format, composed through the live pipeline (decode, colour management,
/// resampling, compositing), give the same picture as the same group made of the sRGB PNG original.
///
/// The measure is the mean CIEDE2000 difference over the tiles' pixels (the background around them is the
/// same in both and would only dilute it). ΔE2000 1 is about the smallest difference an observer sees side by
/// side. Bounds, from the figures measured at 120 pt (in brackets) with headroom: files whose pixels are the
/// original's give 0 exactly; GIF's and the BMP's 256-colour palette 0.8 (0.51); lossy codecs at quality 95,
/// 4:2:0 chroma, 1.5 (WebP 1.06, AVIF 0.71, Display P3 HEIC 0.64, HEIC 0.55); profiled lossless files 0.5
/// (0.07 to 0.20: 8-bit quantisation in the wider space), the Adobe RGB PNG tagged by `cHRM` and `gAMA` alone
/// included; profiled JPEGs 2.0 (Adobe RGB 1.22, ProPhoto 1.41:
/// JPEG's loss on top of that quantisation); the CMYK JPEG 3.5 (2.93: the perceptual conversion into the press
/// gamut compresses saturated colours and converting back cannot restore them); the group of nine formats 1.0
/// (0.31). Read without their profiles the profiled PNGs measure 2.27 (Display P3) to 8.38 (ProPhoto), over four
/// times their bound (`unmanagedPhotosAreFarOff`): a decode that skipped colour management would fail.
@Suite struct MemberPhotoFormatTests {
    private static let parameters = CompositionParameters(layout: .wechat, size: 120, scale: 1)

    @Test(arguments: [
        ("lossless.webp", 0.0), ("animated.webp", 0.0), ("rgb.tiff", 0.0), ("orientation-6.tiff", 0.0),
        ("cmyk.tiff", 0.0), ("rgb24.bmp", 0.0), ("still.gif", 0.8), ("interlaced.gif", 0.8), ("palette8.bmp", 0.8),
        ("lossy.webp", 1.5), ("photo.heic", 1.5), ("photo.avif", 1.5), ("display-p3.heic", 1.5),
        ("adobe-rgb.png", 0.5), ("adobe-rgb.tiff", 0.5), ("prophoto.png", 0.5), ("display-p3.png", 0.5),
        ("display-p3.webp", 0.5), ("adobe-rgb-chrm.png", 0.5), ("adobe-rgb.jpg", 2.0), ("prophoto.jpg", 2.0),
        ("cmyk-profiled.jpg", 3.5),
    ])
    func eachFormatComposesLikeTheSRGBOriginal(name: String, maxMeanDeltaE2000: Double) async throws {
        let (composite, warnings) = try await Self.compose(Array(repeating: name, count: 4))
        let (original, _) = try await Self.compose(Array(repeating: "original.png", count: 4))
        #expect(warnings.isEmpty, "\(name): \(warnings)")
        let difference = Self.meanDeltaE2000(composite, original, members: 4)
        #expect(difference <= maxMeanDeltaE2000, "\(name): mean ΔE2000 \(difference)")
    }

    /// A group with a member in each format at once: nine tiles, each its own file.
    @Test func aGroupOfEveryFormatComposesLikeTheOriginals() async throws {
        let names = [
            "lossless.webp", "still.gif", "photo.heic", "photo.avif", "rgb.tiff", "rgb24.bmp", "adobe-rgb.jpg",
            "prophoto.png", "display-p3.heic",
        ]
        let (composite, warnings) = try await Self.compose(names)
        let (original, _) = try await Self.compose(Array(repeating: "original.png", count: names.count))
        #expect(warnings.isEmpty, "\(warnings)")
        let difference = Self.meanDeltaE2000(composite, original, members: names.count)
        #expect(difference <= 1.0, "mean ΔE2000 \(difference)")
    }

    /// The same profiled files with their profiles ignored (each decoded as if sRGB: Pillow's plain reading,
    /// `.unmanaged.png`, made by the corpus script) are far from the original: the bound above is tight enough
    /// to catch a decode that skips colour management.
    @Test(arguments: ["adobe-rgb.png", "prophoto.png", "display-p3.png"])
    func unmanagedPhotosAreFarOff(name: String) async throws {
        let (unmanaged, _) = try await Self.compose(Array(repeating: name + ".unmanaged.png", count: 4))
        let (original, _) = try await Self.compose(Array(repeating: "original.png", count: 4))
        let difference = Self.meanDeltaE2000(unmanaged, original, members: 4)
        #expect(difference > 2.0, "\(name) without its profile: mean ΔE2000 \(difference)")
    }

    // MARK: - Support

    /// The composite of a group whose members' photos are the corpus files `names`, and its warnings.
    private static func compose(_ names: [String]) async throws -> (RGBAImage, [String]) {
        let folder = try FormatCorpus.folder
        let members = names.enumerated().map { index, name in
            MemberSource(id: "m\(index)", name: name, imagePath: folder.appendingPathComponent(name).path)
        }
        let pipeline = AvatarPipeline(dependencies: .live, configuration: PipelineConfiguration(compositeCache: nil))
        let response = try await pipeline.composite(members: members, parameters: parameters)
        return (response.composite.image, response.composite.warnings.map(\.description))
    }

    /// The mean ΔE2000 over the pixels inside the tiles of a `members`-member group (one pixel in from each
    /// edge, where the anti-aliased borders mix in the background).
    private static func meanDeltaE2000(_ image: RGBAImage, _ reference: RGBAImage, members: Int) -> Double {
        let scale = Double(parameters.scale)
        let frames = Layouts.tiles(count: members, parameters: parameters).map(\.frame)
        return ColorDifference.meanDeltaE2000(image, reference) { x, y in
            let (px, py) = ((Double(x) + 0.5) / scale, (Double(y) + 0.5) / scale)
            return frames.contains { frame in
                px > frame.minX + 1 && px < frame.maxX - 1 && py > frame.minY + 1 && py < frame.maxY - 1
            }
        }
    }
}
