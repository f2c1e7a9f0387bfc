/// Input read before curses reads the terminal (keys typed or pasted during the start-up queries, and replies
/// that were not recognised), handed to curses a piece at a time so that none is lost.
///
/// curses takes bytes back with `ungetch` into a queue of 137 entries; filling that queue breaks its input for
/// good (no key is read again), so a backlog of any length is handed over in pieces of at most `pieceLimit`
/// bytes, the next one only when curses has read the last. A piece never ends inside a UTF-8 character, and not
/// inside an escape sequence that began near its end, so each one decodes as whole keys.
///
/// A terminal reply that began before (`UnfinishedReply`: one the start-up exchange left unfinished, or a
/// string the driver met among keys) is skipped: the bytes appended after it go to its end first, so none of
/// it becomes keys, however slowly or long it comes. A reply no byte of which arrived for `skipIdleLimit` is
/// given up (an Alt key that looked like its start), and what follows is input again.
package struct InputBacklog: Sendable {
    /// The most bytes handed to curses at once: below the 137 entries of its `ungetch` queue, with room for
    /// the bytes curses itself reads ahead while it matches a key sequence.
    package static let pieceLimit = 128
    /// How far before the end of a piece an ESC moves the cut to it: the longest key sequence curses or
    /// `EscapeSequence` reads.
    static let sequenceReach = EscapeSequence.maximumLength

    /// How long a reply being skipped may go without a byte before it is given up, in nanoseconds.
    package static let skipIdleLimit: UInt64 = 1_000_000_000

    private var bytes: [UInt8] = []
    /// Where the bytes not handed over yet start.
    private var start = 0
    /// The reply the bytes appended next belong to, and when its last byte came (monotonic nanoseconds).
    private var skipping: (reply: UnfinishedReply, since: UInt64)?

    /// `bytes`: input read already, all of it keys; `skipping`: a reply begun after them, whose rest is
    /// skipped from the bytes appended, as of `now`.
    package init(_ bytes: [UInt8] = [], skipping reply: UnfinishedReply? = nil, now: UInt64 = 0) {
        self.bytes = bytes
        skipping = reply.map { ($0, now) }
    }

    /// Whether every byte has been handed over.
    package var isEmpty: Bool { start == bytes.count }

    /// The bytes not handed over yet.
    package var count: Int { bytes.count - start }

    /// Whether a reply is being skipped (the driver then reads what arrives itself and appends it).
    package var isSkipping: Bool { skipping != nil }

    /// Queues `more` (input read at `now`) behind what is waiting: input that arrived while the backlog was
    /// being handed over, so that it keeps its place after it, or the rest of a reply being skipped. Returns
    /// how many of its bytes were a reply's, skipped.
    @discardableResult
    package mutating func append(_ more: [UInt8], now: UInt64 = 0) -> Int {
        var skipped = 0
        if let (reply, since) = skipping, !more.isEmpty {
            var rest = reply
            if now &- since > Self.skipIdleLimit {
                skipping = nil
            } else {
                switch rest.consume(more) {
                case .continues:
                    skipping = (rest, now)
                    return more.count
                case .ended(let count, _):
                    skipping = nil
                    skipped = count
                }
            }
        }
        bytes.append(contentsOf: more[skipped...])
        return skipped
    }

    /// Skips `reply`, begun at `now` before the bytes not handed over yet: they go to its end first.
    package mutating func skip(_ reply: UnfinishedReply, now: UInt64) {
        let waiting = Array(bytes[start...])
        bytes.removeSubrange(start...)
        skipping = (reply, now)
        append(waiting, now: now)
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
