internal import FileSystem
import Foundation
import Support

/// Composites on disk, one file per key, surviving restarts.
///
/// Files are named by the SHA-256 of the key text (`<64 hex>.gicache`) and written atomically through the
/// write dependency, without a flush to disk each (an entry torn by a power loss fails its checksum and is
/// removed). A file's modification time is its last use: a hit touches it. `sweep` removes entries older than
/// the age limit, then the least recently used ones until the total fits the size limit. It runs on the first
/// store, then whenever the total the last sweep left plus what was stored since passes the size limit, and
/// then trims to 90 % of it: a batch filling a full cache sweeps once per tenth of its size written, not on
/// every store (a sweep lists the whole folder). The bookkeeping is the directory itself (`CacheDirectory`);
/// only files named like entries are ever read, counted or removed.
public final class DiskCache: CompositeCaching {
    /// The extension of entry files; only files named `<64 hex>.gicache` are read, counted or removed.
    public static let fileExtension = "gicache"

    /// The cache directory (created on the first store).
    public let directory: String
    /// The total bytes of entries the cache keeps; a sweep trims least recently used entries to fit.
    public let sizeLimit: Int
    /// Seconds an entry may go unused before a sweep removes it.
    public let ageLimit: TimeInterval
    private let readFile: @Sendable (_ path: String, _ maxBytes: Int) throws -> [UInt8]
    private let writeAtomically: @Sendable (_ bytes: [UInt8], _ path: String) throws -> Void
    private let folder: CacheDirectory
    /// The bytes the last sweep left and the bytes stored since; nil before the first sweep.
    private let sweepEstimate = LockedState<(swept: Int64, storedSince: Int64)?>(nil)
    private let removedCorruptEntries = LockedState(0)

    /// A cache in `directory` (created on the first store), keeping at most `sizeLimit` bytes of entries and
    /// none unused for longer than `ageLimit` seconds. Folders it creates are 0700 and entries 0600 (less the
    /// umask).
    public convenience init(
        directory: String, sizeLimit: Int = 100 * 1024 * 1024, ageLimit: TimeInterval = 30 * 24 * 60 * 60
    ) {
        self.init(
            directory: directory, sizeLimit: sizeLimit, ageLimit: ageLimit,
            readFile: { try FileIO.readRegularFile(path: $0, maxBytes: $1) })
    }

    /// The same with the file operations it uses given (tests inject failing ones).
    package init(
        directory: String, sizeLimit: Int = 100 * 1024 * 1024, ageLimit: TimeInterval = 30 * 24 * 60 * 60,
        readFile: @escaping @Sendable (_ path: String, _ maxBytes: Int) throws -> [UInt8],
        writeAtomically: @escaping @Sendable (_ bytes: [UInt8], _ path: String) throws -> Void = {
            try FileIO.writeAtomically(
                $0, to: $1, options: AtomicWriteOptions(permissions: 0o600, durability: .deferred))
        }
    ) {
        self.directory = directory; self.sizeLimit = sizeLimit; self.ageLimit = ageLimit
        self.readFile = readFile; self.writeAtomically = writeAtomically
        folder = CacheDirectory(path: directory, fileExtension: DiskCache.fileExtension)
    }

    /// A cache in the folder `location` names, nil when it names none (`.disabled`).
    public convenience init?(location: DiskCacheLocation) {
        guard let directory = location.resolvedDirectory() else { return nil }
        self.init(directory: directory)
    }

    public var location: String { directory }

    /// The file an entry for `key` lives in.
    public func path(for key: CompositeKey) -> String {
        folder.entryPath(hashedName: key.hashedName)
    }

    /// The stored composite for `key`, touching it as used; nil when absent or unreadable. An entry that is
    /// truncated or corrupted is removed, so that it is regenerated and never shown.
    ///
    /// The file's size is checked against the largest entry the key allows before anything is read, so a
    /// huge (or sparse) file planted under an entry's name costs one `stat`, not its size in time and memory.
    public func composite(for key: CompositeKey) -> Composite? {
        let path = path(for: key)
        guard let status = FileIO.status(of: path), status.isRegularFile else { return nil }
        let maximumSize = CacheEntryFormat.maximumSize(for: key)
        var composite: Composite?
        if status.size <= Int64(maximumSize) {
            guard let bytes = try? readFile(path, maximumSize) else { return nil }
            composite = CacheEntryFormat.decode(bytes, key: key)
        }
        guard let composite else {
            FileIO.removeFile(path)
            removedCorruptEntries.withLock { $0 += 1 }
            return nil
        }
        FileIO.setModificationTime(of: path)
        return composite
    }

    /// Writes the entry for `key` atomically, sweeping now and then.
    public func store(_ composite: Composite, for key: CompositeKey) throws(CacheError) {
        do {
            // Private, as the XDG base-directory spec asks of folders it creates: composites show members' photos.
            try FileIO.createDirectory(directory, permissions: 0o700)
        } catch {
            throw .cannotCreateDirectory(path: directory, reason: String(describing: error))
        }
        let path = path(for: key)
        let entry = CacheEntryFormat.encode(composite, key: key)
        do {
            try writeAtomically(entry, path)
        } catch {
            throw .cannotWrite(path: path, reason: String(describing: error))
        }
        let sweepNow = sweepEstimate.withLock { estimate in
            guard let current = estimate else { return true }
            estimate = (current.swept, current.storedSince + Int64(entry.count))
            return current.swept + current.storedSince + Int64(entry.count) > Int64(sizeLimit)
        }
        if sweepNow { sweep(trimmingTo: sizeLimit / 10 * 9) }
    }

    /// Removes entries unused for longer than `ageLimit`, then the least recently used ones until the rest
    /// fit in `sizeLimit`, and temporary files of writers that died. Returns how many entries were removed.
    @discardableResult
    public func sweep(now: Date = Date()) -> Int {
        sweep(now: now, trimmingTo: sizeLimit)
    }

    /// `sweep`, removing least recently used entries until the rest fit in `target` bytes.
    @discardableResult
    private func sweep(now: Date = Date(), trimmingTo target: Int) -> Int {
        let (removed, remaining) = folder.sweep(sizeLimit: sizeLimit, ageLimit: ageLimit, now: now, trimmingTo: target)
        sweepEstimate.withLock { $0 = (remaining, 0) }
        return removed
    }

    /// Number, total size and oldest use of the entries, and the limits.
    public func statistics() -> CacheStatistics {
        folder.statistics(sizeLimit: sizeLimit, ageLimit: ageLimit)
    }

    /// Removes every entry (other files in the directory are left alone). Returns how many were removed.
    @discardableResult
    public func removeAll() throws(CacheError) -> Int { try folder.removeAll() }

    /// How many truncated or corrupted entries this instance has found and removed.
    public var corruptEntriesRemoved: Int { removedCorruptEntries.withLock { $0 } }
}
