import Foundation
import Imaging

/// iTerm2's inline images (OSC 1337, https://iterm2.com/documentation-images.html), also understood by
/// WezTerm, VS Code and others.
package enum ITermImages {
    /// Shows `image` (as PNG) at the cursor, stretched to exactly `columns` x `rows` cells; the caller sizes
    /// the image to those cells, so nothing is distorted.
    package static func display(_ image: RGBAImage, columns: Int, rows: Int) throws(GraphicsError) -> String {
        let png = try PNGPayload.encode(image)
        return "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(max(1, columns));height=\(max(1, rows));"
            + "preserveAspectRatio=0:" + Data(png).base64EncodedString() + "\u{07}"
    }
}
