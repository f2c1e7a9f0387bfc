import Support
import Testing

@testable import GroupIcon

/// Cutting a line of text to a width: the same cut as trying every shorter start, in work bounded by what can
/// show, however long the text.
@Suite struct LineFitterTests {
    /// Shaping counted: calls and characters. A class, so the fitter's closures share it.
    private final class Work: @unchecked Sendable {
        var calls = 0
        var characters = 0
        func count(_ string: String) {
            calls += 1
            characters += string.count
        }
    }

    /// A font where every drawable character is `advance` pixels wide (zero-width spaces 0), "X" missing.
    private static func fitter(advance: Int = 10, work: Work) -> LineFitter {
        LineFitter(
            isDrawable: { string in
                work.count(string)
                return !string.contains("X")
            },
            width: { string in
                work.count(string)
                guard !string.contains("X") else { return nil }
                return string.reduce(0) { $0 + ($1 == "\u{200B}" ? 0 : advance) }
            })
    }

    /// The cut as it used to be made: every start tried, the longest first.
    private static func reference(_ string: String, maxWidth: Int, advance: Int = 10) -> String? {
        var characters = Array(string)
        guard !characters.isEmpty else { return nil }
        if string.contains("X") {
            characters = characters.filter { $0 != "X" }
            while characters.first?.isWhitespace == true { characters.removeFirst() }
            guard !characters.isEmpty else { return nil }
        }
        func width(_ text: String) -> Int { text.reduce(0) { $0 + ($1 == "\u{200B}" ? 0 : advance) } }
        var cut = false
        while true {
            let shown = String(characters) + (cut ? "…" : "")
            if width(shown) <= maxWidth { return shown }
            guard !characters.isEmpty else { return nil }
            characters.removeLast()
            while characters.last?.isWhitespace == true { characters.removeLast() }
            cut = true
        }
    }

    @Test func theCutIsTheLongestStartThatFits() {
        let work = Work()
        let fitter = Self.fitter(work: work)
        let texts = [
            "", "a", "ab cd", "a group with a very long name", "X a group", "  X leading", "trailing   spaces here",
            "a b c d e f g h i j k l m n o p", String(repeating: "word ", count: 40), "XXXX", "   ",
            String(repeating: "é", count: 200) + "X",
        ]
        for text in texts {
            for maxWidth in [1, 9, 10, 19, 20, 55, 120, 1000, 5000] {
                #expect(
                    fitter.fit(text, maxWidth: maxWidth) == Self.reference(text, maxWidth: maxWidth),
                    "\"\(text)\" in \(maxWidth) px")
            }
        }
    }

    @Test func aMillionCharacterNameCostsWhatItsLineShows() {
        // Before: every start from the longest down was shaped, about n² / 2 characters (10¹¹ here).
        let work = Work()
        let name = String(repeating: "abcdefgh ", count: (1 << 20) / 9)
        let shown = Self.fitter(work: work).fit(name, maxWidth: 300)
        #expect(shown == Self.reference(String(name.prefix(200)), maxWidth: 300))
        #expect(work.characters < 2_000 && work.calls < 20, "\(work.calls) shapings of \(work.characters) characters")
        // Characters the font lacks all through it: each piece read is checked character by character, still
        // only as far as the line reaches.
        let lacking = Work()
        let missing = String(repeating: "abX", count: 1 << 19)
        #expect(
            Self.fitter(work: lacking).fit(missing, maxWidth: 300)
                == Self.reference(String(missing.prefix(300)), maxWidth: 300))
        #expect(lacking.characters < 4_000, "\(lacking.characters) characters shaped")
    }

    @Test func aFloodOfZeroWidthCharactersIsReadOnlyAsFarAsCouldShow() {
        let work = Work()
        let flood = "ab" + String(repeating: "\u{200B}", count: 1 << 20)
        let shown = Self.fitter(work: work).fit(flood, maxWidth: 100)
        #expect(shown?.hasSuffix("…") == true && shown?.hasPrefix("ab") == true)
        #expect((shown?.count ?? .max) <= LineFitter.characterLimit(maxWidth: 100))
        #expect(work.characters < 16 * LineFitter.characterLimit(maxWidth: 100), "\(work.characters) characters")
    }

    @Test(.enabled(if: TextLine.hasFont)) func theRealFontShapesAMebibyteNameInBoundedWork() throws {
        let rasterizer = TextRasterizer.shared
        let real = try #require(rasterizer.lineFitter(pixelsPerEm: 17))
        let work = Work()
        let counted = LineFitter(
            isDrawable: {
                work.count($0); return real.isDrawable($0)
            },
            width: {
                work.count($0); return real.width($0)
            })
        let name = String(repeating: "Cat Lovers ", count: (1 << 20) / 11)
        let shown = try #require(counted.fit(name, maxWidth: 400))
        #expect(shown.hasSuffix("…") && shown.count < 100)
        #expect(work.characters < 4_000 && work.calls < 24, "\(work.calls) shapings of \(work.characters) characters")
        // The mask is the one of the name's first thousand characters: the rest could not show.
        let mask = try #require(TextLine.mask(name, pixelsPerEm: 17, maxWidth: 400))
        #expect(mask.box.width <= 400)
        #expect(mask == TextLine.mask(String(name.prefix(1000)), pixelsPerEm: 17, maxWidth: 400))
    }
}
