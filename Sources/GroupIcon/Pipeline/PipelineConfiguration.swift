import FileSystem
import Foundation

/// Limits of one in-memory cache.
public struct MemoryCacheLimits: Hashable, Sendable {
    /// Total bytes of pixels kept.
    public var costLimit: Int
    /// Entries kept.
    public var countLimit: Int
    public init(costLimit: Int, countLimit: Int) { self.costLimit = costLimit; self.countLimit = countLimit }
}

/// How big the pipeline's caches may grow and where the disk cache lives.
public struct PipelineConfiguration: Sendable {
    /// Where composites persist between runs, nil for memory only. Swapping it is one assignment; the
    /// default is a `DiskCache` in `$XDG_CACHE_HOME/chat-tui` (100 MB, entries unused for 30 days swept: seed
    /// 000's choices).
    public var compositeCache: (any CompositeCaching)?
    /// Decoded member photos (kept at the largest size asked for so far).
    public var sourceCacheLimits: MemoryCacheLimits
    /// Styled avatars (per member, style and size).
    public var styledCacheLimits: MemoryCacheLimits
    /// Finished composites.
    public var compositeCacheLimits: MemoryCacheLimits
    /// Avatar files larger than this are refused instead of read.
    public var maximumSourceFileBytes: Int
    /// Side of placeholders for requests that give no size (the `.original` style).
    public var defaultPlaceholderSide: Int
    /// The folders avatar files must lie in (`--allow-paths`), nil for anywhere. A member whose path lies
    /// outside gets a placeholder and a warning that says so, whether or not the file exists.
    public var allowedFolders: PathConfinement?

    public init(compositeCache: (any CompositeCaching)? = DiskCache(location: .standard),
                sourceCacheLimits: MemoryCacheLimits = MemoryCacheLimits(costLimit: 128 << 20, countLimit: 512),
                styledCacheLimits: MemoryCacheLimits = MemoryCacheLimits(costLimit: 32 << 20, countLimit: 1024),
                compositeCacheLimits: MemoryCacheLimits = MemoryCacheLimits(costLimit: 64 << 20, countLimit: 512),
                maximumSourceFileBytes: Int = 64 << 20, defaultPlaceholderSide: Int = 256) {
        self.compositeCache = compositeCache; self.sourceCacheLimits = sourceCacheLimits
        self.styledCacheLimits = styledCacheLimits; self.compositeCacheLimits = compositeCacheLimits
        self.maximumSourceFileBytes = maximumSourceFileBytes; self.defaultPlaceholderSide = defaultPlaceholderSide
    }
}
