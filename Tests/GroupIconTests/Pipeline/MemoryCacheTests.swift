import Testing

@testable import GroupIcon

@Suite struct MemoryCacheTests {
    /// Cost = the string's length, so expected totals are easy to add up by hand.
    private func makeCache(costLimit: Int = 1000, countLimit: Int = 1000) -> MemoryCache<Int, String> {
        MemoryCache(costLimit: costLimit, countLimit: countLimit) { $0.count }
    }

    @Test func evictsLeastRecentlyUsedBeyondCount() {
        let cache = makeCache(countLimit: 3)
        cache.set("a", for: 1); cache.set("b", for: 2); cache.set("c", for: 3)
        #expect(cache.value(for: 1) == "a")  // 1 is now the most recent; 2 the least.
        cache.set("d", for: 4)
        #expect(cache.value(for: 2) == nil)
        #expect(cache.entries.map(\.key) == [4, 1, 3])
        #expect(cache.count == 3)
    }

    @Test func evictsLeastRecentlyUsedBeyondCost() {
        let cache = makeCache(costLimit: 10)
        cache.set("aaaa", for: 1); cache.set("bbbb", for: 2)  // 8
        _ = cache.value(for: 1)
        cache.set("ccc", for: 3)  // 11 > 10: evict 2 (least recent) -> 7
        #expect(cache.entries.map(\.key) == [3, 1])
        #expect(cache.totalCost == 7)
    }

    @Test func replacingAKeyReplacesItsCost() {
        let cache = makeCache()
        cache.set("aaaa", for: 1)
        cache.set("bb", for: 1)
        #expect(cache.totalCost == 2)
        #expect(cache.count == 1)
        cache.removeValue(for: 1)
        #expect(cache.totalCost == 0)
        #expect(cache.entries.isEmpty)
    }

    @Test func valueCostlierThanTheLimitIsNotKept() {
        let cache = makeCache(costLimit: 3)
        cache.set("ab", for: 1)
        cache.set("abcd", for: 2)
        #expect(cache.value(for: 2) == nil)
        #expect(cache.entries.map(\.key) == [1])
    }

    @Test func bookkeepingMatchesContentsAfterManyOperations() {
        let cache = makeCache(costLimit: 60, countLimit: 7)
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<5000 {
            let key = next(20)
            switch next(4) {
            case 0: cache.removeValue(for: key)
            case 1: _ = cache.value(for: key)
            default: cache.set(String(repeating: "x", count: next(15)), for: key)
            }
            let entries = cache.entries
            #expect(cache.totalCost == entries.reduce(0) { $0 + $1.value.count })
            #expect(cache.count == entries.count)
            #expect(Set(entries.map(\.key)).count == entries.count)
            #expect(cache.totalCost <= 60 && cache.count <= 7)
        }
    }
}
