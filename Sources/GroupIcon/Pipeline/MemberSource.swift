internal import FileSystem
import Imaging
import Support

/// One group member as the pipeline sees it: who they are and where their photo is: a file, an http(s) URL,
/// bytes of an image file, or an image decoded already.
///
/// Deliberately independent of the Fixtures module (GroupIcon must not depend on it); the app maps fixture
/// members to this, resolving avatar paths relative to the fixture file.
public struct MemberSource: Hashable, Sendable {
    /// Stable member id; the placeholder colour depends on it.
    public var id: String
    /// Display name; the placeholder initial depends on it.
    public var name: String
    /// Path of the avatar image file or its http(s) URL, or nil when the member has none or `photo` holds it.
    /// A URL is fetched through `PipelineDependencies.remotePhotos` (RemoteSources' `RemoteImageStore`).
    public var imagePath: String?
    /// The photo itself, given in memory (it wins over `imagePath`).
    public var photo: PhotoContent?

    /// A member whose photo is the file at `imagePath` (read when a composite needs it) or, for an
    /// `http(s)` address, fetched; nil draws the member's placeholder.
    public init(id: String, name: String, imagePath: String?) {
        self.id = id; self.name = name; self.imagePath = imagePath
    }

    /// A member whose photo is at an http(s) URL (fetched through `PipelineDependencies.remotePhotos`).
    public init(id: String, name: String, url: String) {
        self.init(id: id, name: name, imagePath: url)
    }

    /// A member whose photo is the bytes of an image file (PNG, JPEG, WebP, ... as `ImageDecoder` reads);
    /// decoded like a file, with the same limits: broken bytes give a placeholder and a warning.
    public init(id: String, name: String, photoBytes: [UInt8]) {
        self.init(id: id, name: name, imagePath: nil)
        photo = PhotoContent(bytes: photoBytes)
    }

    /// A member whose photo is decoded already.
    public init(id: String, name: String, photo image: RGBAImage) {
        self.init(id: id, name: name, imagePath: nil)
        photo = PhotoContent(image: image)
    }

    /// A member whose photo is held in memory already (`PhotoContent(readingFile:)` reads one from a file).
    public init(id: String, name: String, photo content: PhotoContent) {
        self.init(id: id, name: name, imagePath: nil)
        photo = content
    }
}

/// Why `PhotoContent(readingFile:)` read no photo; the message names the file and the reason.
public enum PhotoReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read: missing, not a regular file, unreadable, or larger than the limit given.
    case cannotRead(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotRead(let path, let reason): return "\(path): cannot read the photo: \(reason)"
        }
    }
}

/// A member photo held in memory: an image file's bytes or decoded pixels, identified by its content's hash
/// (so equal content shares decodes and cache keys, and new content gets new ones).
public struct PhotoContent: Hashable, Sendable {
    /// What the photo is.
    public enum Form: Sendable {
        /// The bytes of an image file, decoded when needed.
        case encoded([UInt8])
        /// Pixels ready to use.
        case decoded(RGBAImage)
    }

    /// The bytes or the pixels.
    public let form: Form
    /// `sha256:<hex>` of the bytes, or `sha256-pixels:<hex>` of the width, height and pixels.
    public let digest: String

    /// The bytes of an image file, identified by their SHA-256.
    public init(bytes: [UInt8]) {
        form = .encoded(bytes)
        digest = PhotoFileIdentity.digest(bytes)
    }

    /// Pixels decoded already, identified by the SHA-256 of their size and bytes.
    public init(image: RGBAImage) {
        form = .decoded(image)
        var hashed = ByteWriter()
        hashed.write(UInt64(image.width), width: 4)
        hashed.write(UInt64(image.height), width: 4)
        digest = "sha256-pixels:" + SHA256.hex(SHA256.digest(hashed.bytes + image.pixels))
    }

    /// The bytes of the image file at `path`, read now (no Foundation needed): a member made with them keeps
    /// this version of the photo whatever happens to the file later. Nothing is decoded until a composite
    /// needs it, with the same checks as a file's. Refuses FIFOs, devices and folders, and files larger than
    /// `maximumBytes` (the pipeline's default `maximumSourceFileBytes`).
    public init(readingFile path: String, maximumBytes: Int = 64 << 20) throws(PhotoReadError) {
        do {
            self.init(bytes: try FileIO.readRegularFile(path: path, maxBytes: maximumBytes))
        } catch {
            throw .cannotRead(path: path, reason: error.reason)
        }
    }

    /// How warnings name it ("photo bytes", "decoded photo"): it has no path.
    public var label: String {
        switch form {
        case .encoded(let bytes): return "photo bytes (\(bytes.count.byteCountDescription))"
        case .decoded(let image): return "decoded photo (\(image.width)x\(image.height))"
        }
    }

    public static func == (lhs: PhotoContent, rhs: PhotoContent) -> Bool { lhs.digest == rhs.digest }
    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}
