internal import FileSystem
import Support

/// A global budget for the pixel memory composites need while they are made (decoded photos, the canvas and
/// its working layers), shared by every job of a process: work that does not fit waits until earlier work
/// gives its share back, instead of all of it decoding at once.
///
/// Waiters are served first come, first served, so a large request is not starved by a stream of small ones.
/// A request larger than the whole budget counts as the whole budget, so it is admitted alone: refusing it
/// would fail a composite that the machine may well manage.
package final class MemoryBudget: Sendable {
    /// Bytes that may be reserved at once.
    package let limit: Int
    private let state = LockedState(State())

    private struct State: Sendable {
        var reserved = 0
        var peak = 0
        var nextTicket: UInt64 = 0
        var waiting: [Waiter] = []

        func fits(_ bytes: Int, limit: Int) -> Bool { reserved + bytes <= limit }

        mutating func take(_ bytes: Int) {
            reserved += bytes
            peak = max(peak, reserved)
        }
    }

    private enum Admission { case admitted, queued, cancelled }

    private struct Waiter: Sendable {
        var ticket: UInt64
        var bytes: Int
        var continuation: CheckedContinuation<Bool, Never>
    }

    /// A budget of `limit` bytes (at least 1).
    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// A quarter of the memory this process can use (physical memory, or its container's limit), at least
    /// 256 MiB; 1 GiB when neither can be found out.
    package static var defaultLimit: Int { defaultLimit(usableBytes: SystemMemory.usableBytes()) }

    /// The default budget for a process that can use `usableBytes` (nil: unknown).
    static func defaultLimit(usableBytes: UInt64?) -> Int {
        guard let usableBytes else { return 1 << 30 }
        return max(256 << 20, Int(clamping: usableBytes / 4))
    }

    /// Bytes reserved now.
    package var reserved: Int { state.withLock { $0.reserved } }

    /// The most bytes that were ever reserved at once.
    package var peakReserved: Int { state.withLock { $0.peak } }

    /// Requests waiting now for their bytes to fit.
    package var waitingRequests: Int { state.withLock { $0.waiting.count } }

    /// Waits until `bytes` fit beside what is reserved (and every earlier waiter has been served), then
    /// reserves them; returns the amount reserved, to hand back to `release`. A cancelled wait reserves
    /// nothing and throws.
    package func reserve(_ bytes: Int) async throws(CancellationError) -> Int {
        let amount = min(max(0, bytes), limit)
        let ticket = state.withLock { state -> UInt64 in
            state.nextTicket += 1
            return state.nextTicket
        }
        let admitted = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                // One lock section decides, so no other thread can admit this waiter before it is queued.
                let admission = state.withLock { state -> Admission in
                    if Task.isCancelled { return .cancelled }
                    if state.waiting.isEmpty, state.fits(amount, limit: limit) {
                        state.take(amount)
                        return .admitted
                    }
                    state.waiting.append(Waiter(ticket: ticket, bytes: amount, continuation: continuation))
                    return .queued
                }
                switch admission {
                case .admitted: continuation.resume(returning: true)
                case .cancelled: continuation.resume(returning: false)
                case .queued: break
                }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Waiter? in
                guard let index = state.waiting.firstIndex(where: { $0.ticket == ticket }) else { return nil }
                return state.waiting.remove(at: index)
            }
            cancelled?.continuation.resume(returning: false)
            // The cancelled waiter may have held up smaller ones behind it.
            admitWaiting()
        }
        guard admitted else { throw CancellationError() }
        return amount
    }

    /// Gives back `bytes` that `reserve` returned, admitting waiters that now fit.
    package func release(_ bytes: Int) {
        state.withLock { $0.reserved = max(0, $0.reserved - bytes) }
        admitWaiting()
    }

    /// Reserves `bytes`, runs `body`, and releases them however `body` ends.
    package func withReservation<Result: Sendable>(
        _ bytes: Int, _ body: () async -> Result
    ) async throws(CancellationError) -> Result {
        let amount = try await reserve(bytes)
        defer { release(amount) }
        return await body()
    }

    /// Admits waiters from the front of the queue while they fit.
    private func admitWaiting() {
        let admitted = state.withLock { state -> [Waiter] in
            var admitted: [Waiter] = []
            while let first = state.waiting.first, state.fits(first.bytes, limit: limit) {
                state.take(first.bytes)
                admitted.append(state.waiting.removeFirst())
            }
            return admitted
        }
        for waiter in admitted { waiter.continuation.resume(returning: true) }
    }
}
