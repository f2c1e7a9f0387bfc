import Testing

@testable import GroupIcon

/// Member styles, the gap colour and the overflow badge as the compositor draws them.
@Suite struct DecorationTests {
    private let red = RGBA8(r: 255, g: 0, b: 0)
    private let blue = RGBA8(r: 0, g: 0, b: 255)

    /// Two 16-point tiles with a 4-point gap at (4, 4) and (24, 4) on a 44 x 24 canvas, both red.
    private func twoTiles(_ parameters: CompositionParameters, hidden: Int = 0) -> RGBAImage {
        let frames = [Rect(x: 4, y: 4, width: 16, height: 16), Rect(x: 24, y: 4, width: 16, height: 16)]
        return Compositor.compose(
            CompositionInput(
                parameters: parameters, canvas: Size(width: 44, height: 24),
                tiles: frames.map { Tile(frame: $0, shape: .rect($0)) },
                images: [RGBAImage(width: 8, height: 8, fill: red), RGBAImage(width: 8, height: 8, fill: red)],
                hiddenMembers: hidden))
    }

    @Test func gapColorFillsBetweenTilesOnly() {
        let image = twoTiles(CompositionParameters(layout: .grid, size: 44, background: .lightGrey, gapColor: blue))
        #expect(image.width == 44 && image.height == 24)
        #expect(image[21, 10] == blue && image[22, 4] == blue)
        #expect(image[2, 10] == .lightGrey && image[21, 2] == .lightGrey && image[21, 22] == .lightGrey)
        #expect(image[10, 10] == red)
        // No fringe of the gap colour along the tiles' outer edges, nor of the background along the gap.
        #expect(image[3, 10] == .lightGrey && image[4, 10] == red && image[19, 10] == red && image[20, 10] == blue)
        let without = twoTiles(CompositionParameters(layout: .grid, size: 44, background: .lightGrey))
        #expect(without[21, 10] == .lightGrey)
    }

    @Test func gapColorFillsAroundStyledMembersInsideTheBlock() {
        let image = twoTiles(
            CompositionParameters(
                layout: .grid, size: 44, background: .lightGrey, memberStyle: .circle,
                gapColor: blue))
        // The corner of a tile, outside its circle, belongs to the block: gap colour.
        #expect(image[5, 5] == blue && image[12, 12] == red)
    }

    @Test func overflowBadgeDimsTheLastTileAndWritesTheCount() {
        let parameters = CompositionParameters(
            layout: .grid, size: 44, scale: 4, background: .lightGrey, overflowBadge: true)
        let image = twoTiles(parameters, hidden: 3)
        // The first tile is untouched; the last one is dimmed to half red where no glyph is.
        #expect(image[48, 48] == red)
        #expect(image[100, 20] == RGBA8(r: 127, g: 0, b: 0))
        // "+3" in white in the middle of the last tile (64 pixels wide at scale 4), nowhere in the first.
        let white = { (x: Int, y: Int) in image[x, y].g > 230 && image[x, y].b > 230 }
        let ink = (96..<160).flatMap { x in (16..<80).map { (x, $0) } }.filter(white)
        #expect(ink.count > 40)
        #expect(ink.allSatisfy { (104..<152).contains($0.0) && (32..<64).contains($0.1) })
        #expect(!(16..<80).contains { x in (16..<80).contains { y in white(x, y) } })
        // Without hidden members, or without the option, nothing is drawn.
        #expect(twoTiles(parameters, hidden: 0)[100, 20] == red)
        var off = parameters
        off.overflowBadge = false
        #expect(twoTiles(off, hidden: 3)[100, 20] == red)
    }

    @Test func theBadgeTextIsSetInThePlaceholderFontWhenThereIsOne() throws {
        let frame = Rect(x: 10, y: 20, width: 60, height: 40)
        let fontless = TextRasterizer(fonts: FontLocator.Fonts(text: nil, emoji: nil))
        #expect(OverflowBadge.textMask(hidden: 5, frame: frame, rasterizer: fontless) == nil)
        #expect(OverflowBadge.textMask(hidden: 0, frame: frame) == nil)
        guard TextRasterizer.shared.hasTextFont else { return }
        let mask = try #require(OverflowBadge.textMask(hidden: 12, frame: frame))
        // A square of the tile's shorter side, centred on the tile.
        #expect(mask.box == PixelBox(x: 20, y: 20, width: 40, height: 40))
        #expect(mask.area > 40)
    }

    @Test func badgeGlyphsFitTheTileForAnyCount() {
        let frame = Rect(x: 10, y: 10, width: 30, height: 30)
        for hidden in [1, 9, 10, 55, 1234, 9_999_999] {
            let shapes = OverflowBadge.glyphs(hidden: hidden, in: frame)
            let digits = String(hidden).count
            #expect(shapes.count >= 2 + digits * 2)
            for shape in shapes {
                #expect(shape.bounds.minX >= frame.minX - 1e-9 && shape.bounds.maxX <= frame.maxX + 1e-9, "\(hidden)")
                #expect(shape.bounds.minY >= frame.minY - 1e-9 && shape.bounds.maxY <= frame.maxY + 1e-9)
            }
        }
        #expect(OverflowBadge.glyphs(hidden: 0, in: frame).isEmpty)
        #expect(OverflowBadge.glyphs(hidden: 5, in: Rect(x: 0, y: 0, width: 0, height: 10)).isEmpty)
    }

    @Test func aPlaceholderInATallTileKeepsItsWholeLabel() {
        // A 16 x 16 "placeholder": blue, with a red 4 x 4 label in the middle. In a 16 x 32 tile it is drawn in
        // the middle square, its blue continued above and below; cropped like a photo, the label would be
        // twice as large and cut to the tile's width.
        var placeholder = RGBAImage(width: 16, height: 16, fill: blue)
        for x in 6..<10 { for y in 6..<10 { placeholder[x, y] = red } }
        let frame = Rect(x: 0, y: 0, width: 16, height: 32)
        func draw(placeholders: Set<Int>) -> RGBAImage {
            Compositor.compose(
                CompositionInput(
                    parameters: CompositionParameters(layout: .grid, size: 32, background: .white),
                    canvas: Size(width: 16, height: 32), tiles: [Tile(frame: frame, shape: .rect(frame))],
                    images: [placeholder], placeholders: placeholders))
        }
        let kept = draw(placeholders: [0])
        #expect(kept[8, 16] == red && kept[1, 16] == blue && kept[8, 1] == blue && kept[8, 30] == blue)
        #expect((0..<16).filter { kept[$0, 16].r > 128 }.count == 4)
        let cropped = draw(placeholders: [])
        #expect((0..<16).filter { cropped[$0, 16].r > 128 }.count == 8)
    }

    @Test func originalStyleFitsTheWholePhoto() {
        // A 2:1 photo, left half red, right half blue, in a square tile: all of it shows, letterboxed.
        var photo = RGBAImage(width: 64, height: 32, fill: red)
        for x in 32..<64 { for y in 0..<32 { photo[x, y] = blue } }
        let frame = Rect(x: 0, y: 0, width: 32, height: 32)
        let image = Compositor.compose(
            tiles: [Tile(frame: frame, shape: .rect(frame))], images: [photo],
            parameters: CompositionParameters(
                layout: .grid, size: 32, background: .white,
                memberStyle: .original))
        #expect(image[2, 16] == red && image[29, 16] == blue)
        #expect(image[16, 2] == .white && image[16, 29] == .white)
    }

    @Test func roundedStyleWithBorderColor() {
        let frame = Rect(x: 0, y: 0, width: 32, height: 32)
        let style = MemberStyle.rounded(radius: 4, border: 3, borderColor: blue)
        let image = Compositor.compose(
            tiles: [Tile(frame: frame, shape: .rect(frame))],
            images: [RGBAImage(width: 8, height: 8, fill: red)],
            parameters: CompositionParameters(
                layout: .grid, size: 32, background: .white,
                memberStyle: style))
        #expect(image[1, 16] == blue && image[16, 16] == red)
        // The band's outer corner is rounded (radius 4 + 3): the very corner shows the background.
        #expect(image[0, 0] == .white)
    }
}
