import Foundation
import Imaging

/// Why a picture could not be turned into a graphics-protocol sequence.
package enum GraphicsError: Error, Equatable, CustomStringConvertible {
    /// The PNG payload (kitty, iTerm2) could not be made.
    case png(CodecError)
    /// libsixel refused the picture; `step` names the call, `message` is libsixel's.
    case sixel(step: String, message: String)
    /// Every kitty image id Unicode placeholders can name is taken by a picture on screen.
    case noImageID(limit: Int)

    package var description: String {
        switch self {
        case .png(let error): return "cannot encode the preview as PNG: \(error)"
        case .sixel(let step, let message): return "cannot encode the preview as sixel (\(step)): \(message)"
        case .noImageID(let limit): return "more than \(limit) pictures at once: the rest are left off the screen"
        }
    }
}

/// The PNG the kitty and iTerm2 protocols carry.
package enum PNGPayload {
    /// `image` as PNG bytes (our encoder), its failure as a `GraphicsError`. Fast compression: the bytes go
    /// straight to the terminal, where encoding time is what the user waits for, not size.
    package static func encode(_ image: RGBAImage) throws(GraphicsError) -> [UInt8] {
        do { return try PNGCodec.encode(image, compression: .fast) } catch { throw .png(error) }
    }

    /// `encode`'s bytes in base64: what kitty's and iTerm2's sequences carry. It can be made off the loop
    /// (`EncodedPicture.png`) and sent later.
    package static func base64(_ image: RGBAImage) throws(GraphicsError) -> String {
        Data(try encode(image)).base64EncodedString()
    }
}
