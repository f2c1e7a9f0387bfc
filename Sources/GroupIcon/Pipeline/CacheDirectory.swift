package import FileSystem
import Foundation

/// A folder of cache entries named `<64 lowercase hex>.<fileExtension>`, whose modification times record
/// their last use: the listing, least-recently-used sweep, statistics and clearing shared by the composite
/// cache (`DiskCache`) and the download cache (`DownloadCache`).
///
/// No index file or running total is kept: the directory itself is the bookkeeping, so nothing can drift from
/// what is on disk. Only files named like entries are ever counted or removed, so two caches with different
/// extensions can share a folder and other files are left alone.
package struct CacheDirectory: Sendable {
    package let path: String
    package let fileExtension: String

    package init(path: String, fileExtension: String) {
        self.path = path; self.fileExtension = fileExtension
    }

    /// The file for an entry whose key hashes to `hashedName` (64 hex digits).
    package func entryPath(hashedName: String) -> String {
        path + "/" + hashedName + "." + fileExtension
    }

    /// Removes temporary files of writers that died, entries unused for longer than `ageLimit` (when given),
    /// then, when the rest exceed `sizeLimit` bytes, the least recently used ones until they fit in `target`
    /// (default: the limit itself). Returns how many entries were removed and the bytes left.
    @discardableResult
    package func sweep(sizeLimit: Int, ageLimit: TimeInterval?, now: Date, trimmingTo target: Int? = nil)
        -> (removed: Int, remainingBytes: Int64)
    {
        // A writer killed mid-write (kill -9) leaves its hidden temporary file, which is no entry: remove it here
        // so such files cannot pile up outside the size limit.
        FileIO.removeStaleTemporaryFiles(in: path)
        let cutoff = ageLimit.map { Int64((now.timeIntervalSince1970 - $0) * 1e9) } ?? Int64.min
        var kept: [(path: String, entry: FileStatus)] = []
        var removed = 0
        for entry in entries() {
            if entry.status.modificationNanoseconds < cutoff {
                if FileIO.removeFile(entry.path) { removed += 1 }
            } else {
                kept.append((entry.path, entry.status))
            }
        }
        kept.sort { $0.entry.modificationNanoseconds < $1.entry.modificationNanoseconds }
        var total = kept.reduce(Int64(0)) { $0 + $1.entry.size }
        if total > Int64(sizeLimit) {
            for entry in kept where total > Int64(target ?? sizeLimit) {
                if FileIO.removeFile(entry.path) { removed += 1 }
                total -= entry.entry.size
            }
        }
        return (removed, total)
    }

    /// Number, total size and oldest use of the entries, with the limits the owner enforces.
    package func statistics(sizeLimit: Int?, ageLimit: TimeInterval?) -> CacheStatistics {
        let all = entries()
        let oldest = all.map(\.status.modificationNanoseconds).min()
        return CacheStatistics(
            entries: all.count, bytes: all.reduce(0) { $0 + $1.status.size },
            oldest: oldest.map { Date(timeIntervalSince1970: Double($0) / 1e9) },
            sizeLimit: sizeLimit, ageLimit: ageLimit)
    }

    /// Removes every entry. Returns how many were removed.
    package func removeAll() throws(CacheError) -> Int {
        var removed = 0
        for entry in entries() {
            guard FileIO.removeFile(entry.path) else { throw .cannotRemove(path: entry.path) }
            removed += 1
        }
        return removed
    }

    /// The entry files and their status.
    package func entries() -> [(path: String, status: FileStatus)] {
        FileIO.fileNames(in: path).compactMap { name in
            guard isEntryName(name) else { return nil }
            let entryPath = path + "/" + name
            guard let status = FileIO.status(of: entryPath), status.isRegularFile else { return nil }
            return (entryPath, status)
        }
    }

    package func isEntryName(_ name: String) -> Bool {
        let suffix = "." + fileExtension
        guard name.hasSuffix(suffix) else { return false }
        let stem = name.dropLast(suffix.count)
        return stem.count == 64 && stem.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}
