/// How one line of text is cut to a width (`TextLine.mask`): the characters the font lacks left out, then the
/// longest start that fits with "…" after it, in work that grows with what can show, not with the text.
///
/// The text is read in pieces of doubling length, and reading stops as soon as what was kept is wider than
/// the line, or `characterLimit` characters were read (more than could show: a flood of zero-width characters
/// or of characters the font lacks); the cut is then found by bisection over what was read (a start's width grows with its length,
/// give or take kerning). Shaping a string of n characters
/// costs about n, so a name of a million characters costs about as much as one just too long for its line.
struct LineFitter {
    /// Whether the font has every character of a string (it shapes without a missing glyph).
    var isDrawable: (String) -> Bool
    /// A string's width in pixels as the line draws it (0 without ink); nil when it cannot be shaped.
    var width: (String) -> Int?

    /// Characters read first; each further piece is twice the one before.
    static let firstPiece = 64
    /// The cut's mark.
    static let ellipsis: Character = "…"

    /// The most characters of a line `maxWidth` pixels wide that are read: two a pixel and a first piece, more
    /// than any font's narrowest visible character allows (below half a pixel it would show as nothing). A
    /// text longer than that is cut with "…" after at most these characters, whatever follows.
    static func characterLimit(maxWidth: Int) -> Int {
        guard maxWidth < (Int.max - firstPiece) / 2 else { return Int.max }
        return max(0, maxWidth) * 2 + firstPiece
    }

    /// What the line shows of `string` within `maxWidth` pixels: the text without the characters the font
    /// lacks (and without the whitespace that leaves at its start), whole when it fits, else its longest
    /// start that fits with "…" after it (whitespace before the "…" dropped). Nil when no character is left,
    /// or not even "…" fits.
    func fit(_ string: String, maxWidth: Int) -> String? {
        let limit = Self.characterLimit(maxWidth: maxWidth)
        var kept: [Character] = []
        var rest = Substring(string)
        var read = 0, piece = Self.firstPiece
        var droppedAny = false
        var overflows = false
        while !rest.isEmpty {
            let next = rest.prefix(min(piece, limit - read))
            rest = rest.dropFirst(next.count)
            read += next.count
            if isDrawable(String(next)) {
                kept += next
            } else {
                // Characters the font lacks (an emoji in a group's name) are left out rather than losing the line.
                let drawable = next.filter { $0.isWhitespace || isDrawable(String($0)) }
                droppedAny = droppedAny || drawable.count < next.count
                kept += drawable
            }
            if droppedAny, let start = kept.firstIndex(where: { !$0.isWhitespace }), start > 0 {
                kept.removeFirst(start)
            }
            guard !rest.isEmpty else { break }
            if read >= limit || (width(String(kept)).map { $0 > maxWidth } ?? true) {
                overflows = true
                break
            }
            piece = piece > Int.max / 2 ? Int.max : piece * 2
        }
        if droppedAny { kept = Array(kept.drop(while: \.isWhitespace)) }
        guard !kept.isEmpty else { return nil }
        if !overflows {
            let whole = String(kept)
            guard let wholeWidth = width(whole) else { return nil }
            if wholeWidth <= maxWidth { return whole }
        }
        // The longest start that fits with "…": bisection, each step one shaping of at most what was read.
        func candidate(_ count: Int) -> String {
            var start = kept[..<count]
            while start.last?.isWhitespace == true { start.removeLast() }
            return String(start) + String(Self.ellipsis)
        }
        func fits(_ count: Int) -> Bool { width(candidate(count)).map { $0 <= maxWidth } ?? false }
        guard fits(0) else { return nil }
        var low = 0, high = kept.count - 1
        while low < high {
            let middle = low + (high - low + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return candidate(low)
    }
}
