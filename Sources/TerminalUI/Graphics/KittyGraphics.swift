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
        try displayChunks(image, id: id, columns: columns, rows: rows).joined()
    }

    /// `display` as its APC sequences, one per chunk (tmux's passthrough wraps each on its own).
    package static func displayChunks(
        _ image: RGBAImage, id: UInt32, columns: Int, rows: Int
    ) throws(GraphicsError) -> [String] {
        displayChunks(payload: try PNGPayload.base64(image), id: id, columns: columns, rows: rows)
    }

    /// `displayChunks` of an image already encoded (`payload`).
    package static func displayChunks(payload: String, id: UInt32, columns: Int, rows: Int) -> [String] {
        chunks(payload, keys: "a=T,f=100,i=\(max(1, id)),c=\(max(1, columns)),r=\(max(1, rows)),C=1,q=2")
    }

    /// Shows image `id`, transmitted before and still held by the terminal, at the cursor over `columns` x
    /// `rows` cells: no pixels are sent (a list avatar scrolled back into view).
    package static func place(id: UInt32, columns: Int, rows: Int) -> String {
        "\u{1B}_Ga=p,i=\(max(1, id)),c=\(max(1, columns)),r=\(max(1, rows)),C=1,q=2\u{1B}\\"
    }

    /// Transmits an image, as its `payload`, under `id` without showing it: a virtual placement
    /// (`virtualPlacement`) and Unicode placeholders (`placeholderRows`) show it.
    package static func transmitChunks(payload: String, id: UInt32) -> [String] {
        chunks(payload, keys: "a=t,f=100,i=\(max(1, id)),q=2")
    }

    /// A virtual placement of image `id` over `columns` x `rows` cells (`U=1`): the image shows wherever the
    /// text holds its placeholder cells, which the terminal (and tmux, for which they are text) moves, clips
    /// and scrolls like any text. Kitty 0.28 and later.
    package static func virtualPlacement(id: UInt32, columns: Int, rows: Int) -> String {
        "\u{1B}_Ga=p,U=1,i=\(max(1, id)),c=\(max(1, columns)),r=\(max(1, rows)),q=2\u{1B}\\"
    }

    /// The placeholder character: each cell of a virtual placement holds it, followed by the diacritics of
    /// its row and column, in the foreground colour that names the image.
    package static let placeholder: Unicode.Scalar = "\u{10EEEE}"

    /// The text of each row of a virtual placement of image `id` (16...255, sent as the 256-colour foreground,
    /// which tmux passes on unchanged; it rewrites 0...15 as ANSI colours), `columns` x `rows` cells from its top-left: SGR 38;5;id, the cells,
    /// SGR 39. Rows and columns beyond the diacritics table (`placeholderDiacritics`) are left out.
    package static func placeholderRows(id: UInt32, columns: Int, rows: Int) -> [String] {
        let diacritics = placeholderDiacritics
        let columns = min(max(0, columns), diacritics.count), rows = min(max(0, rows), diacritics.count)
        return (0..<rows).map { row in
            var text = "\u{1B}[38;5;\(min(max(16, id), 255))m"
            text.unicodeScalars.reserveCapacity(text.unicodeScalars.count + columns * 3 + 5)
            for column in 0..<columns {
                text.unicodeScalars.append(placeholder)
                text.unicodeScalars.append(diacritics[row])
                text.unicodeScalars.append(diacritics[column])
            }
            return text + "\u{1B}[39m"
        }
    }

    /// `payload` in APC chunks of at most `chunkSize` payload bytes, the first with `keys`.
    private static func chunks(_ payload: String, keys: String) -> [String] {
        let payload = Array(payload.utf8)
        var output: [String] = []
        var start = 0
        repeat {
            let end = min(start + chunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            let control = start == 0 ? "\(keys),m=\(more)" : "m=\(more)"
            output.append("\u{1B}_G\(control);" + String(decoding: payload[start..<end], as: UTF8.self) + "\u{1B}\\")
            start = end
        } while start < payload.count
        return output
    }

    /// Removes image `id` from the screen and frees its data (`d=I`): a transmitted image that only
    /// placeholders show stays in the terminal's memory until freed.
    package static func free(id: UInt32) -> String {
        "\u{1B}_Ga=d,d=I,i=\(max(1, id)),q=2\u{1B}\\"
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
