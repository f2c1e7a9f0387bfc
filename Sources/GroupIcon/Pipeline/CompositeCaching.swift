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
    func store(_ composite: Composite, for key: CompositeKey) throws(CacheError)
    /// What is stored now.
    func statistics() -> CacheStatistics
    /// Removes every stored composite; returns how many were removed.
    @discardableResult
    func removeAll() throws(CacheError) -> Int
}
