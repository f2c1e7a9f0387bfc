import FileSystem
import Foundation
import GroupIcon
import ImagingTestSupport
import Testing

/// `Composite.write(to:format:options:)` and `encoded(as:options:)`: the files decode back, the options reach
/// the encoders, failures name the path and leave nothing behind.
@Suite struct CompositeWritingTests {
    /// A 40x30 composite with a transparent corner and a few colours, so lossy and flattened output differ.
    static let composite: Composite = {
        var image = RGBAImage(width: 40, height: 30, fill: RGBA8(r: 200, g: 40, b: 90, a: 255))
        for y in 0..<10 { for x in 0..<10 { image[x, y] = .transparent } }
        for y in 15..<30 { for x in 20..<40 { image[x, y] = RGBA8(r: 10, g: 180, b: 60, a: 255) } }
        return Composite(image: image)
    }()

    private static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/composite-writing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func pngAndLosslessWebPComeBackExactly() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for format in [OutputFormat.png, .webp] {
            let path = folder + "/group." + format.fileExtension
            try Self.composite.write(to: path, format: format)
            let bytes = try FileIO.readRegularFile(path: path, maxBytes: 1 << 20)
            #expect(bytes == (try Self.composite.encoded(as: format)))
            #expect(try ImageDecoder.decode(bytes) == Self.composite.image, "\(format)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["group.png", "group.webp"])
    }

    @Test func jpegQualityAndBackgroundReachTheEncoder() throws {
        let low = try Self.composite.encoded(as: .jpeg, options: EncodingOptions(quality: 5))
        let high = try Self.composite.encoded(as: .jpeg, options: EncodingOptions(quality: 100))
        #expect(ImageDecoder.sniff(low) == .jpeg && low.count < high.count)
        let onBlack = try ImageDecoder.decode(
            Self.composite.encoded(as: .jpeg, options: EncodingOptions(quality: 100, jpegBackground: .black)))
        let onWhite = try ImageDecoder.decode(Self.composite.encoded(as: .jpeg))
        #expect(onBlack.width == 40 && onBlack.height == 30)
        #expect(onBlack[2, 2].r < 20 && onWhite[2, 2].r > 235, "the transparent corner takes the background")
    }

    @Test func lossyWebPDiffersFromLossless() throws {
        let lossy = try Self.composite.encoded(as: .webp, options: EncodingOptions(quality: 50))
        let lossless = try Self.composite.encoded(as: .webp)
        #expect(lossy != lossless)
        let decoded = try ImageDecoder.decode(lossy)
        #expect(decoded.width == 40 && decoded.height == 30)
    }

    @Test func metadataIsRecordedOnlyWhenGiven() throws {
        let metadata = ImageMetadata([ImageMetadata.Entry("Title", "周末骑行群")])
        for format in OutputFormat.allCases {
            let recorded = try Self.composite.encoded(as: format, options: EncodingOptions(metadata: metadata))
            #expect(ImageMetadata.read(from: recorded)?["Title"] == "周末骑行群", "\(format)")
            #expect(ImageMetadata.read(from: try Self.composite.encoded(as: format)) == nil, "\(format)")
        }
    }

    /// `colorSpace: .displayP3` writes every format in Display P3 with the P3 profile embedded, and the file
    /// reads back (through the decoders' colour management) as the sRGB composite: mean CIEDE2000 under 0.5 for
    /// PNG and lossless WebP (the 8-bit quantisation in P3; measured 0.07), and for JPEG within 0.5 of what the
    /// sRGB JPEG's reading costs.
    @Test func displayP3FilesCarryTheirProfileAndReadBackAsTheSRGBComposite() throws {
        let composite = Composite(image: try FormatCorpus.image("original.png"))
        let p3 = EncodingOptions(colorSpace: .displayP3)
        let profile = ColorManagement.outputProfile(.displayP3)
        let png = try composite.encoded(as: .png, options: p3)
        #expect(PNGCodec.iccProfile(in: png) == profile && PNGCodec.sRGBIntent(in: png) == nil)
        let jpeg = try composite.encoded(as: .jpeg, options: p3)
        #expect(JPEGCodec.iccProfile(in: jpeg) == profile)
        let webp = try composite.encoded(as: .webp, options: p3)
        #expect(WebPChunks.payload(of: "ICCP", in: webp).map(Array.init) == profile)
        // The pixels were converted: the files differ from the sRGB ones.
        #expect(png != (try composite.encoded(as: .png)))

        for (format, bytes) in [(OutputFormat.png, png), (.webp, webp)] {
            let difference = ColorDifference.meanDeltaE2000(try ImageDecoder.decode(bytes), composite.image)
            #expect(difference < 0.5, "\(format): \(difference)")
        }
        let sRGBJPEGCost = ColorDifference.meanDeltaE2000(
            try ImageDecoder.decode(try composite.encoded(as: .jpeg)), composite.image)
        let jpegCost = ColorDifference.meanDeltaE2000(try ImageDecoder.decode(jpeg), composite.image)
        #expect(jpegCost < sRGBJPEGCost + 0.5, "P3 \(jpegCost), sRGB \(sRGBJPEGCost)")
    }

    @Test func replacingAFileIsAtomicAndKeepsNoTemporaryFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/group.png"
        try FileIO.writeAtomically(Array("old".utf8), to: path)
        try Self.composite.write(to: path, format: .png)
        #expect(try ImageDecoder.decode(FileIO.readRegularFile(path: path, maxBytes: 1 << 20)) == Self.composite.image)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["group.png"])
    }

    @Test func failuresNameThePathAndLeaveTheOldFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = folder + "/no-such-folder/group.png"
        #expect(throws: CompositeWriteError.self) { try Self.composite.write(to: missing, format: .png) }
        do {
            try Self.composite.write(to: missing, format: .png)
        } catch {
            #expect(error.description.hasPrefix("\(missing): cannot write the avatar: "))
            #expect(error.description.contains("does not exist"))
        }
        #expect(throws: CompositeWriteError.cannotWrite(path: folder, reason: "is a directory, not a file")) {
            try Self.composite.write(to: folder, format: .png)
        }

        // WebP holds at most 16383 px a side: the encoder's refusal names the file, which is left as it was.
        let path = folder + "/wide.webp"
        try FileIO.writeAtomically(Array("old".utf8), to: path)
        let wide = Composite(image: RGBAImage(width: 16384, height: 1, fill: .white))
        do {
            try wide.write(to: path, format: .webp)
            Issue.record("a 16384 px wide WebP was written")
        } catch {
            guard case .cannotEncode(path, .webp, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("16383"))
            #expect(error.description.hasPrefix("\(path): cannot encode the avatar as WEBP: "))
        }
        #expect(try FileIO.readRegularFile(path: path, maxBytes: 16) == Array("old".utf8))
    }
}
