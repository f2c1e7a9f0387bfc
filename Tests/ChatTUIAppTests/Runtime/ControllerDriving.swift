@testable import ChatTUIApp

extension AppController {
    /// Runs turns of the loop until `condition` holds after a turn. With `QueuedWork` as the background work
    /// the queued jobs run between turns, deterministically, and it gives up once no job is left; otherwise
    /// (tests of the loop itself and of real file watches, whose events come from outside) it waits a
    /// millisecond between turns, without blocking a thread of the concurrency pool, for up to a minute.
    /// Returns whether the condition held.
    @discardableResult
    func drive(until condition: () -> Bool) async -> Bool {
        if let work = options.backgroundWork as? QueuedWork {
            processEvents()
            while !condition() {
                guard await work.runPending() > 0 else { return false }
                processEvents()
            }
            return true
        }
        for _ in 0..<60_000 {
            processEvents()
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return false
    }

    /// `drive` until the screen's composites have all arrived and no request or export is running (the tests'
    /// replacement for `waitForBackgroundWork`, which blocks its thread).
    @discardableResult
    func driveUntilSettled() async -> Bool {
        await drive { isSettled && !hasRunningExports && runningRequestCount == 0 }
    }
}
