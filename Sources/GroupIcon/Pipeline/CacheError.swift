/// Failures of an on-disk cache (composites, downloads); the pipeline counts them and carries on from memory.
public enum CacheError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotCreateDirectory(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
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
