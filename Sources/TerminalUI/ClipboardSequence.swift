import Foundation

/// The OSC 52 escape sequence that asks a terminal to put text on the system clipboard:
/// `ESC ] 52 ; c ; <base64> BEL`.
///
/// The text travels base64-encoded, so nothing in it can end the sequence early or reach the terminal as a
/// control sequence of its own; the only bytes sent are the fixed frame and base64 characters.
package enum ClipboardSequence {
    /// The longest text sent (in UTF-8 bytes): terminals cap OSC 52 payloads (xterm's default is about 100 KB
    /// of base64), and a longer request is dropped whole by most of them.
    package static let maximumBytes = 65_536

    /// The sequence for `text`; nil when the text is empty or longer than `maximumBytes`.
    package static func bytes(for text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard !utf8.isEmpty, utf8.count <= maximumBytes else { return nil }
        return Array("\u{1B}]52;c;".utf8) + Array(Data(utf8).base64EncodedString().utf8) + [0x07]
    }
}
