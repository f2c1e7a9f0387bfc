import Foundation
import Testing

@testable import Support

/// The cores the process may use come from its affinity mask, which Linux also shows in /proc/self/status.
@Suite struct AvailableCoresTests {
    /// `Cpus_allowed_list: 0-3,6` counted.
    private static func allowedInStatus() throws -> Int? {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else {
            return nil
        }
        return line.dropFirst("Cpus_allowed_list:".count).split(separator: ",").reduce(0) { total, part in
            let bounds = part.trimmingCharacters(in: .whitespaces).split(separator: "-").compactMap { Int($0) }
            return total + (bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 1)
        }
    }

    @Test func theMaskIsReadAsTheKernelShowsIt() throws {
        #if os(Linux)
            let expected = try #require(try Self.allowedInStatus())
            #expect(AvailableCores.affinityCount() == expected)
            #expect(AvailableCores.count == min(expected, ProcessInfo.processInfo.activeProcessorCount))
        #endif
    }

    /// `taskset -c 0` for this thread alone: the mask says one core whatever the machine has.
    @Test func aThreadPinnedToOneCoreCountsOne() throws {
        #if os(Linux)
            typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
            typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
            let set = unsafeBitCast(
                try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_setaffinity")), to: SetAffinity.self)
            let get = unsafeBitCast(
                try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getaffinity")), to: GetAffinity.self)
            var saved = [UInt64](repeating: 0, count: 16)
            try #require(saved.withUnsafeMutableBytes { get(0, $0.count, $0.baseAddress!) } == 0)
            defer { _ = saved.withUnsafeBytes { set(0, $0.count, $0.baseAddress!) } }
            // The lowest core this thread may use, alone.
            let first = try #require(saved.indices.first { saved[$0] != 0 })
            var one = [UInt64](repeating: 0, count: 16)
            one[first] = saved[first] & (~saved[first] &+ 1)
            try #require(one.withUnsafeBytes { set(0, $0.count, $0.baseAddress!) } == 0)
            #expect(AvailableCores.affinityCount() == 1)
        #endif
    }

    @Test func parallelRunsCutNoMoreRunsThanTheCoresAllowed() {
        // A picture large enough for a run on each of 64 cores.
        let runs = ParallelRuns.runs(rows: 4096, width: 4096)
        #expect(runs.count == AvailableCores.count)
        #expect(runs.first?.lowerBound == 0 && runs.last?.upperBound == 4096)
    }

    @Test func parallelRunsWorkOnNoMoreThreadsThanTheCoresAllowed() {
        // Far more bands than cores: the distinct threads that ran them are at most the cores the process may use.
        let threads = LockedState(Set<UInt>())
        ParallelRuns.forEach(ParallelRuns.bands(rows: 4096, width: 1, pixelsPerBand: 1)) { _ in
            let thread = UInt(pthread_self())
            threads.withLock { _ = $0.insert(thread) }
        }
        #expect(threads.withLock { $0.count } <= AvailableCores.count)
        #expect(threads.withLock { $0.count } >= 1)
    }
}
