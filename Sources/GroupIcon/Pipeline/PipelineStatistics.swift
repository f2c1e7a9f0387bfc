import Support

/// Counters of what the pipeline did since it was created.
public struct PipelineStatistics: Hashable, Sendable {
    /// Avatar files read and decoded (each failure counts too).
    public var decodes = 0
    /// Composites drawn (not found in any cache).
    public var compositesMade = 0
    /// Requests answered from a memory cache (sources, styled avatars, composites).
    public var memoryHits = 0
    /// Composites read from the disk cache.
    public var diskHits = 0
    /// Requests that joined identical work already in flight instead of repeating it.
    public var coalescedWaits = 0
    /// Disk-cache writes that failed (the composite was still returned).
    public var diskWriteFailures = 0

    /// All counters at zero.
    public init() {}
}

/// Thread-safe counters behind `AvatarPipeline.statistics`.
final class StatisticsRecorder: Sendable {
    private let state = LockedState(PipelineStatistics())

    func record(_ change: (inout PipelineStatistics) -> Void) { state.withLock { change(&$0) } }

    var snapshot: PipelineStatistics { state.withLock { $0 } }
}
