internal import FileSystem
import GroupIcon
import Support

/// Encoded avatars by entity tag, least recently used out first, within a byte budget: a repeated request
/// is answered with bytes already encoded, without the pipeline (whose caches hold pixels, which would be
/// encoded again each time).
///
/// It also remembers, by request target, the last answer kept for it (`Answer`): its tag and headers, and the
/// generation it was made under (reloads, fixture loads, photo changes reported by `PhotoWatch`). A repeat of
/// the target is answered from these on the thread that read the request, without routing, composing or a
/// task (`AvatarService.keptAnswer`).
package final class EncodedCache: Sendable {
    /// What a request target was answered with, and what that answer depends on besides the target.
    struct Answer: Sendable {
        var tag: EntityTag
        /// The route label, for the metrics and the access log.
        var route: String
        var contentType: String
        var cacheControl: String
        /// The service's configuration generation (reloads and fixture loads) it was made under.
        var generation: Int
        /// The photo files the avatar was drawn from that `PhotoWatch` does not follow, with their status taken
        /// before they were read (checked on each use).
        var files: [(path: String, status: FileStatus)]
    }

    package let byteLimit: Int
    private let bodies: MemoryCache<String, [UInt8]>
    private let answers: MemoryCache<String, Answer>
    private let hits = LockedState(0)

    /// The most request targets remembered.
    static let answerLimit = 4096

    /// A cache of at most `byteLimit` bytes of bodies; 0 keeps nothing.
    package init(byteLimit: Int) {
        self.byteLimit = max(0, byteLimit)
        bodies = MemoryCache(costLimit: self.byteLimit, countLimit: Int.max) { $0.count }
        // Targets are at most 8 kB (the router's limit); the budget bounds their text and the paths.
        answers = MemoryCache(costLimit: self.byteLimit > 0 ? 8 << 20 : 0, countLimit: Self.answerLimit) {
            $0.files.reduce(256) { $0 + $1.path.utf8.count + 64 }
        }
    }

    /// The bytes stored under `tag`, which become the most recently used.
    package func bytes(for tag: String) -> [UInt8]? {
        guard let bytes = bodies.value(for: tag) else { return nil }
        hits.withLock { $0 += 1 }
        return bytes
    }

    /// Keeps `bytes` under `tag`, dropping the least recently used entries to stay within the budget; a body
    /// larger than a quarter of the budget is not kept.
    package func store(_ bytes: [UInt8], for tag: String) {
        guard bytes.count <= byteLimit / 4 else { return }
        bodies.set(bytes, for: tag)
    }

    /// The answer remembered for `target`.
    func answer(for target: String) -> Answer? { answers.value(for: target) }

    /// Remembers `answer` for `target` (nothing when the cache keeps nothing).
    func remember(_ answer: Answer, for target: String) {
        guard byteLimit > 0 else { return }
        answers.set(answer, for: target)
    }

    /// Entries, bytes held and hits so far.
    package var counts: (entries: Int, bytes: Int, hits: Int) {
        (bodies.count, bodies.totalCost, hits.withLock { $0 })
    }
}
