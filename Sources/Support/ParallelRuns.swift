import Dispatch
import Foundation

/// One large picture's work spread over the cores: its rows cut into contiguous runs, which `forEach` and `map`
/// hand to every core in turn, for the live preview, whose megapixel is composed, enlarged and encoded while the
/// designer waits for it, and for large exports. Small pictures (list avatars, exports that already run a group
/// per core) are one run, on their thread.
///
/// Two ways to cut, for two kinds of work. `bands` cuts by size, however many cores there are: the compositor's
/// bands are sized to a core's cache, and more bands than cores balance themselves. `runs` cuts one run per core:
/// for uniform work where each run costs a setup of its own (the enlargement refilters the source rows two runs
/// share), more runs cost more than they balance: in bands, the preview's enlargement and sixel encoding were
/// 4-5 % slower on two cores (`chat-tui-bench --only pictures`, three alternating rounds).
package enum ParallelRuns {
    /// At least this many pixels go to each run: below it, waking another thread costs more than it saves.
    package static let minimumPixelsPerRun = 1 << 17

    /// `0..<rows` cut into contiguous runs in order, each a whole number of `granule` rows except perhaps the
    /// last: one run per core the process may use (`AvailableCores`), but none of fewer than
    /// `minimumPixelsPerRun` pixels of `width` (so one run only, for a small picture or a single core).
    package static func runs(rows: Int, width: Int, granule: Int = 1) -> [Range<Int>] {
        split(rows: rows, granule: granule) { granules in
            max(1, min(AvailableCores.count, shares(rows: rows, width: width, of: minimumPixelsPerRun), granules))
        }
    }

    /// `0..<rows` cut into contiguous bands in order of about `pixelsPerBand` pixels of `width` each (at least
    /// one row; one band when the picture holds fewer than twice that), however many cores there are.
    package static func bands(rows: Int, width: Int, pixelsPerBand: Int) -> [Range<Int>] {
        split(rows: rows, granule: 1) { granules in
            // 65 536 bands hold any canvas the limits allow; sizes no picture has still give a bounded list.
            max(1, min(shares(rows: rows, width: width, of: pixelsPerBand), granules, 1 << 16))
        }
    }

    /// How many whole shares of `pixels` a picture of `rows` × `width` holds (`Int.max` past Int's range).
    private static func shares(rows: Int, width: Int, of pixels: Int) -> Int {
        let (total, overflow) = max(1, rows).multipliedReportingOverflow(by: max(1, width))
        return overflow ? Int.max : total / max(1, pixels)
    }

    /// `0..<rows` in `count(granules)` contiguous runs of whole `granule`s (the last perhaps short), as equal
    /// as whole granules allow.
    private static func split(rows: Int, granule: Int, count: (Int) -> Int) -> [Range<Int>] {
        let granule = max(1, granule)
        let granules = max(0, rows) / granule + (max(0, rows) % granule > 0 ? 1 : 0)
        let count = count(granules)
        // Run `part` starts after `part` equal shares of the granules (the first `granules % count` runs have
        // one more), counted so that no product exceeds the rows.
        func firstRow(_ part: Int) -> Int {
            let granules = (granules / count) * part + min(part, granules % count)
            let (row, overflow) = granules.multipliedReportingOverflow(by: granule)
            return overflow ? rows : min(rows, row)
        }
        return (0..<count).compactMap { part in
            let start = firstRow(part), end = firstRow(part + 1)
            return start < end ? start..<end : nil
        }
    }

    /// `body` of each of `runs` as `forEach` works on them, the results in the runs' order. Each result is
    /// handed back under a lock, so what a run wrote before returning is visible to the caller afterwards.
    package static func map<Result: Sendable>(
        _ runs: [Range<Int>], _ body: @Sendable (Range<Int>) -> Result
    ) -> [Result] {
        guard min(runs.count, AvailableCores.count) > 1 else { return runs.map(body) }
        let results = LockedState([Result?](repeating: nil, count: runs.count))
        each(runs.count) { index in
            let result = body(runs[index])
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// `body` of each of `runs`, on as many threads at once as the process has cores (`AvailableCores`), each
    /// taking the next run in order when it is done with one: more runs than cores balance themselves, and the
    /// working memory is that of at most one run per core. One core or one run: on this thread, in order.
    package static func forEach(_ runs: [Range<Int>], _ body: @Sendable (Range<Int>) -> Void) {
        each(runs.count) { body(runs[$0]) }
    }

    /// `body` of `0..<count` as `forEach` describes.
    private static func each(_ count: Int, _ body: @Sendable (Int) -> Void) {
        let workers = min(count, AvailableCores.count)
        guard workers > 1 else { return (0..<count).forEach(body) }
        let next = LockedState(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.withLock { next in
                    defer { next += 1 }
                    return next
                }
                guard index < count else { return }
                body(index)
            }
        }
        // Each worker took the lock after its last run: taking it here orders their writes before the caller's
        // reads in ThreadSanitizer's eyes too.
        next.withLock { _ in }
    }
}

/// A buffer that several runs of `ParallelRuns.forEach` or `map` write at once, each only its own elements: the
/// caller vouches for that, which is why it is `@unchecked Sendable`. It owns nothing.
package struct SharedBuffer<Element>: @unchecked Sendable {
    /// The first element.
    package let base: UnsafeMutablePointer<Element>

    /// The buffer at `base`.
    package init(_ base: UnsafeMutablePointer<Element>) { self.base = base }
}
