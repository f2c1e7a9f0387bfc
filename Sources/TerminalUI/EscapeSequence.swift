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

    /// What an ESC just read stands for: `.escape` when `next()` has nothing waiting, otherwise nil after
    /// consuming the sequence. `next()` returns the next waiting character code without blocking, or nil.
    package static func resolve(next: () -> UInt32?) -> Key? {
        guard let introducer = next() else { return .escape }
        switch introducer {
        case UInt32(UInt8(ascii: "[")):
            // CSI: parameter and intermediate bytes up to a final byte in 0x40...0x7E.
            for _ in 0..<maximumLength {
                guard let code = next() else { break }
                if (0x40...0x7E).contains(code) { break }
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
}
