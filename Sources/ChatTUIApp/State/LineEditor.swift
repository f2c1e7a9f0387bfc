import TerminalUI

/// A one-line text editor (the `/` filter and the `E` export prompt): text, a cursor, and the usual keys.
package struct LineEditor: Hashable, Sendable {
    /// The text being edited.
    package private(set) var text: String
    /// Cursor position in graphemes from the start, 0...text.count.
    package private(set) var cursor: Int
    /// The text is a proposal (like a pre-selected default): typing a character replaces all of it, while
    /// cursor and deletion keys start editing it.
    package private(set) var isSuggestion: Bool

    package init(_ text: String = "", suggested: Bool = false) {
        self.text = text
        cursor = text.count
        isSuggestion = suggested && !text.isEmpty
    }

    /// Applies an editing key; returns false when the key is not an editing key (Enter, Esc, ... are the
    /// caller's business).
    package mutating func apply(_ key: Key) -> Bool {
        let wasSuggestion = isSuggestion
        isSuggestion = false
        switch key {
        case .character(let character):
            guard !character.isNewline else { isSuggestion = wasSuggestion; return false }
            if wasSuggestion { text = ""; cursor = 0 }
            var graphemes = Array(text)
            graphemes.insert(character, at: cursor)
            text = String(graphemes)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            var graphemes = Array(text)
            graphemes.remove(at: cursor - 1)
            text = String(graphemes)
            cursor -= 1
        case .delete:
            var graphemes = Array(text)
            guard cursor < graphemes.count else { return true }
            graphemes.remove(at: cursor)
            text = String(graphemes)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = text.count
        default:
            isSuggestion = wasSuggestion
            return false
        }
        return true
    }
}
