import Support

@testable import ChatTUIApp

/// Background work for controller tests, like swift-nio's `NIOEmbedded`: jobs wait in a queue until the test
/// runs them (`runPending`), one at a time in the order they were started, so a test sees every state between
/// and needs no sleeps or polling.
final class QueuedWork: BackgroundWork {
    private final class Job: Sendable {
        let run: @Sendable () async -> Void
        let cancelled = LockedState(false)
        let task = LockedState<Task<Void, Never>?>(nil)

        init(run: @escaping @Sendable () async -> Void) { self.run = run }
    }

    private let queue = LockedState<[Job]>([])
    /// How many jobs have been started so far.
    let startedCount = LockedState(0)

    func start(_ job: @escaping @Sendable () async -> Void) -> BackgroundJob {
        let entry = Job(run: job)
        queue.withLock { $0.append(entry) }
        startedCount.withLock { $0 += 1 }
        return BackgroundJob {
            entry.cancelled.withLock { $0 = true }
            entry.task.withLock { $0?.cancel() }
        }
    }

    /// Jobs started and not run yet.
    var pendingCount: Int { queue.withLock { $0.count } }

    /// Runs the jobs queued now, each to its end, in the order they were started (a job cancelled before it
    /// runs runs cancelled); jobs they start wait for the next call. Returns how many ran.
    @discardableResult
    func runPending() async -> Int {
        let jobs = queue.withLock { queue in
            defer { queue = [] }
            return queue
        }
        for job in jobs {
            let cancelled = job.cancelled.withLock { $0 }
            let task = Task {
                if cancelled { withUnsafeCurrentTask { $0?.cancel() } }
                await job.run()
            }
            job.task.withLock { $0 = task }
            await task.value
        }
        return jobs.count
    }
}

extension AppController {
    /// Turns of the loop with `work`'s queued jobs run between them, until no job is left: the screen settled,
    /// deterministically.
    func settle(_ work: QueuedWork) async {
        processEvents()
        while await work.runPending() > 0 { processEvents() }
    }
}
