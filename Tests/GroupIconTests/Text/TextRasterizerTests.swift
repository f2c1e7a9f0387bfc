import Foundation
import Support
import Testing

@testable import GroupIcon

@Suite struct TextRasterizerTests {
    private let rasterizer = TextRasterizer.shared

    /// The coverage of an outline label; records an issue and returns nil when there is none.
    private func coverage(_ text: String, kind: PlaceholderLabel.Kind = .initials, side: Int) -> [Float]? {
        guard case .coverage(let values)? = rasterizer.ink(for: PlaceholderLabel(text: text, kind: kind), side: side)
        else {
            Issue.record("no outline ink for \(text) at \(side) px")
            return nil
        }
        return values
    }

    /// The pixel bounds of everything with coverage: (minX, minY, maxX, maxY), max exclusive.
    private func inkBounds(_ values: [Float], side: Int) -> (Int, Int, Int, Int)? {
        var minX = side, minY = side, maxX = 0, maxY = 0
        for y in 0..<side {
            for x in 0..<side where values[y * side + x] > 0 {
                minX = min(minX, x); maxX = max(maxX, x + 1); minY = min(minY, y); maxY = max(maxY, y + 1)
            }
        }
        return minX < maxX ? (minX, minY, maxX, maxY) : nil
    }

    @Test func fontsAreFound() {
        #expect(rasterizer.hasTextFont, "no text font: run scripts/install-deps.sh (fonts-noto-cjk)")
        #expect(rasterizer.identity.contains("NotoSansCJK"), "\(rasterizer.identity)")
        #expect(rasterizer.identity.contains("NotoColorEmoji"), "\(rasterizer.identity)")
    }

    @Test(arguments: [("A", 64), ("WM", 64), ("李雷", 96), ("太郎", 37), ("민준", 120), ("Ég", 50), ("さく", 41)])
    func inkIsCentredWithinHalfAPixel(text: String, side: Int) throws {
        let kind: PlaceholderLabel.Kind = text.unicodeScalars.first!.isASCII || text.hasPrefix("É") ? .initials : .cjk
        let values = try #require(coverage(text, kind: kind, side: side))
        let (minX, minY, maxX, maxY) = try #require(inkBounds(values, side: side))
        // Anti-aliased edges land anywhere in their first and last pixel, so the bounds' centre may be off by
        // up to half a pixel (plus FreeType's 1/64-pixel positions).
        let half = Double(side) / 2
        #expect(abs(Double(minX + maxX) / 2 - half) <= 0.5 + 1.0 / 32, "x \(minX)..<\(maxX) in \(side)")
        #expect(abs(Double(minY + maxY) / 2 - half) <= 0.5 + 1.0 / 32, "y \(minY)..<\(maxY) in \(side)")
        #expect(values.contains { $0 == 1 } && values.contains { $0 > 0 && $0 < 1 }, "solid and anti-aliased pixels")
    }

    @Test(arguments: ["WWWWWWWW", "李雷韩梅梅", "Wj", "ÉÇ"])
    func inkFitsInsideTheMargins(text: String) throws {
        let side = 100
        let values = try #require(coverage(text, side: side))
        let (minX, minY, maxX, maxY) = try #require(inkBounds(values, side: side))
        // The ink box is at most 70 % x 46 % of the side (plus a partly covered pixel on each edge).
        #expect(maxX - minX <= 72 && maxY - minY <= 48, "\(minX)..<\(maxX) x \(minY)..<\(maxY)")
        #expect(minX >= 14 && maxX <= 86 && minY >= 26 && maxY <= 74)
    }

    @Test func twoCharactersAreSmallerThanOneButAsTall() throws {
        let one = try #require(coverage("雷", kind: .cjk, side: 100))
        let two = try #require(coverage("李雷", kind: .cjk, side: 100))
        let a = try #require(inkBounds(one, side: 100)), b = try #require(inkBounds(two, side: 100))
        #expect(b.2 - b.0 > a.2 - a.0)  // wider
        #expect(b.3 - b.1 < a.3 - a.1)  // shrunk to fit the width
        #expect(b.3 - b.1 >= 30)  // still large enough to read
    }

    @Test func renderingIsDeterministic() throws {
        let first = try #require(coverage("李雷", kind: .cjk, side: 77))
        let second = try #require(coverage("李雷", kind: .cjk, side: 77))
        #expect(first == second)
        #expect(
            Placeholder.image(memberID: "u", name: "🐱", side: 90)
                == Placeholder.image(memberID: "u", name: "🐱", side: 90))
    }

    @Test func emojiAreColorPixelsCentredInTheImage() throws {
        let ink = rasterizer.ink(for: PlaceholderLabel(text: "🐱", kind: .emoji), side: 100)
        guard case .color(let pixels)? = ink else {
            Issue.record("no colour ink for 🐱")
            return
        }
        let box = pixels.box
        #expect(box.x >= 0 && box.y >= 0 && box.maxX <= 100 && box.maxY <= 100)
        #expect(abs(Double(box.x + box.maxX) / 2 - 50) <= 1 && abs(Double(box.y + box.maxY) / 2 - 50) <= 1)
        // Colourful: some opaque pixels are far from grey.
        #expect(pixels.values.contains { $0[3] > 250 && abs($0[0] - $0[2]) > 100 })
        // Premultiplied: no channel above its alpha (beyond rounding).
        #expect(pixels.values.allSatisfy { $0[0] <= $0[3] + 0.5 && $0[1] <= $0[3] + 0.5 && $0[2] <= $0[3] + 0.5 })
    }

    @Test(arguments: [
        PlaceholderLabel(text: "\u{E000}", kind: .initials),  // private use: no glyph
        PlaceholderLabel(text: "ᚠ", kind: .initials),  // runic: not in the CJK font
        PlaceholderLabel(text: " ", kind: .initials),  // a glyph without ink
        PlaceholderLabel(text: "A", kind: .emoji),  // the emoji font has no letters
    ])
    func labelsTheFontCannotDrawHaveNoInk(label: PlaceholderLabel) {
        #expect(rasterizer.ink(for: label, side: 64).map { _ in "ink" } == nil)
    }

    @Test func aFileThatIsNotAFontCountsAsNoFont() throws {
        let notAFont = #filePath  // this source file
        let fonts = FontLocator.Fonts(
            text: FontFile(path: notAFont, index: 0), emoji: FontFile(path: "/nonexistent", index: 0))
        let broken = TextRasterizer(fonts: fonts)
        #expect(!broken.hasTextFont)
        #expect(broken.identity == "text=none; emoji=none")
        #expect(broken.ink(for: PlaceholderLabel(text: "A", kind: .initials), side: 32).map { _ in "ink" } == nil)
    }

    @Test func manyThreadsShareTheFonts() {
        // FreeType itself is not instrumented, so ThreadSanitizer (`swift test --sanitize=thread --filter
        // TextRasterizerTests`) checks only the Swift side; a race on a FreeType face shows up here as wrong
        // pixels instead: threads draw at different sizes, so an unlocked face gets another thread's size.
        let names = ["Alice", "李雷", "🐱", "김민준", "Bob Smith", "さくら", "👨‍👩‍👧", "Дмитрий"]
        let sides = [40, 57, 64]
        let jobs = names.flatMap { name in sides.map { (name, $0) } }
        let expected = jobs.map { Placeholder.image(memberID: $0.0, name: $0.0, side: $0.1) }
        let results = LockedState([Int: RGBAImage]())
        DispatchQueue.concurrentPerform(iterations: 8 * jobs.count) { i in
            let (name, side) = jobs[i % jobs.count]
            let image = Placeholder.image(memberID: name, name: name, side: side)
            results.withLock { $0[i] = image }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 8 * jobs.count)
        for (i, image) in all { #expect(image == expected[i % jobs.count], "\(jobs[i % jobs.count])") }
    }
}
