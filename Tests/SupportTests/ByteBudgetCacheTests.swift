import Support
import Testing

@Suite struct ByteBudgetCacheTests {
    /// A cache of strings of `count` characters each, counted as `count` bytes, that records what it made.
    private final class Maker: @unchecked Sendable {
        var made: [Int] = []
        func make(_ key: Int) -> String {
            made.append(key)
            return String(repeating: "x", count: key)
        }
    }

    @Test func aValueIsMadeOnceAndKeptWhileItsBytesFit() {
        let cache = ByteBudgetCache<Int, String>(byteBudget: 100)
        let maker = Maker()
        for key in [10, 20, 10, 20, 30] {
            #expect(cache.value(for: key, bytes: { $0.count }, make: { maker.make(key) }).count == key)
        }
        #expect(maker.made == [10, 20, 30] && cache.count == 3)
        // 60 bytes kept; 50 more would pass 100: the cache starts again with the new value alone.
        _ = cache.value(for: 50, bytes: { $0.count }, make: { maker.make(50) })
        #expect(cache.count == 1)
        _ = cache.value(for: 10, bytes: { $0.count }, make: { maker.make(10) })
        #expect(maker.made == [10, 20, 30, 50, 10] && cache.count == 2)
        // Larger than the whole budget: made every time, never kept, and what was kept stays.
        _ = cache.value(for: 101, bytes: { $0.count }, make: { maker.make(101) })
        _ = cache.value(for: 101, bytes: { $0.count }, make: { maker.make(101) })
        #expect(maker.made.suffix(2) == [101, 101] && cache.count == 2)
    }
}
