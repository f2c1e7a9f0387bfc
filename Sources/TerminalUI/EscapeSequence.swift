/// Tells a lone Esc key from the start of an escape sequence that curses did not recognise.
///
/// curses turns the sequences its terminfo entry lists into key codes; anything else (Alt+key, an SGR mouse
/// report on a terminal whose entry expects the X10 form, focus or paste markers, keys of another terminal
/// type) arrives as ESC followed by its bytes, which must not change margins and layouts. A terminal sends a
/// sequence's bytes together, so whatever is already waiting after an introducer belongs to it and is dropped
/// whole. An ESC with nothing behind it is the Esc key, and an ESC followed by one key and nothing more is the
/// Esc key and then that key (a designer typing Esc and at once `]`: curses hands both over together).
package enum EscapeSequence {
    /// What an ESC and the characters after it come to.
    package enum Reading: Equatable, Sendable {
        /// A key: Esc, a click or the wheel, focus coming back.
        case key(Key)
        /// The Esc key, and then the key of this character code, to be read again as a key of its own.
        case escapeThen(UInt32)
        /// A sequence the app has no use for, consumed whole.
        case dropped
    }

    /// The longest sequence consumed; anything longer is not a sequence, and the rest is read as keys.
    package static let maximumLength = 32
    /// The most characters of a string sequence (DCS, OSC, APC, PM, SOS) consumed at once; the rest of a longer
    /// one is handed on as an `UnfinishedReply`.
    package static let maximumStringLength = 512

    /// What an ESC just read stands for: `.key(.escape)` when `next()` has nothing waiting; for a sequence
    /// introducer with nothing behind it, or any other character, the Esc key and then that character
    /// (`.escapeThen`); a click or the wheel for an SGR mouse report (`mouseReport`), `.focusIn` for focus
    /// coming back (`CSI I`); otherwise `.dropped` after consuming the sequence. `next()` returns the next
    /// waiting character code without blocking, or nil. A string sequence (a terminal's late reply) whose end
    /// is not among the waiting characters (or not within `maximumStringLength`) is set in `unfinished`, for
    /// the caller to skip the rest of as it comes (`InputBacklog.skip`).
    package static func resolve(next: () -> UInt32?, unfinished: inout UnfinishedReply?) -> Reading {
        guard let introducer = next() else { return .key(.escape) }
        switch introducer {
        case UInt32(UInt8(ascii: "[")):
            // CSI: parameter and intermediate bytes up to a final byte in 0x40...0x7E.
            guard let first = next() else { return .escapeThen(introducer) }
            var body: [UInt32] = []
            var code: UInt32? = first
            while let current = code {
                if (0x40...0x7E).contains(current) {
                    if body.isEmpty && current == UInt32(UInt8(ascii: "I")) { return .key(.focusIn) }
                    return mouseReport(body, final: current).map(Reading.key) ?? .dropped
                }
                body.append(current)
                code = body.count < maximumLength ? next() : nil
            }
        case UInt32(UInt8(ascii: "O")):
            // SS3: one more character (F1-F4 and keypad keys on some terminals).
            guard next() != nil else { return .escapeThen(introducer) }
        case let code where UnfinishedReply.stringKind(introducer: code) != nil:
            // A string: a terminal's late answer (a kitty graphics reply, a slow DECRQSS), up to its string
            // terminator. With nothing behind the introducer it is Esc typed just before the key.
            guard let kind = UnfinishedReply.stringKind(introducer: code), var character = next() else {
                return .escapeThen(introducer)
            }
            var reply = UnfinishedReply(kind: kind)
            for taken in 1...maximumStringLength {
                // Characters come decoded: only ASCII ones can end a string.
                if case .ended = reply.consume(CollectionOfOne(character < 0x80 ? UInt8(character) : 0x41)) {
                    return .dropped
                }
                guard taken < maximumStringLength, let following = next() else { break }
                character = following
            }
            unfinished = reply
        default:
            // Alt+key or Esc typed just before a key: Esc, then the key (the curses driver reads ESC ESC as two
            // Esc keys).
            return .escapeThen(introducer)
        }
        return .dropped
    }

    /// `resolve(next:unfinished:)` for a caller that reads all of a sequence at once (tests, the fuzz target):
    /// an unfinished string is dropped with what was read of it.
    package static func resolve(next: () -> UInt32?) -> Reading {
        var unfinished: UnfinishedReply?
        return resolve(next: next, unfinished: &unfinished)
    }

    /// The largest cell coordinate a mouse report is believed for (a bigger one is garbage, not a screen).
    package static let maximumMouseCoordinate = 10_000

    /// An xterm SGR mouse report (`CSI < b ; x ; y M` a press, `m` a release; x and y from 1) as a key: a
    /// left-button press is a click, buttons 64 and 65 the wheel; releases, drags, other buttons and anything
    /// malformed are nil (dropped). `body` is what came between CSI and the final byte `final`.
    package static func mouseReport(_ body: [UInt32], final: UInt32) -> Key? {
        guard final == UInt32(UInt8(ascii: "M")), body.first == UInt32(UInt8(ascii: "<")) else { return nil }
        let fields = body.dropFirst().split(separator: UInt32(UInt8(ascii: ";")), omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        var numbers: [Int] = []
        for field in fields {
            guard !field.isEmpty, field.count <= 5,
                field.allSatisfy({ (0x30...0x39).contains($0) })
            else { return nil }
            numbers.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        let (button, x, y) = (numbers[0], numbers[1] - 1, numbers[2] - 1)
        guard (0..<maximumMouseCoordinate).contains(x), (0..<maximumMouseCoordinate).contains(y) else { return nil }
        // Shift, Alt and Ctrl (4, 8, 16) do not change what the button does; motion (32) is a drag.
        switch button & ~(4 | 8 | 16) {
        case 0: return .mouse(x: x, y: y)
        case 64: return .wheelUp(x: x, y: y)
        case 65: return .wheelDown(x: x, y: y)
        default: return nil
        }
    }
}
