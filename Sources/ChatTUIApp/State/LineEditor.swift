import TerminalUI

/// A one-line text editor (the `/` filter and the `E` export prompt): text, a cursor, and the usual keys
/// (Ctrl-U clears the line).
///
/// The text is kept as an array of graphemes, so a key costs the same however long the text is (typing at
/// the end is amortised constant time; deleting or inserting elsewhere moves the tail once), and the length
/// is capped at `maximumLength`: a paste of 16 000 characters took quadratic time and never finished.
package struct LineEditor: Hashable, Sendable {
    /// The most graphemes a prompt holds: far more than any name filter or path needs (PATH_MAX is 4096
    /// bytes), little enough that redrawing and filtering per key stay instant.
    package static let maximumLength = 1024

    /// The text as graphemes, what the cursor counts in.
    package private(set) var characters: [Character]
    /// Cursor position in graphemes from the start, 0...characters.count.
    package private(set) var cursor: Int
    /// The text is a proposal (like a pre-selected default): typing a character replaces all of it, while
    /// cursor and deletion keys start editing it.
    package private(set) var isSuggestion: Bool

    /// The text being edited.
    package var text: String { String(characters) }

    /// Whether the text has reached `maximumLength`: further characters are refused and the prompt says so.
    package var isFull: Bool { characters.count >= Self.maximumLength }

    /// An editor holding `text` (cut to `maximumLength`), the cursor at its end.
    package init(_ text: String = "", suggested: Bool = false) {
        characters = Array(text.prefix(Self.maximumLength))
        cursor = characters.count
        isSuggestion = suggested && !characters.isEmpty
    }

    /// Applies an editing key; returns false when the key is not an editing key (Enter, Esc, ... are the
    /// caller's business). A character typed into a full editor is taken (returns true) but not inserted.
    package mutating func apply(_ key: Key) -> Bool {
        let wasSuggestion = isSuggestion
        isSuggestion = false
        switch key {
        case .character(let character):
            guard !character.isNewline else { isSuggestion = wasSuggestion; return false }
            if wasSuggestion { characters = []; cursor = 0 }
            guard !isFull else { return true }
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .control("u"):
            characters = []
            cursor = 0
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = characters.count
        default:
            isSuggestion = wasSuggestion
            return false
        }
        return true
    }
}
