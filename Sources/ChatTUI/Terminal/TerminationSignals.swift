import Foundation
import Synchronization

/// The last termination signal received, 0 for none. Written by the signal handler (an atomic store is
/// async-signal-safe), read by the main loop.
private let receivedTerminationSignal = Atomic<Int32>(0)

/// Turns SIGINT, SIGTERM and SIGHUP into a flag the main loop polls, so that the app leaves through its normal
/// path and the terminal is always restored; nothing but the atomic store happens inside the handler.
///
/// Install before the driver starts: ncurses installs its own SIGINT/SIGTERM handlers only where the
/// disposition is still the default. SIGWINCH stays with ncurses, which turns it into `KEY_RESIZE`.
final class TerminationSignals {
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private var previousHandlers: [Int32: sighandler_t?] = [:]

    /// Installs the handlers.
    init() {
        receivedTerminationSignal.store(0, ordering: .sequentiallyConsistent)
        for signalNumber in Self.handled {
            previousHandlers[signalNumber] = signal(signalNumber) { number in
                receivedTerminationSignal.store(number, ordering: .sequentiallyConsistent)
            }
        }
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
    }

    deinit { uninstall() }
}
