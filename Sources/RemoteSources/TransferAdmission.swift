internal import FileSystem
import GroupIcon

/// Decides when a submitted request becomes a libcurl transfer, so that a request waits *before* its
/// timeout starts rather than after.
///
/// libcurl queues transfers beyond its connection limits itself, but their total timeout already runs while
/// they wait: photos queued behind a slow host would time out without ever being requested. So the fetcher
/// keeps requests here until their host has a free connection (and the fetcher one in total), in arrival order,
/// skipping over requests for busy hosts. A host that answered over HTTP/2 or HTTP/3 multiplexes streams on
/// one connection, so from then on only the total limit applies to it.
struct TransferAdmission<Item> {
    let perHostLimit: Int
    let totalLimit: Int
    private var waiting: [(item: Item, host: String)] = []
    private var activePerHost: [String: Int] = [:]
    private var multiplexingHosts: Set<String> = []
    /// Admitted and not yet finished.
    private(set) var activeCount = 0

    init(perHostLimit: Int, totalLimit: Int) {
        self.perHostLimit = max(1, perHostLimit)
        self.totalLimit = max(1, totalLimit)
    }

    var waitingCount: Int { waiting.count }

    mutating func enqueue(_ item: Item, host: String) {
        waiting.append((item, host))
    }

    /// Removes the waiting items that may start now, in arrival order, and counts them as active.
    mutating func admit() -> [(item: Item, host: String)] {
        var admitted: [(item: Item, host: String)] = []
        var kept: [(item: Item, host: String)] = []
        for entry in waiting {
            let hostActive = activePerHost[entry.host, default: 0]
            let hostLimit = multiplexingHosts.contains(entry.host) ? totalLimit : perHostLimit
            if activeCount < totalLimit, hostActive < hostLimit {
                activeCount += 1
                activePerHost[entry.host] = hostActive + 1
                admitted.append(entry)
            } else {
                kept.append(entry)
            }
        }
        waiting = kept
        return admitted
    }

    /// Records that an admitted item for `host` finished; `multiplexed` says it came over HTTP/2 or later.
    mutating func finish(host: String, multiplexed: Bool) {
        activeCount -= 1
        let remaining = activePerHost[host, default: 1] - 1
        activePerHost[host] = remaining > 0 ? remaining : nil
        if multiplexed { multiplexingHosts.insert(host) }
    }

    /// Removes and returns the first waiting item matching `predicate`.
    mutating func removeWaiting(where predicate: (Item) -> Bool) -> Item? {
        guard let index = waiting.firstIndex(where: { predicate($0.item) }) else { return nil }
        return waiting.remove(at: index).item
    }

    /// Removes and returns the waiting items for `host`, in arrival order.
    mutating func removeWaiting(forHost host: String) -> [Item] {
        let (matching, kept) = (waiting.filter { $0.host == host }, waiting.filter { $0.host != host })
        waiting = kept
        return matching.map(\.item)
    }

    /// Removes and returns every waiting item.
    mutating func removeAllWaiting() -> [Item] {
        defer { waiting = [] }
        return waiting.map(\.item)
    }

    /// What connection limits apply to: scheme, host and port of `url`, lowercase, without userinfo.
    static func hostKey(_ url: String) -> String {
        let lowered = url.lowercased()
        guard let separator = lowered.range(of: "://") else { return lowered }
        let rest = lowered[separator.upperBound...]
        let authority = rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
        let hostAndPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        return String(lowered[..<separator.upperBound] + hostAndPort)
    }
}
