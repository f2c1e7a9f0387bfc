import ChatTUIApp
import Foundation
import Synchronization

/// The last termination signal received, 0 for none. Written by the signal handler (an atomic store is
/// async-signal-safe), read by the main loop.
private let receivedTerminationSignal = Atomic<Int32>(0)
/// Whether SIGCONT came since the main loop last looked (the app was stopped: the terminal may show anything).
private let receivedContinue = Atomic<Bool>(false)
/// The wake pipe the handler posts to, so the loop wakes from `poll` at once; -1 for none.
private let terminationWake = Atomic<Int32>(-1)

/// Turns SIGINT, SIGTERM and SIGHUP into a flag the main loop reads (SIGCONT into another, for a full repaint),
/// and wakes the loop through its wake pipe,
/// so that the app leaves through its normal path and the terminal is always restored; the handler does an
/// atomic store and one `write` and nothing else. A SIGHUP that is ignored when the app starts (`nohup`) stays
/// ignored: the app then ends when it sees its terminal's input end instead.
///
/// Install before the driver starts: ncurses installs its own SIGINT/SIGTERM handlers only where the
/// disposition is still the default. SIGWINCH stays with ncurses, which turns it into `KEY_RESIZE`
/// (`WindowChangeForwarding` wakes the loop for it).
final class TerminationSignals {
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private var previousHandlers: [Int32: sighandler_t?] = [:]
    /// Kept alive while the handlers may post to it.
    private let wake: WakeSignal

    /// Installs the handlers, posting to `wake`.
    init(wake: WakeSignal) {
        self.wake = wake
        receivedTerminationSignal.store(0, ordering: .sequentiallyConsistent)
        terminationWake.store(wake.postDescriptor, ordering: .sequentiallyConsistent)
        for signalNumber in Self.handled {
            if signalNumber == SIGHUP && Self.isIgnored(signalNumber) { continue }
            previousHandlers[signalNumber] = signal(signalNumber) { number in
                receivedTerminationSignal.store(number, ordering: .sequentiallyConsistent)
                WakeSignal.post(toDescriptor: terminationWake.load(ordering: .sequentiallyConsistent))
            }
        }
        previousHandlers[SIGCONT] = signal(SIGCONT) { _ in
            receivedContinue.store(true, ordering: .sequentiallyConsistent)
            WakeSignal.post(toDescriptor: terminationWake.load(ordering: .sequentiallyConsistent))
        }
    }

    /// Whether SIGCONT came since the last call: the screen is to be repainted whole.
    func takeContinued() -> Bool {
        receivedContinue.exchange(false, ordering: .sequentiallyConsistent)
    }

    /// The signal that asked the app to stop, nil while none has.
    var received: Int32? {
        let number = receivedTerminationSignal.load(ordering: .sequentiallyConsistent)
        return number == 0 ? nil : number
    }

    /// Puts the previous handlers back.
    func uninstall() {
        for (signalNumber, handler) in previousHandlers { signal(signalNumber, handler ?? SIG_DFL) }
        previousHandlers = [:]
        terminationWake.store(-1, ordering: .sequentiallyConsistent)
    }

    deinit { uninstall() }

    /// Whether `signalNumber` is ignored now (as `nohup` leaves SIGHUP).
    private static func isIgnored(_ signalNumber: Int32) -> Bool {
        var current = sigaction()
        sigaction(signalNumber, nil, &current)
        return current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) == 1 } ?? false
    }
}
