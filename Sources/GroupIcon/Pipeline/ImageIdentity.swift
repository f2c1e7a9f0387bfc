package import FileSystem
import Support

/// What identifies the pixels of one member's avatar, found by `stat` (and, when asked, a content hash).
///
/// A file is identified by the file itself, not by how its path is spelled: device and inode (so
/// `av/big.png`, `av//big.png`, `av/./big.png` and a hard link are one source, decoded once), plus size,
/// modification and change time, so that rewriting it yields a new identity (and new cache keys) while an
/// untouched file keeps its cached decodes. See `PhotoFileIdentity` for what this does and does not detect.
public enum ImageIdentity: Hashable, Sendable {
    /// The member has no avatar path.
    case none
    /// The path names nothing.
    case missing(path: String)
    /// An existing file.
    case file(PhotoFileIdentity)
    /// A photo at an http(s) URL (`AvatarPipeline.identity(of:)` fetches it to know its content).
    case remote(RemoteIdentity)
    /// A photo given in memory (`MemberSource.photo`), identified by its content's hash.
    case content(PhotoContent)

    /// Looks at the member's avatar file; with `verifyingContent`, also reads it and hashes its bytes. An
    /// avatar that is an http(s) URL needs fetching: see `AvatarPipeline.identity(of:)`.
    public init(of member: MemberSource, verifyingContent: Bool = false, maximumFileBytes: Int = 64 << 20) {
        if let photo = member.photo { self = .content(photo); return }
        guard let path = member.imagePath else { self = .none; return }
        guard let status = FileIO.status(of: path) else { self = .missing(path: path); return }
        var digest: String?
        if verifyingContent, status.isRegularFile {
            // An unreadable file keeps a nil digest: reading it fails again at decode time, with a warning.
            digest = (try? FileIO.readRegularFile(path: path, maxBytes: maximumFileBytes)).map(PhotoFileIdentity.digest)
        }
        self = .file(PhotoFileIdentity(path: path, version: status, contentDigest: digest))
    }

    /// A stable text form, part of cache keys. It names no path for files: spellings of one file share keys.
    public var identifier: String {
        switch self {
        case .none: return "none"
        case .missing(let path): return "missing path=\(path)"
        case .file(let file): return file.identifier
        case .remote(let remote): return remote.identifier
        case .content(let content): return "content " + content.digest
        }
    }
}

/// One version of one file: device, inode, size, modification and change time (and the content's SHA-256
/// with `--verify-content`).
///
/// Detected without the content hash: any rewrite through the file system (it moves the change time, which no
/// program can set back: `touch -d`, `cp -p`, `rsync -t` and `tar x` set the modification time only), a
/// replacement by `mv` or a new file at the path (another inode), a size change. Not detected: a rewrite of
/// the same size within one tick of the kernel's file-time clock (a few milliseconds) or on a file system whose
/// times are coarser (FAT: 2 s) or not kept (some network and FUSE file systems), a system clock set back to
/// exactly the earlier change time, and content changed under the file system (a raw block device write).
/// `contentDigest` closes all of these at the cost of reading every member file for every composite asked for.
public struct PhotoFileIdentity: Hashable, Sendable {
    /// The path the file was reached by. Used to read it; not part of the identity (see `==`).
    public var path: String
    /// Device, inode, size and times when it was looked at (`identifier` spells them out).
    package var version: FileStatus
    /// `sha256:<hex>` of the content, when verified.
    public var contentDigest: String?

    package init(path: String, version: FileStatus, contentDigest: String? = nil) {
        self.path = path; self.version = version; self.contentDigest = contentDigest
    }

    /// The identity's text for cache keys.
    public var identifier: String {
        "file dev=\(version.device) ino=\(version.inode) size=\(version.size) "
            + "mtime-ns=\(version.modificationNanoseconds) ctime-ns=\(version.changeNanoseconds)"
            + (contentDigest.map { " " + $0 } ?? "")
    }

    /// Same file in the same version, however its path was spelled.
    public static func == (lhs: PhotoFileIdentity, rhs: PhotoFileIdentity) -> Bool {
        lhs.version.isSameVersion(as: rhs.version) && lhs.contentDigest == rhs.contentDigest
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(version.device)
        hasher.combine(version.inode)
        hasher.combine(version.size)
        hasher.combine(version.modificationNanoseconds)
        hasher.combine(version.changeNanoseconds)
        hasher.combine(contentDigest)
    }

    /// `sha256:<hex>` of `bytes`.
    static func digest(_ bytes: [UInt8]) -> String { "sha256:" + SHA256.hex(SHA256.digest(bytes)) }
}
