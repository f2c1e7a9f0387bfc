import Dispatch

/// Median timings of repeated work, robust on a shared machine: warm-up calls first, then several samples,
/// each a batch of calls long enough for the clock, and the median sample wins (one descheduled sample cannot
/// move it).
struct BenchTiming: Sendable {
    /// Samples taken after the warm-up.
    var runs: Int
    /// Calls made and discarded before sampling (caches, page faults, lazy tables).
    var warmupCalls: Int
    /// A sample lasts at least this long, so that short calls are batched.
    var minimumSampleSeconds: Double

    /// One call, no warm-up: for `--tiny`, where only "does it run" matters.
    static let once = BenchTiming(runs: 1, warmupCalls: 0, minimumSampleSeconds: 0)

    /// The median seconds one call of `work` takes.
    func secondsPerCall(_ work: () async throws -> Void) async rethrows -> Double {
        let batch = try await warmUp(work)
        var samples: [Double] = []
        for _ in 0..<max(1, runs) { samples.append(try await sample(work, batch: batch)) }
        return Self.median(samples)
    }

    /// The median seconds one call of `first` and one of `second` take, their samples taken in turn, so that
    /// a change in the shared machine's load falls on both alike: for two figures compared with each other.
    func secondsPerCall(alternating first: () async throws -> Void, _ second: () async throws -> Void)
        async rethrows -> (first: Double, second: Double)
    {
        let firstBatch = try await warmUp(first), secondBatch = try await warmUp(second)
        var firstSamples: [Double] = [], secondSamples: [Double] = []
        for _ in 0..<max(1, runs) {
            firstSamples.append(try await sample(first, batch: firstBatch))
            secondSamples.append(try await sample(second, batch: secondBatch))
        }
        return (Self.median(firstSamples), Self.median(secondSamples))
    }

    /// The warm-up calls; returns the batch size the last one gives.
    private func warmUp(_ work: () async throws -> Void) async rethrows -> Int {
        var batch = 1
        for call in 0..<warmupCalls {
            let start = Self.now()
            try await work()
            if call == warmupCalls - 1 {
                let seconds = max(Self.seconds(since: start), 1e-7)
                batch = max(1, Int(minimumSampleSeconds / seconds))
            }
        }
        return batch
    }

    /// Seconds per call of one sample of `batch` calls.
    private func sample(_ work: () async throws -> Void, batch: Int) async rethrows -> Double {
        let start = Self.now()
        for _ in 0..<batch { try await work() }
        return Self.seconds(since: start) / Double(batch)
    }

    /// The middle value (mean of the two middle ones for an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Monotonic time in nanoseconds.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Seconds elapsed since `start` (a value of `now()`).
    static func seconds(since start: UInt64) -> Double { Double(now() - start) / 1e9 }
}
