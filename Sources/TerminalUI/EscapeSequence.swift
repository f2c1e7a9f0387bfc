/// Tells a lone Esc key from the start of an escape sequence that curses did not recognise.
///
/// curses turns the sequences its terminfo entry lists into key codes; anything else (Alt+key, an SGR mouse
/// report on a terminal whose entry expects the X10 form, focus or paste markers, keys of another terminal
/// type) arrives as ESC followed by its bytes. Read as keys, that ESC would quit the app and the bytes would
/// change margins and layouts. A terminal sends a sequence's bytes together, so whatever is already waiting
/// after an ESC belongs to it and is dropped whole; an ESC with nothing behind it is the Esc key.
package enum EscapeSequence {
    /// The longest sequence consumed; anything longer is not a sequence, and the rest is read as keys.
    package static let maximumLength = 32
    /// The longest string sequence (APC, DCS, OSC) consumed.
    package static let maximumStringLength = 512

    /// What an ESC just read stands for: `.escape` when `next()` has nothing waiting, a click or the wheel for
    /// an SGR mouse report (`mouseReport`), otherwise nil after consuming the sequence. `next()` returns the next
    /// waiting character code without blocking, or nil.
    package static func resolve(next: () -> UInt32?) -> Key? {
        guard let introducer = next() else { return .escape }
        switch introducer {
        case UInt32(UInt8(ascii: "[")):
            // CSI: parameter and intermediate bytes up to a final byte in 0x40...0x7E.
            var body: [UInt32] = []
            for _ in 0..<maximumLength {
                guard let code = next() else { break }
                if (0x40...0x7E).contains(code) { return mouseReport(body, final: code) }
                body.append(code)
            }
        case UInt32(UInt8(ascii: "O")):
            // SS3: one more character (F1-F4 and keypad keys on some terminals).
            _ = next()
        case UInt32(UInt8(ascii: "_")), UInt32(UInt8(ascii: "P")), UInt32(UInt8(ascii: "]")):
            // APC, DCS, OSC: a terminal's late answer to a start-up query (a kitty graphics reply), up to the
            // string terminator (ESC \ or BEL).
            var previous: UInt32 = 0
            for _ in 0..<maximumStringLength {
                guard let code = next() else { break }
                if code == 0x07 || (previous == 0x1B && code == UInt32(UInt8(ascii: "\\"))) { break }
                previous = code
            }
        default:
            // Alt+key: the one character that followed (the curses driver reads ESC ESC as two Esc keys).
            break
        }
        return nil
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
