import Imaging

/// A finished group avatar: its pixels and what went wrong while making it (members drawn as placeholders,
/// a group photo that could not be used), so that a cached composite reports the same warnings as a fresh one.
public struct Composite: Hashable, Sendable {
    /// The avatar's pixels, `CompositionParameters.pixelSize` square (or the grown canvas of a grid).
    public var image: RGBAImage
    /// One warning per photo that was replaced by a placeholder or could not be used, in member order.
    public var warnings: [AvatarWarning]
    /// A composite of `image` with the warnings met while making it.
    public init(image: RGBAImage, warnings: [AvatarWarning] = []) { self.image = image; self.warnings = warnings }
}

/// Where a composite the pipeline returned came from.
public enum CacheHit: Hashable, Sendable {
    /// The pipeline's memory cache held it: nothing was read or drawn.
    case memory
    /// The composite store (`PipelineConfiguration.compositeCache`) held it: read, not drawn.
    case disk
}

/// The pipeline's answer to a composite request: the composite, the key it is cached under, and whether a
/// cache answered.
public struct CompositeResponse: Hashable, Sendable {
    /// The avatar and its warnings.
    public var composite: Composite
    /// The key it is cached under: every input its pixels depend on.
    public var key: CompositeKey
    /// nil when it was composed for this request (or for a concurrent identical one).
    public var cacheHit: CacheHit?

    /// A response carrying `composite` under `key`, from `cacheHit` (nil: drawn now).
    public init(composite: Composite, key: CompositeKey, cacheHit: CacheHit?) {
        self.composite = composite; self.key = key; self.cacheHit = cacheHit
    }
}
