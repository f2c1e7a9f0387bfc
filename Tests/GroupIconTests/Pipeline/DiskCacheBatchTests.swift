import FileSystem
import Foundation
import Testing

@testable import GroupIcon

/// A batch writes far more composites than the cache holds: the cache stays within its limit while sweeping
/// only when its running estimate passes it, trimming to 90 % so that sweeps are spread out.
@Suite struct DiskCacheBatchTests {
    private func key(_ index: Int) -> CompositeKey {
        CompositeKey(
            members: [MemberSource(id: "\(index)", name: "n", imagePath: nil)], parameters: CompositionParameters())
    }

    @Test func aFullCacheStaysWithinItsLimitAndIsTrimmedBelowIt() throws {
        let environment = try FakeEnvironment()
        let entry = Composite(image: RGBAImage(width: 8, height: 8, fill: .white))
        let probe = DiskCache(directory: environment.cacheDirectory + "/probe")
        try probe.store(entry, for: key(1000))
        let entryBytes = Int(try #require(FileIO.status(of: probe.path(for: key(1000)))).size)
        let cache = DiskCache(directory: environment.cacheDirectory + "/main", sizeLimit: entryBytes * 20)
        var counts: [Int] = []
        for index in 0..<100 {
            try cache.store(entry, for: key(index))
            let statistics = cache.statistics()
            #expect(statistics.bytes <= Int64(entryBytes * 20))
            counts.append(statistics.entries)
        }
        #expect(counts.max() == 20 && counts.min(by: <)! >= 1)
        // After a trim the cache holds 18 (90 %), then fills up again before the next sweep.
        #expect(counts.suffix(80).contains(18) && counts.suffix(80).contains(20))
        // The most recent entries are the ones kept.
        #expect(cache.composite(for: key(99)) != nil && cache.composite(for: key(0)) == nil)
    }
}
