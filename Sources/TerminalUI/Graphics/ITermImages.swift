import Foundation
import Imaging

/// iTerm2's inline images (OSC 1337, https://iterm2.com/documentation-images.html), also understood by
/// WezTerm, VS Code and others.
package enum ITermImages {
    /// Shows `image` (as PNG) at the cursor, stretched to exactly `columns` x `rows` cells; the caller sizes
    /// the image to those cells, so nothing is distorted.
    package static func display(_ image: RGBAImage, columns: Int, rows: Int) throws(GraphicsError) -> String {
        display(payload: try PNGPayload.base64(image), columns: columns, rows: rows)
    }

    /// `display` of an image already encoded: `payload` is its PNG in base64 (`PNGPayload.base64`).
    package static func display(payload: String, columns: Int, rows: Int) -> String {
        // The PNG's own length, from the base64's: three bytes for every four characters, less the padding.
        let characters = payload.utf8.count
        let padding = payload.utf8.reversed().prefix(2).prefix { $0 == UInt8(ascii: "=") }.count
        let size = characters / 4 * 3 - padding
        return "\u{1B}]1337;File=inline=1;size=\(size);width=\(max(1, columns));height=\(max(1, rows));"
            + "preserveAspectRatio=0:" + payload + "\u{07}"
    }
}
