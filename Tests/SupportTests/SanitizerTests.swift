import Testing

@testable import Support

@Suite struct SanitizerTests {
    /// No C0, DEL or C1 control may survive: those are what terminals act on.
    private func hasNoControls(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    @Test func clearScreenSequenceIsShownNotExecuted() {
        let cleaned = Sanitizer.clean("\u{1B}[2Jhi")
        #expect(cleaned == "^[[2Jhi")
        #expect(hasNoControls(cleaned))
    }

    @Test func osc52ClipboardWriteIsDefused() {
        let cleaned = Sanitizer.clean("\u{1B}]52;c;SGVsbG8=\u{07}")
        #expect(cleaned == "^[]52;c;SGVsbG8=^G")
        #expect(hasNoControls(cleaned))
    }

    @Test func osc0TitleIsDefused() {
        let cleaned = Sanitizer.clean("\u{1B}]0;pwned\u{1B}\\name")
        #expect(cleaned == "^[]0;pwned^[\\name")
        #expect(hasNoControls(cleaned))
    }

    @Test func c1CSIIsReplaced() {
        let cleaned = Sanitizer.clean("x\u{9B}2Jy")
        #expect(cleaned == "x\u{FFFD}2Jy")
        #expect(hasNoControls(cleaned))
    }

    @Test func bidiControlsAreRemoved() {
        #expect(Sanitizer.clean("abc\u{202E}fed") == "abcfed")
        #expect(Sanitizer.clean("\u{2066}x\u{2069}\u{200E}\u{200F}") == "x")
    }

    @Test func zeroWidthCharactersAreRemovedButEmojiSequencesKeepTheirJoiner() {
        #expect(Sanitizer.clean("a\u{200B}b\u{FEFF}c\u{2060}d\u{200C}") == "abcd")
        #expect(Sanitizer.clean("a\u{200D}b") == "ab")
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(Sanitizer.clean(family) == family)
    }

    @Test func newlinesTabsAndDeleteBecomeVisible() {
        #expect(Sanitizer.clean("a\nb\tc\r\nd") == "a b c  d")
        #expect(Sanitizer.clean("a\u{7F}") == "a^?")
        #expect(Sanitizer.clean("\u{00}") == "^@")
    }

    @Test func ordinaryTextIsUntouched() {
        #expect(Sanitizer.clean("周末骑行群 🚴 café") == "周末骑行群 🚴 café")
    }
}
