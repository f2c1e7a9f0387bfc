/// Input read before curses reads the terminal (keys typed or pasted during the start-up queries, and replies
/// that were not recognised), handed to curses a piece at a time so that none is lost.
///
/// curses takes bytes back with `ungetch` into a queue of 137 entries; filling that queue breaks its input for
/// good (no key is read again), so a backlog of any length is handed over in pieces of at most `pieceLimit`
/// bytes, the next one only when curses has read the last. A piece never ends inside a UTF-8 character, and not
/// inside an escape sequence that began near its end, so each one decodes as whole keys.
package struct InputBacklog: Sendable {
    /// The most bytes handed to curses at once: below the 137 entries of its `ungetch` queue, with room for
    /// the bytes curses itself reads ahead while it matches a key sequence.
    package static let pieceLimit = 128
    /// How far before the end of a piece an ESC moves the cut to it: the longest key sequence curses or
    /// `EscapeSequence` reads.
    static let sequenceReach = EscapeSequence.maximumLength

    private var bytes: [UInt8] = []
    /// Where the bytes not handed over yet start.
    private var start = 0

    package init(_ bytes: [UInt8] = []) { self.bytes = bytes }

    /// Whether every byte has been handed over.
    package var isEmpty: Bool { start == bytes.count }

    /// The bytes not handed over yet.
    package var count: Int { bytes.count - start }

    /// Queues `more` behind what is waiting (input that arrived while the backlog was being handed over, so
    /// that it keeps its place after it).
    package mutating func append(_ more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    /// The next piece to hand over (empty when there is nothing left).
    package mutating func nextPiece() -> [UInt8] {
        guard !isEmpty else { return [] }
        var end = min(bytes.count, start + Self.pieceLimit)
        if end < bytes.count {
            // Not inside a UTF-8 character: back off to its lead byte.
            var cut = end
            while cut > start + 1 && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            end = cut
            // Not inside an escape sequence that starts near the end: it goes whole into the next piece.
            if let escape = bytes[start..<end].lastIndex(of: 0x1B), escape > start,
                end - escape <= Self.sequenceReach
            {
                end = escape
            }
        }
        let piece = Array(bytes[start..<end])
        start = end
        if start == bytes.count || start >= 4096 {
            bytes.removeFirst(start)
            start = 0
        }
        return piece
    }
}
