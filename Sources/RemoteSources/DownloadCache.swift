internal import FileSystem
import Foundation
import GroupIcon
import Support

/// One downloaded photo as the download cache keeps it: the bytes, what is needed to revalidate them, and
/// when they were last known to be current.
package struct DownloadCacheEntry: Hashable, Sendable {
    /// The URL as requested (before redirects), the cache key.
    package var url: String
    /// The response body, exactly as received.
    package var bytes: [UInt8]
    /// What revalidation sends back (`ETag`, `Last-Modified`).
    package var validators: HTTPValidators
    /// The server's `Content-Type`, recorded only.
    package var contentType: String?
    /// When the bytes were fetched, or last confirmed by a 304.
    package var fetchedAt: Date
    /// The response's `Cache-Control` (entries marked `no-store` are never written).
    package var cacheControl: CacheControl
    /// `sha256:<hex>` of `bytes`: the same bytes always have the same identity, so a revalidated (304) entry
    /// keeps it and anything decoded from it stays valid, while changed bytes get a new one.
    package let contentIdentity: String

    /// An entry for freshly downloaded `bytes`; the content identity is computed from them.
    package init(
        url: String, bytes: [UInt8], validators: HTTPValidators, contentType: String?, fetchedAt: Date,
        cacheControl: CacheControl
    ) {
        self.init(
            url: url, bytes: bytes, validators: validators, contentType: contentType, fetchedAt: fetchedAt,
            cacheControl: cacheControl, contentIdentity: "sha256:" + SHA256.hex(SHA256.digest(bytes)))
    }

    /// An entry whose identity is already known (read back from disk, where a checksum protects it).
    init(
        url: String, bytes: [UInt8], validators: HTTPValidators, contentType: String?, fetchedAt: Date,
        cacheControl: CacheControl, contentIdentity: String
    ) {
        self.url = url; self.bytes = bytes; self.validators = validators; self.contentType = contentType
        self.fetchedAt = fetchedAt; self.cacheControl = cacheControl; self.contentIdentity = contentIdentity
    }

    /// Whether the entry may be used at `now` without asking the server: not `no-cache`, and younger than its
    /// `max-age`, or than `defaultFreshness` when the server gave none.
    package func isFresh(at now: Date, defaultFreshness: TimeInterval) -> Bool {
        guard !cacheControl.noCache else { return false }
        let lifetime = cacheControl.maxAge.map(TimeInterval.init) ?? defaultFreshness
        let age = now.timeIntervalSince(fetchedAt)
        return age >= 0 && age < lifetime
    }

    /// The entry after a 304 at `now`: same bytes and identity, new fetch time, and the validators and cache
    /// directives the 304 carried (a 304 without them leaves the stored ones in force).
    package func revalidated(at now: Date, metadata: HTTPResponseMetadata) -> DownloadCacheEntry {
        var entry = self
        entry.fetchedAt = now
        if let tag = metadata.validators.entityTag { entry.validators.entityTag = tag }
        if let date = metadata.validators.lastModified { entry.validators.lastModified = date }
        if metadata.cacheControl != CacheControl() { entry.cacheControl = metadata.cacheControl }
        return entry
    }
}

/// What the download cache holds for a URL.
package enum DownloadCacheLookup: Hashable, Sendable {
    /// Usable as it is.
    case fresh(DownloadCacheEntry)
    /// Older than its freshness period: revalidate with its validators (or use it as it is offline).
    case stale(DownloadCacheEntry)
    case missing
}

/// Downloaded photos on disk, one file per URL, surviving restarts.
///
/// Files are named by the SHA-256 of the URL (`<64 hex>.gidl`) and written atomically with
/// `FileIO.writeAtomically`; each holds the bytes, the validators, the fetch time and the cache directives
/// under a checksum, so a truncated or corrupted file is detected, removed and treated as missing. A read
/// touches the file, and a sweep (on the first store and every `storesPerSweep` stores) removes the least
/// recently used entries beyond `sizeLimit`. The folder may be shared with the composite cache: each only
/// touches files with its own extension.
public final class DownloadCache: Sendable {
    /// The extension of entry files.
    package static let fileExtension = "gidl"
    static let storesPerSweep = 32

    /// The cache directory (created on the first store).
    public let directory: String
    /// Total bytes of entry files kept; also the largest single entry read back.
    public let sizeLimit: Int
    private let folder: CacheDirectory
    private let storesSinceSweep = LockedState(0)
    private let removedCorruptEntries = LockedState(0)

    /// A cache in `directory` (created on the first store), holding at most `sizeLimit` bytes of entries.
    public init(directory: String, sizeLimit: Int = 200 << 20) {
        self.directory = directory
        self.sizeLimit = sizeLimit
        folder = CacheDirectory(path: directory, fileExtension: DownloadCache.fileExtension)
    }

    /// The download cache beside the composite cache at `location`, in its `downloads` subfolder (so that
    /// clearing or sweeping either never touches the other); nil when `location` is `.disabled`.
    public convenience init?(
        location: DiskCacheLocation, sizeLimit: Int = 200 << 20,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        guard let composites = location.resolvedDirectory(environment: environment) else { return nil }
        self.init(directory: composites + "/downloads", sizeLimit: sizeLimit)
    }

    /// The file the entry for `url` lives in.
    package func path(for url: String) -> String {
        folder.entryPath(hashedName: SHA256.hexDigest(url))
    }

    /// The stored entry for `url`, touching it as used; nil when absent, unreadable or corrupted (a corrupted
    /// entry is removed so that it is downloaded again).
    package func entry(for url: String) -> DownloadCacheEntry? {
        let path = path(for: url)
        guard let status = FileIO.status(of: path), status.isRegularFile,
            let bytes = try? FileIO.readRegularFile(path: path, maxBytes: sizeLimit)
        else { return nil }
        guard let entry = DownloadEntryFormat.decode(bytes, url: url) else {
            FileIO.removeFile(path)
            removedCorruptEntries.withLock { $0 += 1 }
            return nil
        }
        FileIO.setModificationTime(of: path)
        return entry
    }

    /// Whether `url` is cached, and if so whether it is fresh at `now`.
    package func lookup(_ url: String, now: Date, defaultFreshness: TimeInterval) -> DownloadCacheLookup {
        guard let entry = entry(for: url) else { return .missing }
        return entry.isFresh(at: now, defaultFreshness: defaultFreshness) ? .fresh(entry) : .stale(entry)
    }

    /// Writes `entry` atomically, replacing any older one for its URL, sweeping now and then. An entry marked
    /// `no-store` is not written, and an older one for its URL is removed.
    package func store(_ entry: DownloadCacheEntry) throws(CacheError) {
        let path = path(for: entry.url)
        guard !entry.cacheControl.noStore else {
            FileIO.removeFile(path)
            return
        }
        do {
            // Private like the composite cache's folders: the entries are people's photos.
            try FileIO.createDirectory(directory, permissions: 0o700)
        } catch {
            throw .cannotCreateDirectory(path: directory, reason: String(describing: error))
        }
        do {
            try FileIO.writeAtomically(
                DownloadEntryFormat.encode(entry), to: path,
                options: AtomicWriteOptions(permissions: 0o600))
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
        let sweepNow = storesSinceSweep.withLock { count in
            defer { count = (count + 1) % DownloadCache.storesPerSweep }
            return count == 0
        }
        if sweepNow { sweep() }
    }

    /// Removes the least recently used entries until the rest fit in `sizeLimit`. Returns how many.
    @discardableResult
    public func sweep(now: Date = Date()) -> Int {
        folder.sweep(sizeLimit: sizeLimit, ageLimit: nil, now: now).removed
    }

    /// Number, total size and oldest use of the entries, and the size limit.
    public func statistics() -> CacheStatistics { folder.statistics(sizeLimit: sizeLimit, ageLimit: nil) }

    /// Removes every entry (other files in the directory are left alone). Returns how many were removed.
    @discardableResult
    public func removeAll() throws(CacheError) -> Int { try folder.removeAll() }

    /// How many truncated or corrupted entries this instance has found and removed.
    public var corruptEntriesRemoved: Int { removedCorruptEntries.withLock { $0 } }
}

/// The download-cache entry format, version 1 (integers little-endian, strings as in `CacheEntryFormat`):
///
/// ```
/// "GIDL" magic, version UInt16, url string, fetched-at milliseconds since 1970 (Int64),
/// max-age seconds (Int64, -1 = none), flags UInt8 (bit 0 no-cache),
/// ETag, Last-Modified, Content-Type (each: UInt8 present flag [+ string]), content identity string,
/// body byte count UInt64, body, SHA-256 of every byte before it (32 bytes)
/// ```
/// The frame is Support's `ChecksummedEnvelope`; the stored URL guards against a file-name collision.
enum DownloadEntryFormat {
    static let envelope = ChecksummedEnvelope(magic: "GIDL", version: 1)

    static func encode(_ entry: DownloadCacheEntry) -> [UInt8] {
        var out = envelope.writer(reservingCapacity: entry.bytes.count + 512)
        out.write(entry.url)
        out.write(UInt64(bitPattern: Int64((entry.fetchedAt.timeIntervalSince1970 * 1000).rounded())), width: 8)
        out.write(UInt64(bitPattern: Int64(entry.cacheControl.maxAge ?? -1)), width: 8)
        out.write(entry.cacheControl.noCache ? 1 : 0, width: 1)
        for text in [entry.validators.entityTag, entry.validators.lastModified, entry.contentType] {
            out.write(text == nil ? 0 : 1, width: 1)
            if let text { out.write(text) }
        }
        out.write(entry.contentIdentity)
        out.write(UInt64(entry.bytes.count), width: 8)
        out.bytes.append(contentsOf: entry.bytes)
        return envelope.seal(out)
    }

    /// The entry stored in `bytes` for `url`, or nil when it is truncated, corrupted, of another version or
    /// for another URL.
    static func decode(_ bytes: [UInt8], url: String) -> DownloadCacheEntry? {
        guard var reader = envelope.open(bytes), reader.readString() == url,
            let milliseconds = reader.read(width: 8), let maxAge = reader.read(width: 8),
            let flags = reader.read(width: 1)
        else { return nil }
        var texts: [String?] = []
        for _ in 0..<3 {
            guard let present = reader.read(width: 1), present <= 1 else { return nil }
            if present == 1 {
                guard let text = reader.readString() else { return nil }
                texts.append(text)
            } else {
                texts.append(nil)
            }
        }
        guard let identity = reader.readString(), let count = reader.read(width: 8),
            count == UInt64(reader.remaining), let payload = reader.readBytes(Int(count))
        else { return nil }
        let age = Int64(bitPattern: maxAge)
        return DownloadCacheEntry(
            url: url, bytes: payload, validators: HTTPValidators(entityTag: texts[0], lastModified: texts[1]),
            contentType: texts[2],
            fetchedAt: Date(timeIntervalSince1970: Double(Int64(bitPattern: milliseconds)) / 1000),
            cacheControl: CacheControl(maxAge: age < 0 ? nil : Int(age), noCache: flags & 1 != 0),
            contentIdentity: identity)
    }
}
