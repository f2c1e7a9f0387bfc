import GroupIcon
import Testing

@Suite struct PlaceholderLabelTests {
    private func label(_ name: String) -> PlaceholderLabel? { PlaceholderLabel(name: name) }

    @Test(arguments: [
        ("Alice", "A"), ("bob smith", "BS"), ("  anna   maria lee ", "AM"), ("9lives", "9"), ("x", "X"),
        ("Charlie O'Brien", "CO"), ("Amélie Dubois-Fontaine de la Rochefoucauld", "AD"),
        ("ghost (missing photo)", "GM"),
    ])
    func latinNamesGiveUpToTwoInitials(name: String, expected: String) {
        #expect(label(name) == PlaceholderLabel(text: expected, kind: .initials))
    }

    @Test(arguments: [
        ("Émile Zola", "ÉZ"), ("zoë müller", "ZM"), ("ñandú", "Ñ"), ("ßeta", "S"), ("Дмитрий", "Д"),
        ("олена петренко", "ОП"), ("σωκράτης", "Σ"),
        // Decomposed é (e + combining acute) stays one character, uppercased with its accent.
        ("e\u{301}mile", "E\u{301}"),
    ])
    func accentsAndOtherAlphabetsKeepTheirLetters(name: String, expected: String) {
        #expect(label(name) == PlaceholderLabel(text: expected, kind: .initials))
    }

    @Test(arguments: [
        ("李", "李"), ("李雷", "李雷"), ("王小明", "小明"), ("欧阳娜娜", "娜娜"), ("山田太郎", "太郎"), ("佐藤 花子", "花子"),
        ("김민준", "민준"), ("이 서연", "서연"),
        // Kana-only names give their first two characters; Han with kana, the last two.
        ("さくら", "さく"), ("マイケル・ジャクソン", "マイ"), ("ゆき", "ゆき"), ("山田さくら", "くら"),
    ])
    func cjkNamesGiveTheirGivenNameCharacters(name: String, expected: String) {
        #expect(label(name) == PlaceholderLabel(text: expected, kind: .cjk))
    }

    @Test(arguments: [
        ("🐱 Kitty", "🐱"), ("👨‍👩‍👧 family", "👨‍👩‍👧"), ("🇯🇵", "🇯🇵"), ("❤️ Love", "❤️"), ("1️⃣ One", "1️⃣"), ("👍🏽👍", "👍🏽"),
        ("  🚀", "🚀"),
    ])
    func emojiNamesGiveTheirFirstGrapheme(name: String, expected: String) {
        #expect(label(name) == PlaceholderLabel(text: expected, kind: .emoji))
    }

    @Test(arguments: [
        // The first letter, digit, CJK character or emoji decides; later ones of another kind are skipped.
        ("Noah 🚀", PlaceholderLabel(text: "N", kind: .initials)),
        ("Priya 🌸 Sharma", PlaceholderLabel(text: "PS", kind: .initials)),
        ("Zoë 李", PlaceholderLabel(text: "Z", kind: .initials)),
        ("Alice 李雷", PlaceholderLabel(text: "A", kind: .initials)),
        ("李Lei", PlaceholderLabel(text: "李", kind: .cjk)),
        ("孙悟空🐒齐天大圣", PlaceholderLabel(text: "悟空", kind: .cjk)),
        ("@bob", PlaceholderLabel(text: "B", kind: .initials)),
        ("(Anna) Lee", PlaceholderLabel(text: "AL", kind: .initials)),
        // ❤ without the emoji variation selector is a text symbol, not a letter: skipped.
        ("❤ text", PlaceholderLabel(text: "T", kind: .initials)),
        ("「李雷」", PlaceholderLabel(text: "李雷", kind: .cjk)),
    ])
    func mixedNames(name: String, expected: PlaceholderLabel) {
        #expect(label(name) == expected)
    }

    @Test(arguments: ["", " ", "   ", "\t\n", "!!!", "—", "・", "\u{200B}", "\u{7}\u{1B}", "\u{E000}"])
    func namesWithNothingToShowGetNoLabel(name: String) {
        #expect(label(name) == nil)
    }

    @Test(arguments: [
        ("Bo\u{7}b", PlaceholderLabel(text: "B", kind: .initials)),
        ("\u{202E}Alice", PlaceholderLabel(text: "A", kind: .initials)),
        ("Bob\nSmith", PlaceholderLabel(text: "BS", kind: .initials)),
        ("Bob\u{2028}Smith", PlaceholderLabel(text: "BS", kind: .initials)),
        ("\u{1B}Alice", PlaceholderLabel(text: "A", kind: .initials)),
        ("\u{200B}李雷", PlaceholderLabel(text: "李雷", kind: .cjk)),
        ("李\u{200F}雷", PlaceholderLabel(text: "李雷", kind: .cjk)),
        ("\u{0}🐱", PlaceholderLabel(text: "🐱", kind: .emoji)),
    ])
    func controlAndFormatCharactersAreIgnored(name: String, expected: PlaceholderLabel) {
        #expect(label(name) == expected)
    }

    @Test func controlCharactersNeverReachTheLabel() {
        for name in ["A\u{1B}[2J", "\u{9B}31m李雷", "🐱\u{7}", "x\u{202D}y z\u{2066}w"] {
            let text = label(name)?.text ?? ""
            #expect(
                !text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(name.debugDescription)")
            #expect(!text.unicodeScalars.contains { [0x202D, 0x2066].contains($0.value) })
        }
    }

    @Test func veryLongNames() {
        #expect(label(String(repeating: "a", count: 100_000)) == PlaceholderLabel(text: "A", kind: .initials))
        #expect(label(String(repeating: "李", count: 20_000)) == PlaceholderLabel(text: "李李", kind: .cjk))
        let words = (0..<20_000).map { "w\($0)" }.joined(separator: " ")
        #expect(label(words) == PlaceholderLabel(text: "WW", kind: .initials))
        #expect(label(String(repeating: " ", count: 50_000) + "z") == PlaceholderLabel(text: "Z", kind: .initials))
    }
}
