import Testing

@testable import GroupIcon

@Suite struct PlaceholderTests {
    @Test func sameIdAndNameGiveTheSameImage() {
        let a = Placeholder.image(memberID: "u1", name: "Alice", side: 64)
        let b = Placeholder.image(memberID: "u1", name: "Alice", side: 64)
        #expect(a == b)
        #expect(a.width == 64 && a.height == 64)
    }

    @Test func colorIsFNV1aOfTheIdAcrossProcesses() {
        // Palette indices computed independently (Python: FNV-1a 64 of the UTF-8 bytes, modulo 12).
        #expect(Placeholder.palette.count == 12)
        #expect(Placeholder.backgroundColor(memberID: "u1") == Placeholder.palette[11])
        #expect(Placeholder.backgroundColor(memberID: "u2") == Placeholder.palette[6])
        #expect(Placeholder.backgroundColor(memberID: "李雷") == Placeholder.palette[7])
        #expect(Placeholder.backgroundColor(memberID: "") == Placeholder.palette[5])
        // The image's corner shows that colour.
        #expect(Placeholder.image(memberID: "u2", name: "Bob", side: 40)[0, 0] == Placeholder.palette[6])
    }

    @Test func differentIdsMostlyGetDifferentColors() {
        let colors = Set((1...24).map { Placeholder.backgroundColor(memberID: "member-\($0)") })
        #expect(colors.count >= 8)
    }

    /// Fraction of pixels in the box that are (almost) white.
    private func whiteShare(_ image: RGBAImage, x: Range<Int>, y: Range<Int>) -> Double {
        var white = 0
        for row in y { for column in x where image[column, row].r > 240 && image[column, row].g > 240 { white += 1 } }
        return Double(white) / Double(x.count * y.count)
    }

    /// Whether every pixel lies on the line from `background` to white (text and silhouettes are white ink).
    private func isWhiteInkOnly(_ image: RGBAImage, background: RGBA8) -> Bool {
        (0..<image.height).allSatisfy { y in
            (0..<image.width).allSatisfy { x in
                let pixel = image[x, y]
                let t = Double(Int(pixel.r) - Int(background.r)) / Double(255 - Int(background.r))
                let g = Double(background.g) + t * Double(255 - Int(background.g))
                let b = Double(background.b) + t * Double(255 - Int(background.b))
                return abs(Double(pixel.g) - g) <= 1.5 && abs(Double(pixel.b) - b) <= 1.5 && pixel.a == 255
            }
        }
    }

    @Test func initialsAreWhiteTextInTheMiddle() {
        // "Hugo" gives "H": a cap height of about 0.3 of the side, centred; nothing near the edges.
        let image = Placeholder.image(memberID: "u1", name: "Hugo", side: 100)
        let background = Placeholder.palette[11]
        #expect(image[50, 50].r > 240 && image[50, 50].g > 240 && image[50, 50].b > 240)  // the crossbar
        #expect(image[50, 40] == background)  // above it, inside the H
        #expect(whiteShare(image, x: 30..<70, y: 30..<70) > 0.1)
        #expect(whiteShare(image, x: 0..<100, y: 0..<30) == 0)
        #expect(whiteShare(image, x: 0..<100, y: 70..<100) == 0)
        #expect(isWhiteInkOnly(image, background: background))
        // Anti-aliased: some pixels lie strictly between background and white.
        #expect(image.pixels.indices.contains { $0 % 4 == 0 && image.pixels[$0] > 0x79 && image.pixels[$0] < 240 })
    }

    @Test func cjkNamesAreDrawnAsText() {
        let text = Placeholder.image(memberID: "u2", name: "李雷", side: 100)
        let silhouette = Placeholder.image(memberID: "u2", name: "李雷", side: 100, style: .silhouette)
        #expect(text != silhouette)
        #expect(whiteShare(text, x: 10..<90, y: 25..<75) > 0.15)
        #expect(whiteShare(text, x: 0..<100, y: 0..<20) == 0 && whiteShare(text, x: 0..<100, y: 80..<100) == 0)
        #expect(isWhiteInkOnly(text, background: Placeholder.palette[6]))
        // 山田太郎 shows 太郎, the same two characters as 太郎 alone.
        #expect(
            Placeholder.image(memberID: "u3", name: "山田太郎", side: 64)
                == Placeholder.image(memberID: "u3", name: "太郎", side: 64))
    }

    @Test func emojiNamesKeepTheirColors() {
        let image = Placeholder.image(memberID: "u1", name: "🐱 Kitty", side: 100)
        let background = Placeholder.palette[11]
        #expect(!isWhiteInkOnly(image, background: background))
        #expect(image[2, 2] == background && image[97, 97] == background)
        #expect(image.pixels.indices.allSatisfy { $0 % 4 != 3 || image.pixels[$0] == 255 })
    }

    @Test func silhouetteHasAHeadAndShoulders() {
        for image in [
            Placeholder.image(memberID: "u2", name: "李雷", side: 100, style: .silhouette),
            Placeholder.image(memberID: "u2", name: "!!!", side: 100),
        ] {
            let background = Placeholder.palette[6]
            #expect(image[50, 40] == .white)  // the head's centre
            #expect(image[50, 95] == .white)  // the shoulders at the bottom
            #expect(image[50, 62] == background)  // the gap between them (head ends at 58, shoulders start at 66)
            #expect(image[5, 5] == background)
            #expect(image[5, 95] == background)
        }
    }

    @Test func withoutFontsEveryPlaceholderIsTheSilhouette() {
        let none = TextRasterizer(fonts: FontLocator.Fonts(text: nil, emoji: nil))
        #expect(none.identity == "text=none; emoji=none")
        for name in ["Alice", "李雷", "🐱"] {
            #expect(
                Placeholder.image(memberID: "u2", name: name, side: 60, style: .initials, rasterizer: none)
                    == Placeholder.image(memberID: "u2", name: name, side: 60, style: .silhouette))
        }
    }

    /// A label that falls back to the silhouette for want of a font is reported once, naming the query.
    @Test func aMissingFontIsReportedOnceNamingItsFontconfigQuery() {
        let none = TextRasterizer(fonts: FontLocator.Fonts(text: nil, emoji: nil))
        #expect(none.takeFallbackWarnings().isEmpty)
        _ = Placeholder.image(memberID: "u1", name: "", side: 30, style: .initials, rasterizer: none)
        _ = Placeholder.image(memberID: "u1", name: "Alice", side: 30, style: .silhouette, rasterizer: none)
        #expect(none.takeFallbackWarnings().isEmpty, "no label asked for a font")
        for name in ["Alice", "Bob", "李雷"] {
            _ = Placeholder.image(memberID: "u1", name: name, side: 30, style: .initials, rasterizer: none)
        }
        let warnings = none.takeFallbackWarnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("fontconfig found no font for \"sans-serif:lang=zh-cn:weight=bold\"") == true)
        _ = Placeholder.image(memberID: "u1", name: "🐱", side: 30, style: .initials, rasterizer: none)
        _ = Placeholder.image(memberID: "u2", name: "Zoe", side: 30, style: .initials, rasterizer: none)
        let emoji = none.takeFallbackWarnings()
        #expect(emoji.count == 1 && emoji.first?.contains("\"emoji:color=true\"") == true, "\(emoji)")
        _ = Placeholder.image(memberID: "u3", name: "🐶", side: 30, style: .initials, rasterizer: none)
        #expect(none.takeFallbackWarnings().isEmpty, "each query once")
    }

    @Test func fontIdentityNamesTheFontsAndLibraries() {
        let identity = Placeholder.fontIdentity
        #expect(identity.hasPrefix("text=/"), "\(identity)")
        #expect(
            identity.contains(" bytes mtime ") && identity.contains("freetype=2.") && identity.contains("harfbuzz="))
        #expect(Placeholder.fontIdentity == identity)
    }

    @Test func twoInitialsAreNotOneInitial() {
        let one = Placeholder.image(memberID: "u1", name: "Bob", side: 80)
        let two = Placeholder.image(memberID: "u1", name: "Bob Smith", side: 80)
        #expect(one != two)
    }

    @Test func degenerateSidesAndNamesDoNotCrash() {
        #expect(Placeholder.image(memberID: "", name: "", side: 1).width == 1)
        #expect(Placeholder.image(memberID: "u1", name: "Alice", side: 1).width == 1)
        #expect(Placeholder.image(memberID: "u1", name: "Alice", side: 0).width == 1)
        #expect(Placeholder.image(memberID: "u1", name: "李雷", side: -5).width == 1)
        #expect(Placeholder.image(memberID: "u1", name: "WW 88", side: 3).width == 3)
        #expect(Placeholder.image(memberID: "u1", name: "🐱", side: 2).width == 2)
        #expect(Placeholder.image(memberID: "u1", name: "\u{202E}\u{0}\u{1B}[2J", side: 16).width == 16)
    }

    @Test func groupGlyphColorContrastsWithTheBackground() {
        #expect(Placeholder.groupGlyphColor(on: .lightGrey) == RGBA8(r: 242, g: 242, b: 242))
        #expect(Placeholder.groupGlyphColor(on: .black) == RGBA8(r: 217, g: 217, b: 217))
        #expect(Placeholder.groupGlyphColor(on: .white) == RGBA8(r: 166, g: 166, b: 166))
        #expect(Placeholder.groupGlyphColor(on: .transparent) == RGBA8(r: 0x9E, g: 0x9E, b: 0x9E))
    }

    @Test func groupImageShowsThreeBustsOnTheBackground() {
        let image = Placeholder.groupImage(side: 200, background: .white)
        let ink = Placeholder.groupGlyphColor(on: .white)
        // Front bust: head centre y = (0.685 - 0.27) x 200 = 83, shoulders from 109 down to 137.
        #expect(image[100, 83] == ink && image[100, 130] == ink)
        // The busts behind, at x = 0.31 and 0.69 of the side, are 0.78 as large: heads centred at y = 95.
        #expect(image[62, 95] == ink && image[138, 95] == ink)
        #expect(image[100, 145] == .white)  // below the busts
        #expect(image[5, 5] == .white && image[194, 194] == .white)
        // The gap between the front bust and those behind it: background between their shoulders.
        #expect((40..<100).contains { image[$0, 125] == .white })
        // Symmetric about the vertical centre line (up to rounding).
        #expect(
            (0..<200).allSatisfy { y in
                (0..<100).allSatisfy { abs(Int(image[$0, y].r) - Int(image[199 - $0, y].r)) <= 1 }
            })
    }

    @Test func groupImageOnATransparentCanvasIsOpaqueOnlyOnTheGlyph() {
        let image = Placeholder.groupImage(side: 100, background: .transparent)
        #expect(image[2, 2].a == 0 && image[97, 97].a == 0)
        #expect(image[50, 50] == Placeholder.groupGlyphColor(on: .transparent))
        // Anti-aliased edges keep the glyph's colour with partial alpha (straight alpha, no dark fringe).
        let edges = (0..<100).flatMap { y in (0..<100).map { image[$0, y] } }.filter { $0.a > 0 && $0.a < 255 }
        #expect(!edges.isEmpty)
        #expect(edges.allSatisfy { abs(Int($0.r) - 0x9E) <= 2 })
    }
}
