import Foundation

/// What `chat-tui cache stats` prints about a cache.
public struct CacheStatistics: Hashable, Sendable {
    /// Number of stored entries.
    public var entries: Int
    /// Their total size in bytes.
    public var bytes: Int64
    /// The least recently used entry's last use, nil when empty.
    public var oldest: Date?
    /// The size the cache is trimmed to, nil when it has no limit.
    public var sizeLimit: Int?
    /// Entries unused for this long are removed, nil when they are kept.
    public var ageLimit: TimeInterval?

    /// Statistics with the given counts and limits (a `CompositeCaching` store reports its own).
    public init(entries: Int, bytes: Int64, oldest: Date?, sizeLimit: Int?, ageLimit: TimeInterval?) {
        self.entries = entries; self.bytes = bytes; self.oldest = oldest
        self.sizeLimit = sizeLimit; self.ageLimit = ageLimit
    }
}
