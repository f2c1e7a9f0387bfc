/// Values made from their keys, kept while their bytes stay within a budget: when a new value would pass it, the
/// cache starts again empty rather than tracking use, as its callers' working sets come back all at once (a
/// batch's tile geometries, a preview's masks). A value larger than the whole budget is made and not kept.
/// Safe to share between threads; two threads that miss the same key at once both make the value.
package final class ByteBudgetCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Contents: Sendable {
        var values: [Key: Value] = [:]
        var bytes = 0
    }

    private let byteBudget: Int
    private let contents = LockedState(Contents())

    package init(byteBudget: Int) { self.byteBudget = byteBudget }

    /// The value kept for `key`, or `make()`'s, kept if its `bytes` fit.
    package func value(for key: Key, bytes: (Value) -> Int, make: () -> Value) -> Value {
        if let value = contents.withLock({ $0.values[key] }) { return value }
        let value = make()
        let size = bytes(value)
        guard size <= byteBudget else { return value }
        contents.withLock { contents in
            if contents.bytes + size > byteBudget { contents = Contents() }
            if contents.values.updateValue(value, forKey: key) == nil { contents.bytes += size }
        }
        return value
    }

    /// How many values the cache holds.
    package var count: Int { contents.withLock { $0.values.count } }
}
