import Foundation
import Support
import Testing

@Suite struct ParallelRunsTests {
    @Test func runsCoverTheRowsInOrderInWholeGranules() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        for (rows, width, granule) in [(1020, 1020, 6), (599, 640, 6), (528, 528, 1), (7, 100_000, 6), (1, 1, 1)] {
            let runs = ParallelRuns.runs(rows: rows, width: width, granule: granule)
            #expect(runs.first?.lowerBound == 0 && runs.last?.upperBound == rows)
            for (run, next) in zip(runs, runs.dropFirst()) {
                #expect(run.upperBound == next.lowerBound && run.count % granule == 0)
            }
            #expect(runs.count <= cores && runs.allSatisfy { !$0.isEmpty })
            // Each run has its share of pixels, unless there is only one.
            #expect(runs.count == 1 || runs.allSatisfy { $0.count * width >= ParallelRuns.minimumPixelsPerRun / 2 })
        }
        // A megapixel goes to every core (up to seven runs by its pixels); a list avatar stays in one run.
        #expect(ParallelRuns.runs(rows: 1020, width: 1020, granule: 6).count == min(cores, 7))
        #expect(ParallelRuns.runs(rows: 144, width: 144).count == 1)
        #expect(ParallelRuns.runs(rows: 0, width: 100).isEmpty)
        // Sizes no picture has still give runs rather than overflowing.
        #expect(ParallelRuns.runs(rows: Int.max / 2, width: Int.max / 2, granule: 6).count == cores)
        #expect(ParallelRuns.runs(rows: Int.max, width: 2, granule: 7).last?.upperBound == Int.max)
        #expect(ParallelRuns.runs(rows: -3, width: -1).isEmpty)
    }

    @Test func mapGivesEachRunsResultInTheRunsOrder() {
        let runs = [0..<3, 3..<10, 10..<11, 11..<40]
        let results = ParallelRuns.map(runs) { run in run.reduce(0, +) }
        #expect(results == runs.map { $0.reduce(0, +) })
        // What runs write into a shared buffer, each its own elements, is there afterwards.
        let buffer = UnsafeMutablePointer<Int>.allocate(capacity: 40)
        defer { buffer.deallocate() }
        let shared = SharedBuffer(buffer)
        _ = ParallelRuns.map(runs) { run in
            for index in run { shared.base[index] = index * index }
        }
        #expect((0..<40).allSatisfy { buffer[$0] == $0 * $0 })
    }

    @Test func bandsCutByPixelsWhateverTheCores() {
        // A 1024 px preview in bands of 128 rows; a picture under two bands' pixels in one piece.
        let bands = ParallelRuns.bands(rows: 1024, width: 1024, pixelsPerBand: 1 << 17)
        #expect(bands.count == 8 && bands.allSatisfy { $0.count == 128 })
        #expect(ParallelRuns.bands(rows: 396, width: 396, pixelsPerBand: 1 << 17) == [0..<396])
        // Uneven rows: contiguous, in order, sizes differing by one row at most.
        let uneven = ParallelRuns.bands(rows: 1001, width: 999, pixelsPerBand: 1 << 17)
        #expect(uneven.first?.lowerBound == 0 && uneven.last?.upperBound == 1001)
        #expect(zip(uneven, uneven.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(Set(uneven.map(\.count)).count <= 2 && uneven.count == 7)
        // Never more bands than rows, none empty, nothing overflowing.
        #expect(ParallelRuns.bands(rows: 3, width: 1 << 30, pixelsPerBand: 1) == [0..<1, 1..<2, 2..<3])
        let huge = ParallelRuns.bands(rows: Int.max, width: 2, pixelsPerBand: 1 << 17)
        #expect(huge.count == 1 << 16 && huge.last?.upperBound == Int.max)
        #expect(ParallelRuns.bands(rows: 0, width: 10, pixelsPerBand: 1).isEmpty)
    }

    @Test func forEachRunsEveryBandOnceWithItsWritesVisibleAfterwards() {
        let bands = ParallelRuns.bands(rows: 1000, width: 1, pixelsPerBand: 7)
        #expect(bands.count == 142)
        let buffer = UnsafeMutablePointer<Int>.allocate(capacity: 1000)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 0, count: 1000)
        let shared = SharedBuffer(buffer)
        ParallelRuns.forEach(bands) { band in
            for index in band { shared.base[index] += index + 1 }
        }
        #expect((0..<1000).allSatisfy { buffer[$0] == $0 + 1 })
    }
}
