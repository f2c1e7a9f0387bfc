import Support
import Testing

@testable import GroupIcon

/// A large canvas is composed in bands of rows on every core; every row must be the one the one-piece composite
/// has.
@Suite struct CompositorBandTests {
    /// A photo whose every pixel differs from its neighbours, so a row resampled from the wrong centre shows.
    private func photo(_ seed: Int, width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGBA8(
                    r: UInt8((x * 37 + seed * 11) % 256), g: UInt8((y * 53 + seed * 29) % 256),
                    b: UInt8(((x + y) * 17 + seed) % 256), a: UInt8(255 - (x * y + seed) % 64))
            }
        }
        return image
    }

    private func input(_ parameters: CompositionParameters, members: Int, hidden: Int = 0) -> CompositionInput {
        let tiles = Layouts.tiles(count: members, parameters: parameters)
        return CompositionInput(
            parameters: parameters, canvas: Layouts.canvas(count: members, parameters: parameters), tiles: tiles,
            images: tiles.indices.map { photo($0, width: 40 + $0 * 13, height: 90 - $0 * 7) },
            hiddenMembers: hidden, placeholders: tiles.count > 2 ? [1] : [])
    }

    static let cases: [(CompositionParameters, Int, Int)] = [
        (
            CompositionParameters(
                layout: .wechat, size: 61, scale: 3, cornerRadius: 9, gapColor: RGBA8(r: 9, g: 80, b: 200)), 9, 0
        ),
        (CompositionParameters(layout: .qq, size: 57, scale: 2, background: .transparent), 5, 0),
        (
            CompositionParameters(
                layout: .grid, size: 70, scale: 2, memberStyle: .rounded(radius: 6, border: 2, borderColor: .white),
                overflowBadge: true), 4, 7
        ),
        (CompositionParameters(layout: .dingtalk, size: 45, scale: 3, tileRadius: 5), 3, 0),
        (CompositionParameters(layout: .wechatCompact, size: 50, scale: 1, memberStyle: .circle), 7, 0),
        (CompositionParameters(layout: .wechat, size: 40, scale: 2, cornerRadius: 12), 0, 0),
    ]

    @Test(arguments: cases)
    func bandsGiveTheOnePieceComposite(parameters: CompositionParameters, members: Int, hidden: Int) {
        let input = input(parameters, members: members, hidden: hidden)
        let whole = Compositor.compose(input, bandPixels: .max)
        #expect(whole.width > 20)
        // Bands of one row, of a few rows (a band edge inside every tile), and of an odd count.
        for rows in [1, 7, 23] {
            let bands = Compositor.compose(input, bandPixels: rows * whole.width)
            #expect(bands == whole, "\(parameters.layout) in bands of \(rows) rows")
        }
    }

    @Test func aPreviewSizedCanvasIsComposedInBandsAsInOnePiece() {
        // 528 px square, the live preview's: two bands of the default size, on two cores where there are two.
        let parameters = CompositionParameters(layout: .wechat, size: 132, scale: 4, cornerRadius: 9)
        let input = input(parameters, members: 9)
        #expect(ParallelRuns.bands(rows: 528, width: 528, pixelsPerBand: Compositor.bandPixels).count == 2)
        let banded = Compositor.compose(input)
        #expect(banded.width == 528 && banded.height == 528)
        #expect(banded == Compositor.compose(input, bandPixels: .max))
    }

    @Test func anExactPixelSizeOfAWholeScaleGivesThatScalesComposite() {
        // 2 pixels per point either way: the same pixels, and the photos asked for at the same side.
        var parameters = CompositionParameters(layout: .wechat, size: 61, scale: 3, cornerRadius: 9)
        parameters.exactPixelSize = 122
        var atTwo = parameters
        atTwo.exactPixelSize = nil
        atTwo.scale = 2
        #expect(parameters.pixelSize == 122 && parameters.pixelsPerPoint == 2)
        let tiles = Layouts.tiles(count: 9, parameters: parameters)
        #expect(
            AvatarPipeline.minimumSourceSide(tiles, scale: parameters.pixelsPerPoint)
                == AvatarPipeline.minimumSourceSide(tiles, scale: 2))
        #expect(Compositor.compose(input(parameters, members: 9)) == Compositor.compose(input(atTwo, members: 9)))
    }

    @Test func anExactPixelSizeBetweenScalesIsTheSameGeometryAtThosePixels() {
        // 144 px of a 132 pt composite: the canvas is 144 px, and the corner radius (in points) clears the same
        // share of it as at scale 3, where 396 px are made.
        var parameters = CompositionParameters(layout: .wechat, size: 132, scale: 3, cornerRadius: 33)
        parameters.exactPixelSize = 144
        let exact = Compositor.compose(input(parameters, members: 4))
        #expect(exact.width == 144 && exact.height == 144)
        var atThree = parameters
        atThree.exactPixelSize = nil
        let large = Compositor.compose(input(atThree, members: 4))
        #expect(large.width == 396)
        // A quarter of the radius in: transparent at the corner in both, opaque just inside the rounding.
        for (image, ratio) in [(exact, 144.0 / 132), (large, 3.0)] {
            let corner = Int(33 * ratio * 0.25)
            #expect(image[corner, corner].a == 0)
            let inside = Int(33 * ratio * 0.5)
            #expect(image[image.width / 2, inside].a == 255)
            #expect(image[Int(33 * ratio * 0.2), image.height / 2].a == 255)
        }
    }
}
