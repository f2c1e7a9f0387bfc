import Imaging

/// A finished group avatar: its pixels and what went wrong while making it (members drawn as placeholders,
/// a group photo that could not be used), so that a cached composite reports the same warnings as a fresh one.
public struct Composite: Hashable, Sendable {
    public var image: RGBAImage
    public var warnings: [AvatarWarning]
    public init(image: RGBAImage, warnings: [AvatarWarning] = []) { self.image = image; self.warnings = warnings }
}

/// Where a composite the pipeline returned came from.
public enum CacheHit: Hashable, Sendable {
    case memory
    case disk
}

/// The pipeline's answer to a composite request: the composite, the key it is cached under, and whether a
/// cache answered.
public struct CompositeResponse: Hashable, Sendable {
    public var composite: Composite
    public var key: CompositeKey
    /// nil when it was composed for this request (or for a concurrent identical one).
    public var cacheHit: CacheHit?

    public init(composite: Composite, key: CompositeKey, cacheHit: CacheHit?) {
        self.composite = composite; self.key = key; self.cacheHit = cacheHit
    }
}
