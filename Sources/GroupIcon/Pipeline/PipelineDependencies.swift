import Foundation
import Imaging

/// The pipeline's seam to the rest of GroupIcon and to the file system, as plain closures.
///
/// The app and the CLI use the real codecs, layouts and compositor; tests use fakes (counting decodes,
/// synthetic images). Errors thrown by the closures become warning text through `String(describing:)`, so
/// their descriptions should name the problem (e.g. "file not found", "not a JPEG or PNG image").
public struct PipelineDependencies: Sendable {
    /// Reads a whole regular file, refusing files larger than `maxBytes`.
    public var readFile: @Sendable (_ path: String, _ maxBytes: Int) throws -> [UInt8]
    /// Decodes image bytes; with a minimum side the decoder may return a smaller image (JPEG scaling) as long
    /// as its shorter side stays at least that large, or the full image when it is smaller.
    public var decode: @Sendable (_ bytes: [UInt8], _ minimumSide: Int?) throws -> RGBAImage
    /// The tiles (in points) for `count` members.
    public var layoutTiles: @Sendable (_ count: Int, _ parameters: CompositionParameters) -> [Tile]
    /// Draws the images into their tiles on the input's canvas; `images[i]` goes into `tiles[i]`.
    public var compose: @Sendable (_ input: CompositionInput) -> RGBAImage
    /// The deterministic placeholder for a member without a usable photo, `side` pixels square, in `style`.
    public var placeholder:
        @Sendable (_ memberID: String, _ name: String, _ side: Int, _ style: PlaceholderStyle)
            -> RGBAImage
    /// The bytes of pixels `decode` will make of the file at `path` for `minimumSide`, from its header alone;
    /// nil when unknown. What the memory budget reserves before a decode.
    public var estimateDecodedBytes: @Sendable (_ path: String, _ minimumSide: Int?) -> Int?
    /// Where photos given as http(s) URLs come from; nil: such members get a placeholder and a warning.
    public var remotePhotos: RemotePhotoSource?
    /// Decodes image bytes to 16-bit samples when they are a deep image (`ImageDecoder.decodeDeep`; nil for
    /// anything else, which then goes through `decode`); nil: every photo is decoded to 8 bits. Set in `live`.
    package var decodeDeep: (@Sendable (_ bytes: [UInt8]) throws -> RGBA16Image?)?

    /// Dependencies made of the given closures (tests' fakes); `live` is the real set.
    public init(
        readFile: @escaping @Sendable (_ path: String, _ maxBytes: Int) throws -> [UInt8],
        decode: @escaping @Sendable (_ bytes: [UInt8], _ minimumSide: Int?) throws -> RGBAImage,
        layoutTiles: @escaping @Sendable (_ count: Int, _ parameters: CompositionParameters) -> [Tile],
        compose: @escaping @Sendable (_ input: CompositionInput) -> RGBAImage,
        placeholder:
            @escaping @Sendable (_ memberID: String, _ name: String, _ side: Int, _ style: PlaceholderStyle)
            -> RGBAImage,
        estimateDecodedBytes: @escaping @Sendable (_ path: String, _ minimumSide: Int?) -> Int? = { _, _ in nil },
        remotePhotos: RemotePhotoSource? = nil
    ) {
        self.readFile = readFile; self.decode = decode; self.layoutTiles = layoutTiles; self.compose = compose
        self.placeholder = placeholder; self.estimateDecodedBytes = estimateDecodedBytes
        self.remotePhotos = remotePhotos
    }
}
