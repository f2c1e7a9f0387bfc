/// Where the controller's background work runs (composites, exports, presets, reading the fixture again): each
/// job posts its outcome to the `CompletionInbox`. The app runs jobs as detached tasks (`DetachedTasks`); a test
/// queues them and runs them when it says, so that a controller test is deterministic without sleeps or polling.
package protocol BackgroundWork: Sendable {
    /// Starts `job` (or queues it); the answer cancels it. A job cancelled before it runs still runs, cancelled
    /// (`Task.isCancelled`), so that it posts its end.
    func start(_ job: @escaping @Sendable () async -> Void) -> BackgroundJob
}

/// A job started by `BackgroundWork`, which can be cancelled.
package struct BackgroundJob: Sendable {
    private let cancelJob: @Sendable () -> Void

    package init(cancel: @escaping @Sendable () -> Void) { cancelJob = cancel }

    /// Asks the job to stop early: it sees `Task.isCancelled`.
    package func cancel() { cancelJob() }
}

/// Every job in a detached task of its own, at user-initiated priority.
package struct DetachedTasks: BackgroundWork {
    package init() {}

    package func start(_ job: @escaping @Sendable () async -> Void) -> BackgroundJob {
        let task = Task.detached(priority: .userInitiated) { await job() }
        return BackgroundJob { task.cancel() }
    }
}
