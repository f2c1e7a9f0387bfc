/// Runs one piece of work per key at a time and hands its result to every concurrent requester (the avatar-pipeline reference's
/// request pool: the first request does the work, the others "get served for free").
///
/// Each waiter is a continuation, so a cancelled waiter returns at once with `CancellationError` while the
/// others keep waiting. When the last waiter of a key is cancelled the work is cancelled and its entry removed
/// immediately; a later request starts fresh work, and the stale work's late result is ignored (matched by a
/// token), so cancellation never poisons the in-flight map. Work returns nil when it noticed cancellation.
package actor RequestCoalescer<Key: Hashable & Sendable, Value: Sendable> {
    private typealias Waiter = CheckedContinuation<Result<Value, CancellationError>, Never>

    private struct InFlight {
        var token: UInt64
        var task: Task<Void, Never>
        var waiters: [UInt64: Waiter]
    }

    private var inFlight: [Key: InFlight] = [:]
    private var nextToken: UInt64 = 0
    private let onCoalescedWait: @Sendable () -> Void

    /// `onCoalescedWait` is called whenever a request joins work already in flight.
    package init(onCoalescedWait: @escaping @Sendable () -> Void) {
        self.onCoalescedWait = onCoalescedWait
    }

    /// The result of `work` for `key`, shared with every concurrent request for the same key.
    package func value(for key: Key, work: @escaping @Sendable () async -> Value?) async throws(CancellationError)
        -> Value
    {
        let waiter = makeToken()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                guard !Task.isCancelled else {
                    continuation.resume(returning: .failure(CancellationError()))
                    return
                }
                if inFlight[key] != nil {
                    inFlight[key]?.waiters[waiter] = continuation
                    onCoalescedWait()
                } else {
                    let token = makeToken()
                    let task = Task {
                        let value = await work()
                        self.finish(key, token: token, value: value)
                    }
                    inFlight[key] = InFlight(token: token, task: task, waiters: [waiter: continuation])
                }
            }
        } onCancel: {
            Task { await self.cancel(waiter: waiter, key: key) }
        }
        return try result.get()
    }

    /// Number of keys with work in flight.
    package var inFlightCount: Int { inFlight.count }

    private func makeToken() -> UInt64 {
        nextToken += 1
        return nextToken
    }

    private func finish(_ key: Key, token: UInt64, value: Value?) {
        guard let entry = inFlight[key], entry.token == token else { return }
        inFlight[key] = nil
        let result: Result<Value, CancellationError> = value.map { .success($0) } ?? .failure(CancellationError())
        for waiter in entry.waiters.values { waiter.resume(returning: result) }
    }

    private func cancel(waiter: UInt64, key: Key) {
        guard var entry = inFlight[key], let continuation = entry.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(returning: .failure(CancellationError()))
        if entry.waiters.isEmpty {
            entry.task.cancel()
            inFlight[key] = nil
        } else {
            inFlight[key] = entry
        }
    }
}
