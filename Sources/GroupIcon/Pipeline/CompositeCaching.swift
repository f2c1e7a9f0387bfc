import Foundation

/// Where composites persist between runs: the seam behind which the disk cache can be swapped (as Nuke's
/// `DataCaching`). `PipelineConfiguration.compositeCache` holds one; `DiskCache` is the standard one.
///
/// Implementations must be safe to call from any thread and must never return a composite stored under another
/// key: the pipeline trusts what they return.
public protocol CompositeCaching: Sendable {
    /// Where the cache lives, for messages (a folder for `DiskCache`).
    var location: String { get }
    /// The stored composite for `key`, or nil when there is none (or it is damaged).
    func composite(for key: CompositeKey) -> Composite?
    /// Stores `composite` under `key`, replacing any earlier one.
    func store(_ composite: Composite, for key: CompositeKey) throws(CompositeCacheError)
    /// What is stored now.
    func statistics() -> CompositeCacheStatistics
    /// Removes every stored composite; returns how many were removed.
    @discardableResult
    func removeAll() throws(CompositeCacheError) -> Int
}

/// Failures of a composite cache; the pipeline counts them and carries on from memory.
public enum CompositeCacheError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotCreateDirectory(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case cannotRemove(path: String)

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason): return "\(path): cannot create the cache directory: \(reason)"
        case .cannotWrite(let path, let reason): return "\(path): cannot write a cache entry: \(reason)"
        case .cannotRemove(let path): return "\(path): cannot remove the cache entry"
        }
    }
}

/// What `chat-tui cache stats` prints about a composite cache.
public struct CompositeCacheStatistics: Hashable, Sendable {
    /// Number of stored composites.
    public var entries: Int
    /// Their total size in bytes.
    public var bytes: Int64
    /// The least recently used entry's last use, nil when empty.
    public var oldest: Date?
    /// The size the cache is trimmed to, nil when it has no limit.
    public var sizeLimit: Int?
    /// Entries unused for this long are removed, nil when they are kept.
    public var ageLimit: TimeInterval?

    public init(entries: Int, bytes: Int64, oldest: Date?, sizeLimit: Int?, ageLimit: TimeInterval?) {
        self.entries = entries; self.bytes = bytes; self.oldest = oldest
        self.sizeLimit = sizeLimit; self.ageLimit = ageLimit
    }
}
