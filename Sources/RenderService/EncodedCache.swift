import Support

/// Encoded avatars by entity tag, least recently used out first, within a byte budget: a repeated request
/// is answered with bytes already encoded, without the pipeline (whose caches hold pixels, which would be
/// encoded again each time).
package final class EncodedCache: Sendable {
    private struct State {
        var entries: [String: [UInt8]] = [:]
        /// Tags from least to most recently used.
        var order: [String] = []
        var bytes = 0
        var hits = 0
    }

    package let byteLimit: Int
    private let state = LockedState(State())

    /// A cache of at most `byteLimit` bytes of bodies; 0 keeps nothing.
    package init(byteLimit: Int) { self.byteLimit = max(0, byteLimit) }

    /// The bytes stored under `tag`, which become the most recently used.
    package func bytes(for tag: String) -> [UInt8]? {
        state.withLock { state in
            guard let bytes = state.entries[tag] else { return nil }
            if let index = state.order.lastIndex(of: tag) { state.order.remove(at: index) }
            state.order.append(tag)
            state.hits += 1
            return bytes
        }
    }

    /// Keeps `bytes` under `tag`, dropping the least recently used entries to stay within the budget; a body
    /// larger than a quarter of the budget is not kept.
    package func store(_ bytes: [UInt8], for tag: String) {
        guard bytes.count <= byteLimit / 4 else { return }
        state.withLock { state in
            if let old = state.entries.updateValue(bytes, forKey: tag) {
                state.bytes -= old.count
                state.order.removeAll { $0 == tag }
            }
            state.order.append(tag)
            state.bytes += bytes.count
            while state.bytes > byteLimit, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                state.bytes -= state.entries.removeValue(forKey: oldest)?.count ?? 0
            }
        }
    }

    /// Entries, bytes held and hits so far.
    package var counts: (entries: Int, bytes: Int, hits: Int) {
        state.withLock { ($0.entries.count, $0.bytes, $0.hits) }
    }
}
