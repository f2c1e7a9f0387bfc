/// Failures of an on-disk cache (composites, downloads); the pipeline counts them and carries on from memory.
public enum CacheError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The cache folder at `path` could not be made; `reason` says why (permissions, a file in the way).
    case cannotCreateDirectory(path: String, reason: String)
    /// An entry could not be written to `path` (no space, permissions); the cache goes on without it.
    case cannotWrite(path: String, reason: String)
    /// An entry at `path` could not be removed while sweeping or clearing.
    case cannotRemove(path: String)

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            return "\(path): cannot create the cache directory: \(reason)"
        case .cannotWrite(let path, let reason): return "\(path): cannot write a cache entry: \(reason)"
        case .cannotRemove(let path): return "\(path): cannot remove the cache entry"
        }
    }
}
