import Testing
@testable import GroupIcon

@Suite struct PlaceholderTests {
    @Test func sameIdAndNameGiveTheSameImage() {
        let a = Placeholder.image(memberID: "u1", name: "Alice", side: 64)
        let b = Placeholder.image(memberID: "u1", name: "Alice", side: 64)
        #expect(a == b)
        #expect(a.width == 64 && a.height == 64)
    }

    @Test func colourIsFNV1aOfTheIdAcrossProcesses() {
        // Palette indices computed independently (Python: FNV-1a 64 of the UTF-8 bytes, modulo 12).
        #expect(Placeholder.palette.count == 12)
        #expect(Placeholder.backgroundColour(memberID: "u1") == Placeholder.palette[11])
        #expect(Placeholder.backgroundColour(memberID: "u2") == Placeholder.palette[6])
        #expect(Placeholder.backgroundColour(memberID: "李雷") == Placeholder.palette[7])
        #expect(Placeholder.backgroundColour(memberID: "") == Placeholder.palette[5])
        // The image's corner shows that colour.
        #expect(Placeholder.image(memberID: "u2", name: "Bob", side: 40)[0, 0] == Placeholder.palette[6])
    }

    @Test func differentIdsMostlyGetDifferentColours() {
        let colours = Set((1...24).map { Placeholder.backgroundColour(memberID: "member-\($0)") })
        #expect(colours.count >= 8)
    }

    @Test(arguments: [
        ("Alice", "A"), ("bob smith", "BS"), ("9lives", "9"), ("  anna   maria lee ", "AM"), ("Émile Zola", "EZ"),
        ("Zoë 李", "Z"), ("x", "X"),
    ])
    func initialsOfLatinNames(name: String, expected: String) {
        #expect(Placeholder.initials(of: name) == expected)
    }

    @Test(arguments: ["李雷", "", "   ", "😀 Ann", "@bob", "Анна"])
    func namesWithoutALatinStartGetTheSilhouette(name: String) {
        #expect(Placeholder.initials(of: name) == nil)
    }

    /// Fraction of pixels in the box that are (almost) white.
    private func whiteShare(_ image: RGBAImage, x: Range<Int>, y: Range<Int>) -> Double {
        var white = 0
        for row in y { for column in x where image[column, row].r > 240 && image[column, row].g > 240 { white += 1 } }
        return Double(white) / Double(x.count * y.count)
    }

    @Test func initialsPutWhiteStrokesInTheCentre() {
        // "H" on a 100 px side: 40 px cap height, so a grid unit is 40/6 px and the glyph (4 units wide) spans
        // x = 36.67 ... 63.33, y = 30 ... 70, with strokes 0.9 units (6 px) wide. The crossbar crosses the centre.
        let image = Placeholder.image(memberID: "u1", name: "Hugo", side: 100)
        #expect(image[50, 50].r > 240 && image[50, 50].g > 240 && image[50, 50].b > 240)
        #expect(image[50, 20] == Placeholder.palette[11])
        #expect(whiteShare(image, x: 30..<70, y: 30..<70) > 0.1)
        #expect(whiteShare(image, x: 0..<100, y: 0..<25) == 0)
        // The stems, white from top to bottom.
        for y in 32..<68 { #expect(image[36, y].r > 240 && image[63, y].r > 240, "row \(y)") }
        #expect(image[50, 40] == Placeholder.palette[11])
        // Anti-aliased: some pixels lie strictly between background and white.
        #expect(image.pixels.indices.contains { $0 % 4 == 0 && image.pixels[$0] > 0x79 && image.pixels[$0] < 240 })
    }

    @Test func silhouetteHasAHeadAndShoulders() {
        let image = Placeholder.image(memberID: "u2", name: "李雷", side: 100)
        let background = Placeholder.palette[6]
        #expect(image[50, 40] == .white)            // the head's centre
        #expect(image[50, 95] == .white)            // the shoulders at the bottom
        #expect(image[50, 62] == background)        // the gap between them (head ends at 58, shoulders start at 66)
        #expect(image[5, 5] == background)
        #expect(image[5, 95] == background)
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
    }

    @Test func everyLetterAndDigitHasAGlyph() {
        for character in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" {
            let strokes = StrokeFont.strokes(for: character)
            #expect(strokes != nil && strokes?.isEmpty == false, "\(character)")
            // Every point stays within the grid cell (with a little overhang for Q's tail).
            for point in (strokes ?? []).flatMap({ $0 }) {
                #expect(point.x >= -0.01 && point.x <= 4.21 && point.y >= -0.01 && point.y <= 6.21, "\(character)")
            }
        }
    }
}
