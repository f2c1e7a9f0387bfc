import Foundation
import TerminalUI

/// A one-line text editor (the `/` filter and the `E` export prompt): text, a cursor, and the usual keys
/// (Ctrl-U clears the line); ↑ and ↓ step through earlier entries (`recall`, from `PromptHistory`) while the
/// line holds no text of the user's own (empty, a suggestion, or an entry recalled), so ↑ never loses typing.
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
    /// Earlier entries of this kind of prompt, oldest first, for ↑ and ↓.
    package private(set) var recall: [String]
    /// Which of `recall` the line shows, nil while it shows the text it was opened with or typed.
    package private(set) var recallIndex: Int?
    /// The text before ↑ recalled an entry, which ↓ past the newest entry brings back.
    private var draft: [Character] = []

    /// The text being edited.
    package var text: String { String(characters) }

    /// Whether the text has reached `maximumLength`: further characters are refused and the prompt says so.
    package var isFull: Bool { characters.count >= Self.maximumLength }

    /// An editor holding `text` (cut to `maximumLength`), the cursor at its end.
    package init(_ text: String = "", suggested: Bool = false, recall: [String] = []) {
        characters = Array(text.prefix(Self.maximumLength))
        cursor = characters.count
        isSuggestion = suggested && !characters.isEmpty
        self.recall = recall
    }

    /// Whether the text is the user's own typing (not empty, a suggestion or a recalled entry): what a prompt
    /// closed with Esc keeps in its history.
    package var isTyped: Bool { !characters.isEmpty && !isSuggestion && recallIndex == nil }

    /// Applies an editing key; returns false when the key is not an editing key (Enter, Esc, ... are the
    /// caller's business). A character typed into a full editor is taken (returns true) but not inserted.
    package mutating func apply(_ key: Key) -> Bool {
        if key == .up || key == .down { return step(back: key == .up) }
        let before = characters
        guard edit(key) else { return false }
        // An edit makes a recalled entry the user's own text.
        if characters != before { recallIndex = nil }
        return true
    }

    private mutating func edit(_ key: Key) -> Bool {
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

    /// ↑ (`back`) or ↓ through `recall`; false when there is nothing to step to or the line holds typing of
    /// the user's (the caller then has the key: the filter's ↑ ↓ move the list).
    private mutating func step(back: Bool) -> Bool {
        guard !recall.isEmpty, characters.isEmpty || isSuggestion || recallIndex != nil else { return false }
        let index: Int?
        if back {
            index = max(0, (recallIndex ?? recall.count) - 1)
        } else {
            guard let current = recallIndex else { return false }
            index = current + 1 < recall.count ? current + 1 : nil
        }
        if recallIndex == nil { draft = characters }
        characters = index.map { Array(recall[$0].prefix(Self.maximumLength)) } ?? draft
        cursor = characters.count
        recallIndex = index
        isSuggestion = index == nil && isSuggestion
        return true
    }
}

/// What was typed into each kind of prompt (`Prompt.historyKey`, the filter's `"filter"`), newest last:
/// entered, or closed with Esc, so Esc never silently drops typed text and ↑ brings it back.
package struct PromptHistory: Hashable, Sendable {
    /// The most entries kept per kind.
    package static let limit = 50
    private var entries: [String: [String]] = [:]

    package init() {}

    /// The entries of `kind`, oldest first.
    package func recall(_ kind: String) -> [String] { entries[kind] ?? [] }

    /// Keeps `text` as the newest entry of `kind` (once: an earlier copy moves to the end).
    package mutating func record(_ text: String, in kind: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return }
        var list = entries[kind] ?? []
        list.removeAll { $0 == trimmed }
        list.append(trimmed)
        if list.count > Self.limit { list.removeFirst(list.count - Self.limit) }
        entries[kind] = list
    }
}
