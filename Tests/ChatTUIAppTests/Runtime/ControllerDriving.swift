import ChatTUIApp

extension AppController {
    /// Runs turns of the loop without blocking a thread of the concurrency pool (which the controller's own
    /// background tasks need; tests run in parallel on that pool), until `condition` holds after a turn or a
    /// minute passes. Returns whether the condition held.
    @discardableResult
    func drive(until condition: () -> Bool) async -> Bool {
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
