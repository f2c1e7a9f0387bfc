import Foundation

/// The pipeline's seam to the rest of GroupIcon and to the file system, as plain closures.
///
/// The app and the CLI use the real codecs, layouts and compositor; tests use fakes (counting decodes,
/// synthetic images). Errors thrown by the closures become warning text through `String(describing:)`, so
/// their descriptions should name the problem (e.g. "file not found", "not a JPEG or PNG image").
public struct PipelineDependencies: Sendable {
    /// Reads a whole regular file, refusing files larger than `maxBytes`.
    public var readFile: @Sendable (_ path: String, _ maxBytes: Int) throws -> [UInt8]
    /// Decodes image bytes; with a minimum side the decoder may return a smaller image (JPEG scaling) as long
    /// as its shorter side stays at least that large, or the full image when it is smaller.
    public var decode: @Sendable (_ bytes: [UInt8], _ minimumSide: Int?) throws -> RGBAImage
    /// The tiles (in points) for `count` members.
    public var layoutTiles: @Sendable (_ count: Int, _ parameters: CompositionParameters) -> [Tile]
    /// Draws images into their tiles on the parameters' canvas; `images[i]` goes into `tiles[i]`.
    public var compose: @Sendable (_ tiles: [Tile], _ images: [RGBAImage], _ parameters: CompositionParameters)
        -> RGBAImage
    /// The deterministic placeholder for a member without a usable photo, `side` pixels square.
    public var placeholder: @Sendable (_ memberID: String, _ name: String, _ side: Int) -> RGBAImage
    /// Writes a file atomically (temporary file + rename), so that readers never see half an entry.
    public var writeAtomically: @Sendable (_ bytes: [UInt8], _ path: String) throws -> Void

    public init(
        readFile: @escaping @Sendable (_ path: String, _ maxBytes: Int) throws -> [UInt8],
        decode: @escaping @Sendable (_ bytes: [UInt8], _ minimumSide: Int?) throws -> RGBAImage,
        layoutTiles: @escaping @Sendable (_ count: Int, _ parameters: CompositionParameters) -> [Tile],
        compose: @escaping @Sendable (_ tiles: [Tile], _ images: [RGBAImage], _ parameters: CompositionParameters)
            -> RGBAImage,
        placeholder: @escaping @Sendable (_ memberID: String, _ name: String, _ side: Int) -> RGBAImage,
        writeAtomically: @escaping @Sendable (_ bytes: [UInt8], _ path: String) throws -> Void
    ) {
        self.readFile = readFile; self.decode = decode; self.layoutTiles = layoutTiles; self.compose = compose
        self.placeholder = placeholder; self.writeAtomically = writeAtomically
    }
}

/// Where the disk cache of composites lives.
public enum DiskCacheLocation: Hashable, Sendable {
    /// `$XDG_CACHE_HOME/chat-tui`, or `~/.cache/chat-tui` when that is unset or not absolute.
    case standard
    /// An explicit directory (tests, `--cache-dir`).
    case directory(String)
    /// No disk cache: composites live in memory only.
    case disabled

    /// The directory this location names, or nil when disabled. `environment` is the process environment.
    public func resolvedDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        switch self {
        case .disabled: return nil
        case .directory(let path): return path
        case .standard:
            // The XDG base-directory spec says relative values are invalid and must be ignored.
            if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/chat-tui" }
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            return home + "/.cache/chat-tui"
        }
    }
}

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
    public var diskCacheLocation: DiskCacheLocation
    /// Disk cache size limit in bytes (default 100 MB, seed 000's choice).
    public var diskSizeLimit: Int
    /// Entries not used for this long are swept (default 30 days, seed 000's choice).
    public var diskAgeLimit: TimeInterval
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

    public init(diskCacheLocation: DiskCacheLocation = .standard, diskSizeLimit: Int = 100 * 1024 * 1024,
                diskAgeLimit: TimeInterval = 30 * 24 * 60 * 60,
                sourceCacheLimits: MemoryCacheLimits = MemoryCacheLimits(costLimit: 128 << 20, countLimit: 512),
                styledCacheLimits: MemoryCacheLimits = MemoryCacheLimits(costLimit: 32 << 20, countLimit: 1024),
                compositeCacheLimits: MemoryCacheLimits = MemoryCacheLimits(costLimit: 64 << 20, countLimit: 512),
                maximumSourceFileBytes: Int = 64 << 20, defaultPlaceholderSide: Int = 256) {
        self.diskCacheLocation = diskCacheLocation; self.diskSizeLimit = diskSizeLimit
        self.diskAgeLimit = diskAgeLimit; self.sourceCacheLimits = sourceCacheLimits
        self.styledCacheLimits = styledCacheLimits; self.compositeCacheLimits = compositeCacheLimits
        self.maximumSourceFileBytes = maximumSourceFileBytes; self.defaultPlaceholderSide = defaultPlaceholderSide
    }
}
