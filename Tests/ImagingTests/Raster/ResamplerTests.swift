import Foundation
import ImagingTestSupport
import Testing

@testable import Imaging

@Suite struct ResamplerTests {
    @Test func matchesPillowLanczosOfTheCentreCrop() throws {
        let cases = try RasterResources.cases()
        #expect(cases.count == 8)
        for testCase in cases {
            let source = try #require(try RasterResources.image(testCase.source))
            let expected = try #require(try RasterResources.image(testCase.reference))
            let frame = Rect(
                x: testCase.frame[0], y: testCase.frame[1], width: testCase.frame[2],
                height: testCase.frame[3])
            let region = PixelBox(
                x: testCase.region[0], y: testCase.region[1], width: testCase.region[2],
                height: testCase.region[3])
            #expect(region == PixelBox(enclosing: frame), "\(testCase.name)")
            let result = try #require(Resampler.resample(source, frame: frame, region: region))
            #expect(result.width == expected.width && result.height == expected.height, "\(testCase.name)")
            let psnr = premultipliedPSNR(result, expected)
            #expect(psnr >= 38, "\(testCase.name): \(psnr) dB")
        }
    }

    @Test func centreCropKeepsTheAspectRatioAndCentres() {
        #expect(
            Resampler.centreCrop(width: 512, height: 384, aspectRatio: 1) == Rect(x: 64, y: 0, width: 384, height: 384))
        #expect(
            Resampler.centreCrop(width: 300, height: 500, aspectRatio: 1) == Rect(x: 0, y: 100, width: 300, height: 300)
        )
        #expect(
            Resampler.centreCrop(width: 400, height: 100, aspectRatio: 2) == Rect(x: 100, y: 0, width: 200, height: 100)
        )
    }

    @Test func uniformColorStaysUniform() throws {
        let source = RGBAImage(width: 37, height: 23, fill: RGBA8(r: 200, g: 100, b: 50, a: 128))
        for (width, height) in [(5, 5), (80, 31), (1, 1)] {
            let result = Resampler.resample(source, width: width, height: height)
            #expect(result.width == width && result.height == height)
            for y in 0..<height {
                for x in 0..<width { #expect(result[x, y] == RGBA8(r: 200, g: 100, b: 50, a: 128)) }
            }
        }
    }

    @Test(arguments: [VectorKernels.portable, .avx2])
    func anOpaquePhotoStaysExactlyOpaque(kernels: VectorKernels) {
        guard kernels == .portable || VectorKernels.fastest == .avx2 else { return }
        // A busy opaque photo at scales whose Float weights do not sum to exactly 1: every alpha must come out
        // as 255 itself, not 254.9998 (which the last pass would divide by), and the colours stay valid.
        var source = RGBAImage(width: 173, height: 131, fill: .white)
        for y in 0..<131 {
            for x in 0..<173 {
                source[x, y] = RGBA8(r: UInt8((x * 7 + y * 3) % 256), g: UInt8((x * y) % 256), b: UInt8((x ^ y) % 256))
            }
        }
        for (width, height) in [(120, 97), (61, 83), (173, 131), (200, 150)] {
            let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            let pixels = Resampler.premultiplied(
                source, frame: frame, region: PixelBox(x: 0, y: 0, width: width, height: height), kernels: kernels)
            let notOpaque = pixels.values.filter { $0[3] != 255 }.count
            #expect(notOpaque == 0, "\(width)x\(height): \(notOpaque) pixels with alpha other than 255")
            #expect(pixels.values.allSatisfy { ($0 .<= SIMD4(repeating: 255)) == .init(repeating: true) })
        }
    }

    @Test(arguments: [VectorKernels.portable, .avx2])
    func anAlphaBelow255StaysBelowIt(kernels: VectorKernels) {
        guard kernels == .portable || VectorKernels.fastest == .avx2 else { return }
        // Only Float noise is taken as opaque: a real 254 is kept, and so is a mix just short of 255.
        let source = RGBAImage(width: 40, height: 40, fill: RGBA8(r: 90, g: 180, b: 30, a: 254))
        let frame = Rect(x: 0, y: 0, width: 23, height: 29)
        let pixels = Resampler.premultiplied(
            source, frame: frame, region: PixelBox(x: 0, y: 0, width: 23, height: 29), kernels: kernels)
        #expect(pixels.values.allSatisfy { abs($0[3] - 254) < 0.01 })
    }

    @Test func transparentPixelsDoNotBleedTheirColor() {
        // Left half opaque red, right half transparent *green*: premultiplied filtering must not turn the
        // boundary greenish, whatever the straight colour hidden under zero alpha.
        var source = RGBAImage(width: 40, height: 10, fill: RGBA8(r: 255, g: 0, b: 0))
        for y in 0..<10 { for x in 20..<40 { source[x, y] = RGBA8(r: 0, g: 255, b: 0, a: 0) } }
        let result = Resampler.resample(source, width: 16, height: 4)
        for y in 0..<4 {
            for x in 0..<16 where result[x, y].a > 8 {
                #expect(result[x, y].g <= 2, "pixel \(x),\(y): \(result[x, y])")
                #expect(result[x, y].r >= 250)
            }
        }
        #expect(result[0, 0].a == 255 && result[15, 0].a == 0)
    }

    @Test func blockAveragedRowsMixingOpaqueAndTransparentBlocksKeepTheirColors() {
        // A 10x reduction averages 5x5 blocks first. The top half is opaque blue throughout; the bottom half is
        // opaque red on the left and transparent *green* on the right, so its block rows take the
        // premultiplied path while the top ones take the opaque one.
        var source = RGBAImage(width: 80, height: 40, fill: RGBA8(r: 0, g: 0, b: 255))
        for y in 20..<40 {
            for x in 0..<80 { source[x, y] = x < 40 ? RGBA8(r: 255, g: 0, b: 0) : RGBA8(r: 0, g: 255, b: 0, a: 0) }
        }
        let result = Resampler.resample(source, width: 8, height: 4)
        for x in 0..<8 { #expect(result[x, 0] == RGBA8(r: 0, g: 0, b: 255), "top row, pixel \(x)") }
        for x in 0..<8 where result[x, 3].a > 8 {
            #expect(result[x, 3].g <= 2 && result[x, 3].r >= 250, "bottom row, pixel \(x): \(result[x, 3])")
        }
        #expect(result[0, 3] == RGBA8(r: 255, g: 0, b: 0) && result[7, 3].a == 0)
    }

    @Test func photoIsNeverStretched() {
        // A 200x100 source whose centre 100x100 square holds a disc: any square destination shows a round
        // disc touching all four sides (stretching would flatten it or cut it).
        var source = RGBAImage(width: 200, height: 100, fill: .black)
        for y in 0..<100 {
            for x in 50..<150 where hypot(Double(x) + 0.5 - 100, Double(y) + 0.5 - 50) < 48 {
                source[x, y] = .white
            }
        }
        let result = Resampler.resample(source, width: 50, height: 50)
        let middle = result[25, 25], leftEdge = result[1, 25], topEdge = result[25, 1], corner = result[3, 3]
        #expect(middle.r > 250 && leftEdge.r > 200 && topEdge.r > 200 && corner.r < 10)
        // Symmetric about the diagonal, away from the edges (where the filter window reads past the crop
        // horizontally but is cut at the source's edge vertically).
        for y in 4..<46 {
            for x in 4..<46 { #expect(abs(Int(result[x, y].r) - Int(result[y, x].r)) <= 1) }
        }
    }

    @Test func neighbouringRegionsOfOneFrameLineUp() throws {
        // Resampling a frame in two pieces gives the same pixels as resampling it whole.
        let source = try #require(try RasterResources.image("source-landscape.raw"))
        let frame = Rect(x: 21.99, y: 7.5, width: 102.67, height: 102.67)
        let whole = try #require(Resampler.resample(source, frame: frame, region: PixelBox(enclosing: frame)))
        let left = try #require(
            Resampler.resample(source, frame: frame, region: PixelBox(x: 21, y: 7, width: 50, height: 104)))
        let right = try #require(
            Resampler.resample(source, frame: frame, region: PixelBox(x: 71, y: 7, width: 54, height: 104)))
        for y in 0..<104 {
            for x in 0..<104 {
                let piece = x < 50 ? left[x, y] : right[x - 50, y]
                #expect(piece == whole[x, y])
            }
        }
    }

    @Test func degenerateInputsGiveTransparentPixels() {
        let source = RGBAImage(width: 4, height: 4, fill: .white)
        #expect(
            Resampler.resample(
                source, frame: Rect(x: 0, y: 0, width: 0, height: 5),
                region: PixelBox(x: 0, y: 0, width: 2, height: 2))?[0, 0] == .transparent)
        #expect(
            Resampler.resample(
                source, frame: Rect(x: 0, y: 0, width: 5, height: 5),
                region: PixelBox(x: 0, y: 0, width: 0, height: 2)) == nil)
        // A region far outside the frame repeats the source's edge instead of reading out of bounds.
        let far = Resampler.resample(
            source, frame: Rect(x: 0, y: 0, width: 5, height: 5),
            region: PixelBox(x: 1000, y: -1000, width: 2, height: 2))
        #expect(far?[1, 1] == .white)
        var corrupt = source
        corrupt.pixels.removeLast()
        #expect(Resampler.resample(corrupt, width: 3, height: 3)[0, 0] == .transparent)
    }
}
