import Support

/// A thread-safe least-recently-used cache bounded by total cost and by entry count.
///
/// One generic type serves decoded sources, styled avatars and composites. Get, set and remove are O(1): a
/// dictionary maps keys to slots of one array, and the slots form a doubly linked recency list through array
/// indices. The cost of an entry is never stored: it is recomputed with `cost` from the stored value whenever
/// the total changes, and values are immutable, so the running total cannot drift from the entries it sums.
package final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The largest total cost kept; older entries are evicted beyond it.
    package let costLimit: Int
    /// The largest number of entries kept.
    package let countLimit: Int
    private let cost: @Sendable (Value) -> Int
    private let storage: LockedState<LRUStorage<Key, Value>>

    /// A cache evicting least-recently-used entries beyond `costLimit` total cost or `countLimit` entries.
    package init(costLimit: Int, countLimit: Int, cost: @escaping @Sendable (Value) -> Int) {
        self.costLimit = max(0, costLimit)
        self.countLimit = max(0, countLimit)
        self.cost = cost
        self.storage = LockedState(LRUStorage())
    }

    /// The value for `key`, marking it most recently used.
    package func value(for key: Key) -> Value? {
        storage.withLock { $0.value(for: key) }
    }

    /// Stores `value` as the most recently used entry and evicts beyond the limits. A value whose cost alone
    /// exceeds `costLimit` is not kept (and replaces nothing).
    package func set(_ value: Value, for key: Key) {
        let valueCost = cost(value)
        storage.withLock { lru in
            guard valueCost <= costLimit, countLimit > 0 else { return }
            lru.set(value, for: key, cost: cost)
            while lru.totalCost > costLimit || lru.count > countLimit {
                lru.removeLeastRecentlyUsed(cost: cost)
            }
        }
    }

    /// Removes the entry for `key`, if any.
    package func removeValue(for key: Key) {
        storage.withLock { $0.remove(key, cost: cost) }
    }

    /// Removes every entry.
    package func removeAll() {
        storage.withLock { $0 = LRUStorage() }
    }

    /// The number of entries.
    package var count: Int { storage.withLock { $0.count } }

    /// The running sum of the entries' costs.
    package var totalCost: Int { storage.withLock { $0.totalCost } }

    /// Every entry, most recently used first (for statistics and tests; does not change recency).
    package var entries: [(key: Key, value: Value)] { storage.withLock { $0.entriesMostRecentFirst() } }
}

/// The LRU bookkeeping behind `MemoryCache`, a value type guarded by the cache's lock.
struct LRUStorage<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Slot {
        var key: Key
        var value: Value
        var newer: Int?
        var older: Int?
    }

    private var slots: [Slot?] = []
    private var freeSlots: [Int] = []
    private var indexByKey: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?
    private(set) var totalCost = 0

    var count: Int { indexByKey.count }

    mutating func value(for key: Key) -> Value? {
        guard let index = indexByKey[key], let slot = slots[index] else { return nil }
        detach(index)
        pushNewest(index)
        return slot.value
    }

    mutating func set(_ value: Value, for key: Key, cost: (Value) -> Int) {
        remove(key, cost: cost)
        let slot = Slot(key: key, value: value, newer: nil, older: nil)
        let index: Int
        if let free = freeSlots.popLast() {
            index = free
            slots[index] = slot
        } else {
            index = slots.count
            slots.append(slot)
        }
        indexByKey[key] = index
        totalCost += cost(value)
        pushNewest(index)
    }

    mutating func remove(_ key: Key, cost: (Value) -> Int) {
        guard let index = indexByKey.removeValue(forKey: key), let slot = slots[index] else { return }
        detach(index)
        totalCost -= cost(slot.value)
        slots[index] = nil
        freeSlots.append(index)
    }

    mutating func removeLeastRecentlyUsed(cost: (Value) -> Int) {
        guard let index = oldest, let slot = slots[index] else { return }
        remove(slot.key, cost: cost)
    }

    func entriesMostRecentFirst() -> [(key: Key, value: Value)] {
        var result: [(key: Key, value: Value)] = []
        var cursor = newest
        while let index = cursor, let slot = slots[index] {
            result.append((slot.key, slot.value))
            cursor = slot.older
        }
        return result
    }

    private mutating func detach(_ index: Int) {
        guard let slot = slots[index] else { return }
        if let newer = slot.newer { slots[newer]?.older = slot.older } else { newest = slot.older }
        if let older = slot.older { slots[older]?.newer = slot.newer } else { oldest = slot.newer }
        slots[index]?.newer = nil
        slots[index]?.older = nil
    }

    private mutating func pushNewest(_ index: Int) {
        slots[index]?.older = newest
        slots[index]?.newer = nil
        if let previous = newest { slots[previous]?.newer = index }
        newest = index
        if oldest == nil { oldest = index }
    }
}
