import ChatTUIApp
import Foundation
import Synchronization

/// The wake pipe SIGWINCH posts to, -1 for none.
private let windowChangeWake = Atomic<Int32>(-1)
/// The handler that was installed for SIGWINCH before ours (ncurses'), run first by ours. Written only while
/// SIGWINCH is not handled by us (before `sigaction` installs our handler, after it is removed).
nonisolated(unsafe) private var previousWindowChange = sigaction()

/// Makes a window change wake the app's loop. ncurses turns SIGWINCH into `KEY_RESIZE` through its own handler,
/// which only sets a flag: a loop asleep in `poll` would not notice until the next key. Our handler runs
/// ncurses' and then posts to the wake pipe (a single `write`, async-signal-safe).
enum WindowChangeForwarding {
    /// Wraps the current SIGWINCH handler; call after ncurses installed it (after `newterm`).
    static func install(posting descriptor: Int32) {
        guard descriptor >= 0 else { return }
        windowChangeWake.store(descriptor, ordering: .sequentiallyConsistent)
        var current = sigaction()
        sigaction(SIGWINCH, nil, &current)
        previousWindowChange = current
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            let previous = previousWindowChange
            // 0 and 1 are SIG_DFL and SIG_IGN; ncurses installs a plain handler (no SA_SIGINFO).
            if previous.sa_flags & SA_SIGINFO == 0, let handler = previous.__sigaction_handler.sa_handler,
                unsafeBitCast(handler, to: Int.self) > 1
            {
                handler(number)
            }
            WakeSignal.post(toDescriptor: windowChangeWake.load(ordering: .sequentiallyConsistent))
        }
        // No SA_RESTART, as ncurses does for SIGWINCH: a blocking call is interrupted, not resumed.
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        sigaction(SIGWINCH, &action, nil)
    }

    /// Puts the wrapped handler back.
    static func remove() {
        guard windowChangeWake.exchange(-1, ordering: .sequentiallyConsistent) >= 0 else { return }
        var previous = previousWindowChange
        sigaction(SIGWINCH, &previous, nil)
    }
}
