import Foundation
import Imaging

/// Escape sequences of the kitty graphics protocol (https://sw.kovidgoyal.net/kitty/graphics-protocol/).
///
/// An image goes as a PNG, base64-encoded, in APC sequences (`ESC _ G keys ; payload ESC \`) of at most
/// `chunkSize` payload bytes: the first carries the keys, every one but the last `m=1`. `q=2` asks the
/// terminal not to answer, so no reply ever reaches the key input.
package enum KittyGraphics {
    /// Base64 bytes per chunk, the protocol's limit (a multiple of 4, so every chunk decodes on its own).
    package static let chunkSize = 4096

    /// Transmits `image` as PNG and shows it at the cursor, scaled to `columns` x `rows` cells, under
    /// `id` (1...4294967295; a later image with the same id replaces it). `C=1` keeps the cursor where it is,
    /// so curses' idea of the cursor stays right.
    package static func display(_ image: RGBAImage, id: UInt32, columns: Int, rows: Int) throws(GraphicsError) -> String
    {
        let payload = Array(Data(try PNGPayload.encode(image)).base64EncodedString().utf8)
        let keys = "a=T,f=100,i=\(max(1, id)),c=\(max(1, columns)),r=\(max(1, rows)),C=1,q=2"
        var output = ""
        var start = 0
        repeat {
            let end = min(start + chunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            let control = start == 0 ? "\(keys),m=\(more)" : "m=\(more)"
            output += "\u{1B}_G\(control);" + String(decoding: payload[start..<end], as: UTF8.self) + "\u{1B}\\"
            start = end
        } while start < payload.count
        return output
    }

    /// Removes every placement of image `id` from the screen.
    package static func delete(id: UInt32) -> String {
        "\u{1B}_Ga=d,d=i,i=\(max(1, id)),q=2\u{1B}\\"
    }

    /// Removes every placement on the screen and frees its image (the crash handler's: the app draws on the
    /// alternate screen, where every image is its own).
    package static let deleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

    /// The id of the query image: only the query uses it.
    package static let queryID: UInt32 = 31

    /// Asks whether the terminal speaks the protocol: a 1x1 RGB image it must check but not keep. A terminal
    /// that does answers `ESC _ G i=31;OK ESC \` (see `TerminalReplyParser`); others ignore it.
    package static let query = "\u{1B}_Gi=\(queryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
}
