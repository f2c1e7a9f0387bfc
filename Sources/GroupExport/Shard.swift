import GroupIcon
import Support

/// One of `count` disjoint parts of a batch (`--shard K/N`): a group belongs to shard
/// `1 + FNV-1a-64(UTF-8 of its id) mod N`, so every machine and every run assigns it the same shard, whatever
/// else the fixture holds and in whatever order.
package struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1...count.
    package let index: Int
    package let count: Int

    /// Shard `index` (1-based) of `count`; nil unless 1 <= index <= count.
    package init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index; self.count = count
    }

    /// `K/N` as written on the command line; nil for anything else.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// Whether the group with `id` belongs to this shard.
    package func contains(_ id: String) -> Bool {
        Int(StableHash.fnv1a64(id) % UInt64(count)) + 1 == index
    }

    package var description: String { "\(index)/\(count)" }
}
