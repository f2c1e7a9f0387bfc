import Support

/// One sample of a metric without labels, for `ServiceMetrics.prometheusText`'s extra lines (cache hits,
/// photo fetches, the queue).
package struct MetricSample: Equatable, Sendable {
    /// `counter` or `gauge`.
    package enum Kind: String, Sendable { case counter, gauge }

    package var name: String
    package var help: String
    package var kind: Kind
    package var value: Int

    package init(name: String, help: String, kind: Kind, value: Int) {
        self.name = name; self.help = help; self.kind = kind; self.value = value
    }
}

/// Request counts by route and status and a latency histogram, shared by the server's threads; written out in
/// Prometheus' text format (version 0.0.4).
package final class ServiceMetrics: Sendable {
    /// The histogram's upper bounds, in seconds.
    package static let latencyBounds: [Double] = [
        0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    /// What has been recorded so far.
    package struct Snapshot: Equatable, Sendable {
        /// Requests by route label and status.
        package var requests: [RouteStatus: Int] = [:]
        /// Requests at or under each of `latencyBounds` (not cumulative; the text makes them so).
        package var bucketCounts = [Int](repeating: 0, count: ServiceMetrics.latencyBounds.count)
        package var latencySum = 0.0
        package var latencyCount = 0
    }

    /// A route label and a status.
    package struct RouteStatus: Hashable, Comparable, Sendable {
        package var route: String
        package var status: Int

        package init(route: String, status: Int) { self.route = route; self.status = status }

        package static func < (a: RouteStatus, b: RouteStatus) -> Bool {
            (a.route, a.status) < (b.route, b.status)
        }
    }

    private let state = LockedState(Snapshot())

    package init() {}

    /// Counts one answered request that took `seconds`.
    package func record(route: String, status: Int, seconds: Double) {
        state.withLock { snapshot in
            snapshot.requests[RouteStatus(route: route, status: status), default: 0] += 1
            if let bucket = Self.latencyBounds.firstIndex(where: { seconds <= $0 }) {
                snapshot.bucketCounts[bucket] += 1
            }
            snapshot.latencySum += seconds
            snapshot.latencyCount += 1
        }
    }

    package var snapshot: Snapshot { state.withLock { $0 } }

    /// The text `/metrics` answers: requests by route and status, the latency histogram, then `samples`.
    package static func prometheusText(_ snapshot: Snapshot, samples: [MetricSample]) -> String {
        var lines = [
            "# HELP chat_tui_requests_total HTTP requests answered, by route and status.",
            "# TYPE chat_tui_requests_total counter",
        ]
        for (key, count) in snapshot.requests.sorted(by: { $0.key < $1.key }) {
            lines.append("chat_tui_requests_total{route=\"\(key.route)\",status=\"\(key.status)\"} \(count)")
        }
        lines += [
            "# HELP chat_tui_request_duration_seconds Time from reading a request to queueing its answer.",
            "# TYPE chat_tui_request_duration_seconds histogram",
        ]
        var cumulative = 0
        for (bound, count) in zip(latencyBounds, snapshot.bucketCounts) {
            cumulative += count
            lines.append("chat_tui_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)")
        }
        lines.append("chat_tui_request_duration_seconds_bucket{le=\"+Inf\"} \(snapshot.latencyCount)")
        lines.append("chat_tui_request_duration_seconds_sum \(snapshot.latencySum)")
        lines.append("chat_tui_request_duration_seconds_count \(snapshot.latencyCount)")
        for sample in samples {
            lines += [
                "# HELP \(sample.name) \(sample.help)", "# TYPE \(sample.name) \(sample.kind.rawValue)",
                "\(sample.name) \(sample.value)",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
