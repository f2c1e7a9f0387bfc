import Imaging

/// A decoded member photo (or why it could not be decoded) as the source cache keeps it.
enum DecodedSource: Hashable, Sendable {
    case image(RGBAImage)
    /// A deep photo's samples (`ImageDecoder.decodeDeep`), kept at 16 bits so tiles are resampled from them (8
    /// bytes a pixel), with their 8-bit rendering (`quantised()`, 4 more), made once here rather than for every
    /// composite and styled avatar that uses the photo.
    case deepImage(RGBA16Image, eightBit: RGBAImage)
    /// The file or download could not be read or decoded; cached too, since the identity changes when the
    /// content does. `path` is the file's canonical path or the redacted URL, for the warning.
    case failed(path: String, reason: String)
    /// The file was replaced or rewritten (or the URL served new content) between being looked at and being
    /// read: its bytes are not the version the identity (and so the cache keys) describe. Never cached.
    case changed(path: String)

    var cost: Int {
        switch self {
        case .image(let image): return image.pixels.count
        case .deepImage(let image, let eightBit): return image.byteCount + eightBit.pixels.count
        case .failed(let path, let reason): return path.utf8.count + reason.utf8.count
        case .changed(let path): return path.utf8.count
        }
    }
}

/// What the source cache and coalescer key decodes by: one file version or downloaded content at one size
/// bucket.
///
/// Exact per bucket (a larger decode never answers a smaller request), so that the pixels of a composite
/// depend only on its own inputs: a JPEG decoded at 1/2 and resampled to a tile differs slightly from the
/// same JPEG decoded at 1/4 for it, and which of the two happened to be cached first would otherwise depend
/// on the other groups in the batch, on `--jobs` and on timing.
struct SourceKey: Hashable, Sendable {
    /// A `.file` or `.remote` identity with content.
    var identity: ImageIdentity
    /// The decoder's minimum side (a power of two), nil for full resolution.
    var bucket: Int?
}
