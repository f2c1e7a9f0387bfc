package import FileSystem
import Foundation

/// Limits of one in-memory cache.
public struct MemoryCacheLimits: Hashable, Sendable {
    /// Total bytes of pixels kept.
    public var costLimit: Int
    /// Entries kept.
    public var countLimit: Int
    /// Limits of `costLimit` bytes and `countLimit` entries, whichever is reached first.
    public init(costLimit: Int, countLimit: Int) { self.costLimit = costLimit; self.countLimit = countLimit }
}

/// How big the pipeline's caches may grow, where the disk cache lives and how much memory work may take.
public struct PipelineConfiguration: Sendable {
    /// Where composites persist between runs, nil for memory only. Swapping it is one assignment. The
    /// default is nil: a library writes nothing to disk until asked; `DiskCache(location: .standard)` is the
    /// one `chat-tui` uses, in `$XDG_CACHE_HOME/chat-tui` (100 MB, entries unused for 30 days swept).
    public var compositeCache: (any CompositeCaching)?
    /// Decoded member photos, per file version and size bucket.
    public var sourceCacheLimits: MemoryCacheLimits
    /// Styled avatars (per member, style and size).
    public var styledCacheLimits: MemoryCacheLimits
    /// Finished composites.
    public var compositeCacheLimits: MemoryCacheLimits
    /// Avatar files larger than this are refused instead of read.
    public var maximumSourceFileBytes: Int
    /// Side of placeholders for requests that give no size (the `.original` style).
    public var defaultPlaceholderSide: Int
    /// The folders avatar files must lie in (`chat-tui --allow-paths`), nil for anywhere. A member whose path
    /// lies outside gets a placeholder and a warning that says so, whether or not the file exists. Package-level:
    /// a library client chooses its members' paths itself.
    package var allowedFolders: PathConfinement?
    /// The budget composites and decodes reserve their pixel memory from before they start (waiting while it
    /// is used up); nil for none. The command line shares one between its pipelines to bound a whole process.
    package var memoryBudget: MemoryBudget?
    /// Hash every member file's content into its identity (`--verify-content`), so that no change can go
    /// unnoticed, at the cost of reading every file for every composite asked for (see `PhotoFileIdentity`).
    public var verifyContent: Bool

    /// `memoryLimit` bounds the pixel memory of the pipeline (nil: no bound): a quarter of it keeps decoded
    /// photos for reuse (unless `sourceCacheLimits` says otherwise), the rest is the `memoryBudget` of work in
    /// flight. The default is ``defaultMemoryLimit``, a quarter of the machine's memory.
    public init(
        compositeCache: (any CompositeCaching)? = nil,
        sourceCacheLimits: MemoryCacheLimits? = nil,
        styledCacheLimits: MemoryCacheLimits = MemoryCacheLimits(costLimit: 32 << 20, countLimit: 1024),
        compositeCacheLimits: MemoryCacheLimits = MemoryCacheLimits(costLimit: 64 << 20, countLimit: 512),
        maximumSourceFileBytes: Int = 64 << 20, defaultPlaceholderSide: Int = 256,
        memoryLimit: Int? = PipelineConfiguration.defaultMemoryLimit, verifyContent: Bool = false
    ) {
        self.compositeCache = compositeCache
        let sourceShare = memoryLimit.map { max(1, $0 / 4) } ?? 128 << 20
        self.sourceCacheLimits = sourceCacheLimits ?? MemoryCacheLimits(costLimit: sourceShare, countLimit: 512)
        self.styledCacheLimits = styledCacheLimits; self.compositeCacheLimits = compositeCacheLimits
        self.maximumSourceFileBytes = maximumSourceFileBytes; self.defaultPlaceholderSide = defaultPlaceholderSide
        self.memoryBudget = memoryLimit.map { MemoryBudget(limit: $0 - $0 / 4) }
        self.verifyContent = verifyContent
    }

    /// A quarter of the memory this process can use (physical memory, or its container's limit), at least
    /// 256 MiB; 1 GiB when neither can be found out.
    public static var defaultMemoryLimit: Int { MemoryBudget.defaultLimit }
}
