import Testing

@testable import GroupIcon

/// Whole composites with the resampler's AVX2 kernels against the portable loops (the composites as they
/// were before them): every layout, photos of odd sizes with translucent pixels, within one level.
@Suite struct CompositorKernelsTests {
    /// A noisy photo of `width` × `height` whose alpha varies where `translucent`.
    private func photo(width: Int, height: Int, translucent: Bool, seed: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var state = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 &+ 12345)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            for channel in 0..<(translucent ? 4 : 3) {
                state = state &* 1_664_525 &+ 1_013_904_223
                pixels[i + channel] = UInt8(truncatingIfNeeded: state >> 24)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels) ?? RGBAImage(width: 1, height: 1)
    }

    @Test(arguments: LayoutKind.allCases)
    func avx2CompositeMatchesThePortableOneWithinOneLevel(layout: LayoutKind) throws {
        guard VectorKernels.fastest == .avx2 else { return }
        let sizes = [(512, 512), (301, 517), (97, 43), (640, 480), (33, 33), (1, 1), (255, 129), (512, 384), (7, 300)]
        let images = sizes.enumerated().map { index, size in
            photo(width: size.0, height: size.1, translucent: index % 2 == 1, seed: index)
        }
        // An opaque background, and a translucent one (the last pass's division by alpha).
        for background in [RGBA8(r: 240, g: 240, b: 240), RGBA8(r: 30, g: 200, b: 90, a: 100)] {
            let parameters = CompositionParameters(
                layout: layout, size: 132, scale: 3, cornerRadius: 12, background: background)
            let tiles = Layouts.tiles(count: images.count, parameters: parameters)
            let side = parameters.layoutSide
            var input = CompositionInput(
                parameters: parameters, canvas: Size(width: side, height: side), tiles: tiles,
                images: Array(images.prefix(tiles.count)))
            input.vectorKernels = .portable
            let portable = Compositor.compose(input)
            input.vectorKernels = .avx2
            let avx2 = Compositor.compose(input)
            #expect(portable.width == avx2.width && portable.height == avx2.height)
            let difference = zip(portable.pixels, avx2.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(difference <= 1, "\(layout) on \(background): \(difference) levels")
            // The photos are drawn: the composite is not a flat background.
            #expect(Set(avx2.pixels).count > 200)
        }
    }
}
