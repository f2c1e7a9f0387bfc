import Testing

@testable import GroupIcon

/// One line of caption text: its box, its cut, what happens without a font.
@Suite struct TextLineTests {
    @Test(.enabled(if: TextLine.hasFont)) func aLineHasTheLineHeightAndTheInksWidth() throws {
        let short = try #require(TextLine.mask("12", pixelsPerEm: 20, maxWidth: 1000))
        let long = try #require(TextLine.mask("12 members", pixelsPerEm: 20, maxWidth: 1000))
        #expect(short.box.height == 26 && long.box.height == 26)
        #expect(short.box.width > 10 && long.box.width > 3 * short.box.width)
        // Ink in every column band, none in the first and last column (the anti-aliasing room).
        #expect(short.area > 20)
        #expect((0..<short.box.height).allSatisfy { short[0, $0] == 0 })
        // The baseline is shared: digits end at the same row whatever the text.
        func lastInkRow(_ mask: CoverageMask) -> Int {
            (0..<mask.box.height).last { y in (0..<mask.box.width).contains { mask[$0, y] > 0.5 } } ?? -1
        }
        #expect(lastInkRow(short) == lastInkRow(try #require(TextLine.mask("1", pixelsPerEm: 20, maxWidth: 99))))
    }

    @Test(.enabled(if: TextLine.hasFont)) func aLongLineIsCutWithAnEllipsisToFit() throws {
        let whole = try #require(TextLine.mask("a group with a very long name", pixelsPerEm: 20, maxWidth: 10_000))
        let cut = try #require(TextLine.mask("a group with a very long name", pixelsPerEm: 20, maxWidth: 120))
        #expect(whole.box.width > 120 && cut.box.width <= 120 && cut.box.width > 60)
        #expect(TextLine.mask("anything", pixelsPerEm: 20, maxWidth: 2) == nil)
    }

    @Test func withoutAFontThereIsNoLine() {
        let fontless = TextRasterizer(fonts: FontLocator.Fonts(text: nil, emoji: nil))
        #expect(fontless.lineMask("12", pixelsPerEm: 20, maxWidth: 100) == nil)
    }

    @Test(.enabled(if: TextLine.hasFont)) func charactersTheFontLacksAreLeftOut() throws {
        let named = try #require(TextLine.mask("\u{10FFFD} Cat Lovers", pixelsPerEm: 20, maxWidth: 1000))
        let plain = try #require(TextLine.mask("Cat Lovers", pixelsPerEm: 20, maxWidth: 1000))
        #expect(named == plain)
    }
}
