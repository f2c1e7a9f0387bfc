import ImagingTestSupport
import Testing

@testable import GroupIcon

@Suite struct CompositorTests {
    private let red = RGBA8(r: 255, g: 0, b: 0)
    private let halfRed = RGBA8(r: 255, g: 0, b: 0, a: 128)

    private func uniform(_ color: RGBA8) -> RGBAImage { RGBAImage(width: 16, height: 12, fill: color) }

    private func parameters(size: Double, scale: Int = 1, background: RGBA8, cornerRadius: Double = 0)
        -> CompositionParameters
    {
        CompositionParameters(
            layout: .grid, size: size, scale: scale, cornerRadius: cornerRadius, background: background)
    }

    /// Straight-alpha "over" of two straight-alpha colours (Porter-Duff), each channel in 0...255.
    private func over(_ source: RGBA8, sourceCoverage: Double = 1, _ backdrop: RGBA8) -> (
        r: Double, g: Double, b: Double, a: Double
    ) {
        let sa = Double(source.a) / 255 * sourceCoverage, ba = Double(backdrop.a) / 255
        let a = sa + ba * (1 - sa)
        func channel(_ s: UInt8, _ b: UInt8) -> Double { a == 0 ? 0 : (Double(s) * sa + Double(b) * ba * (1 - sa)) / a }
        return (channel(source.r, backdrop.r), channel(source.g, backdrop.g), channel(source.b, backdrop.b), a * 255)
    }

    private func expectClose(
        _ pixel: RGBA8, _ expected: (r: Double, g: Double, b: Double, a: Double),
        tolerance: Double = 1, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let actual = [Double(pixel.r), Double(pixel.g), Double(pixel.b), Double(pixel.a)]
        let wanted = [expected.r, expected.g, expected.b, expected.a]
        #expect(
            zip(actual, wanted).allSatisfy { abs($0 - $1) <= tolerance }, "\(pixel) vs \(wanted)",
            sourceLocation: sourceLocation)
    }

    @Test func opaqueTileOverOpaqueBackground() {
        let tile = Tile(
            frame: Rect(x: 10.3, y: 10, width: 20, height: 20),
            shape: .rect(Rect(x: 10.3, y: 10, width: 20, height: 20)))
        let image = Compositor.compose(
            tiles: [tile], images: [uniform(red)],
            parameters: parameters(size: 40, background: .lightGrey))
        #expect(image.width == 40 && image.height == 40)
        #expect(image[20, 20] == red)
        #expect(image[5, 5] == .lightGrey)
        // Column 10 is 70 % covered (the edge at x = 10.3).
        expectClose(image[10, 20], over(red, sourceCoverage: 0.7, .lightGrey))
        // Column 30 is 30 % covered.
        expectClose(image[30, 20], over(red, sourceCoverage: 0.3, .lightGrey))
    }

    @Test func halfTransparentTileOverOpaqueBackground() {
        let tile = Tile(
            frame: Rect(x: 0, y: 0, width: 10, height: 10), shape: .rect(Rect(x: 0, y: 0, width: 10, height: 10)))
        let image = Compositor.compose(
            tiles: [tile], images: [uniform(halfRed)],
            parameters: parameters(size: 20, background: .lightGrey))
        // By hand: 255 * 128/255 + 170 * (1 - 128/255) = 212.67; 170 * 127/255 = 84.67.
        expectClose(image[5, 5], (212.67, 84.67, 84.67, 255), tolerance: 0.5)
        #expect(image[15, 15] == .lightGrey)
    }

    @Test func tilesOverTransparentCanvasKeepTheirOwnColors() {
        let tile = Tile(
            frame: Rect(x: 2, y: 2, width: 16, height: 16), shape: .circle(center: Point(x: 10, y: 10), radius: 8))
        let image = Compositor.compose(
            tiles: [tile], images: [uniform(halfRed)],
            parameters: parameters(size: 20, background: .transparent))
        #expect(image[10, 10] == halfRed)
        #expect(image[0, 0] == .transparent)
        // An anti-aliased edge pixel keeps the colour, only its alpha drops.
        let edge = image[2, 10]
        #expect(edge.a > 0 && edge.a < 128)
        #expect(edge.r == 255 && edge.g == 0 && edge.b == 0)
    }

    @Test func halfTransparentOverHalfTransparent() {
        let backdrop = RGBA8(r: 0, g: 0, b: 255, a: 128)
        let tile = Tile(
            frame: Rect(x: 0, y: 0, width: 8, height: 8), shape: .rect(Rect(x: 0, y: 0, width: 8, height: 8)))
        let image = Compositor.compose(
            tiles: [tile], images: [uniform(halfRed)],
            parameters: parameters(size: 8, background: backdrop))
        expectClose(image[4, 4], over(halfRed, backdrop))
    }

    @Test func laterTilesGoOverEarlierOnes() {
        let whole = Rect(x: 0, y: 0, width: 10, height: 10)
        let tiles = [
            Tile(frame: whole, shape: .rect(whole)),
            Tile(frame: whole, shape: .circle(center: Point(x: 5, y: 5), radius: 3.3)),
        ]
        let image = Compositor.compose(
            tiles: tiles, images: [uniform(.white), uniform(halfRed)],
            parameters: parameters(size: 10, background: .transparent))
        expectClose(image[5, 5], over(halfRed, .white))
        #expect(image[0, 0] == .white)
        // Pixel (8, 5) on the circle's rim: centre (8.5, 5.5), coverage 0.5 - (hypot(3.5, 0.5) - 3.3) = 0.264.
        let coverage = 0.5 - ((12.5).squareRoot() - 3.3)
        expectClose(image[8, 5], over(halfRed, sourceCoverage: coverage, .white))
    }

    @Test func tilesSharingAnEdgeLeaveNoSeam() {
        let left = Rect(x: 0, y: 0, width: 10.3, height: 20), right = Rect(x: 10.3, y: 0, width: 9.7, height: 20)
        let tiles = [Tile(frame: left, shape: .rect(left)), Tile(frame: right, shape: .rect(right))]
        let image = Compositor.compose(
            tiles: tiles, images: [uniform(red), uniform(red)],
            parameters: parameters(size: 20, background: .white))
        for y in 0..<20 { #expect(image[10, y] == red) }
    }

    @Test func extraTilesWithoutImagesStayEmpty() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 10, y: 10, width: 10, height: 10)
        let image = Compositor.compose(
            tiles: [Tile(frame: a, shape: .rect(a)), Tile(frame: b, shape: .rect(b))],
            images: [uniform(red)], parameters: parameters(size: 20, background: .lightGrey))
        #expect(image[5, 5] == red)
        #expect(image[15, 15] == .lightGrey)
    }

    @Test func canvasIsClippedToItsRoundedRect() {
        let whole = Rect(x: 0, y: 0, width: 50, height: 50)
        let image = Compositor.compose(
            tiles: [Tile(frame: whole, shape: .rect(whole))], images: [uniform(red)],
            parameters: parameters(size: 50, scale: 2, background: .lightGrey, cornerRadius: 10))
        #expect(image.width == 100)
        // Scale 2: the corner radius is 20 px; pixel (2, 2) lies well outside the arc, (25, 50) inside.
        #expect(image[2, 2].a == 0)
        #expect(image[97, 97].a == 0)
        #expect(image[25, 50] == red)
        #expect(image[50, 0] == red)
        // On the arc the tile is partly transparent but still red: pixel (2, 10) has its centre
        // hypot(17.5, 9.5) from the arc's centre (20, 20), so coverage 0.5 - (19.912 - 20) = 0.588.
        let rimCoverage = 0.5 - ((17.5 * 17.5 + 9.5 * 9.5).squareRoot() - 20)
        let rim = image[2, 10]
        #expect(abs(Double(rim.a) - 255 * rimCoverage) <= 1 && rim.r == 255 && rim.g == 0)
    }

    @Test func photosAreCentreCroppedIntoTheirFrames() {
        // A 30x10 source: blue | green | red thirds. A square frame shows only the green middle.
        var source = RGBAImage(width: 30, height: 10, fill: RGBA8(r: 0, g: 0, b: 255))
        for y in 0..<10 {
            for x in 10..<20 { source[x, y] = RGBA8(r: 0, g: 255, b: 0) }
            for x in 20..<30 { source[x, y] = RGBA8(r: 255, g: 0, b: 0) }
        }
        let frame = Rect(x: 4, y: 4, width: 12, height: 12)
        let image = Compositor.compose(
            tiles: [Tile(frame: frame, shape: .rect(frame))], images: [source],
            parameters: parameters(size: 20, background: .black))
        #expect(image[10, 10] == RGBA8(r: 0, g: 255, b: 0))
        #expect(image[5, 10].g > 200 && image[14, 10].g > 200)
    }

    @Test func tileFramesAreScaledToPixelsAndMatchPillow() throws {
        // At scale 2 this frame is the pixel frame x 21.99, y 7, 102.67 x 95 of the "landscape-fractional"
        // reference; the shape (a rect 1 point inside the frame) lets fully covered pixels show the photo alone.
        let source = try #require(try RasterResources.image("source-landscape.raw"))
        let reference = try #require(try RasterResources.image("reference-landscape-fractional.raw"))
        let frame = Rect(x: 10.995, y: 3.5, width: 51.335, height: 47.5)
        let inner = Rect(x: 12, y: 4.5, width: 49.3, height: 45.5)
        let image = Compositor.compose(
            tiles: [Tile(frame: frame, shape: .rect(inner))], images: [source],
            parameters: parameters(size: 64, scale: 2, background: .transparent))
        var composite: [UInt8] = [], expected: [UInt8] = []
        for y in 10..<100 {
            for x in 24..<122 {
                let c = image[x, y], r = reference[x - 21, y - 7]
                composite += [c.r, c.g, c.b, c.a]
                expected += [r.r, r.g, r.b, r.a]
            }
        }
        let a = try #require(RGBAImage(width: 98, height: 90, pixels: composite))
        let b = try #require(RGBAImage(width: 98, height: 90, pixels: expected))
        #expect(premultipliedPSNR(a, b) >= 38)
        #expect(image[23, 50].a == 0 && image[123, 50].a == 0)
    }

    @Test func noTilesGiveTheGroupGlyphOnTheClippedBackground() {
        for background in [RGBA8.white, .lightGrey, .transparent, RGBA8(r: 20, g: 40, b: 60, a: 128)] {
            let image = Compositor.compose(
                tiles: [], images: [], parameters: parameters(size: 90, background: background))
            let expected = Placeholder.groupImage(side: 90, background: background)
            #expect(zip(image.pixels, expected.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(background)")
        }
        let image = Compositor.compose(tiles: [], images: [], parameters: parameters(size: 90, background: .white))
        #expect(image[45, 45] == Placeholder.groupGlyphColor(on: .white))
        #expect(image[3, 3] == .white)
    }
}
