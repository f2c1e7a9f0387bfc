import Support

/// The service's bounded queue: at most `workers` renders run at once, at most `queueLimit` more wait, and a
/// request beyond both is refused at once (503) instead of holding memory. Waiters start in arrival order.
package final class AdmissionControl: Sendable {
    private struct State {
        var admitted = 0
        var running = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    package let workers: Int
    package let queueLimit: Int
    private let state = LockedState(State())

    package init(workers: Int, queueLimit: Int) {
        self.workers = max(1, workers); self.queueLimit = max(0, queueLimit)
    }

    /// Takes a place for one request; false when every worker is busy and the queue is full. A request
    /// admitted must `leave` once answered.
    package func admit() -> Bool {
        state.withLock { state in
            guard state.admitted < workers + queueLimit else { return false }
            state.admitted += 1
            return true
        }
    }

    /// Gives back an admitted request's place.
    package func leave() { state.withLock { $0.admitted -= 1 } }

    /// Runs `body` on a worker place, waiting in line for one.
    package func run<Result: Sendable>(_ body: () async -> Result) async -> Result {
        await acquire()
        defer { release() }
        return await body()
    }

    /// Requests admitted and not yet answered, how many of them wait for a worker, and the workers running
    /// (a render whose request was answered by its deadline or cancelled counts until it stops).
    package var counts: (inFlight: Int, queued: Int, running: Int) {
        state.withLock { ($0.admitted, $0.waiters.count, $0.running) }
    }

    private func acquire() async {
        let started = state.withLock { state -> Bool in
            guard state.running < workers else { return false }
            state.running += 1
            return true
        }
        guard !started else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.running < workers {
                    state.running += 1
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            // The place passes straight to the first waiter, so `running` stays.
            guard !state.waiters.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
