#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything the fatal-signal handler uses, prepared before it can run: a signal handler may only call
/// async-signal-safe functions, so it allocates, formats and looks up nothing. Kept behind a pointer so the
/// handler reads it without Swift's exclusivity bookkeeping; only the main thread changes it, while no handler
/// is armed.
private struct RestoreState {
    /// Whether a session is running (the terminal is in curses mode).
    var isArmed = false
    /// The terminal whose modes are restored.
    var descriptor: Int32 = -1
    /// The terminal modes from before curses changed them.
    var modes = termios()
    /// The bytes that undo curses' screen changes (alternate screen, hidden cursor, keypad and mouse modes,
    /// attributes), and how many of them there are.
    var sequence: UnsafeMutablePointer<UInt8>?
    var sequenceLength = 0
    /// The dispositions the handlers replaced, by signal number.
    var previous: [Int32: sigaction] = [:]
}

nonisolated(unsafe) private let restoreState: UnsafeMutablePointer<RestoreState> = {
    let state = UnsafeMutablePointer<RestoreState>.allocate(capacity: 1)
    state.initialize(to: RestoreState())
    return state
}()

/// The handler: puts the terminal back, then lets the signal do what it does by default (end the process,
/// with a core dump where enabled), so the exit status still names the signal.
private func restoreTerminalAndReraise(_ number: Int32) {
    if restoreState.pointee.isArmed {
        let descriptor = restoreState.pointee.descriptor
        if let sequence = restoreState.pointee.sequence {
            _ = write(descriptor, sequence, restoreState.pointee.sequenceLength)
        }
        _ = withUnsafePointer(to: &restoreState.pointee.modes) { tcsetattr(descriptor, TCSANOW, $0) }
    }
    signal(number, SIG_DFL)
    raise(number)
}

/// A crash while the interactive app has the terminal (a fault, a Swift runtime trap, `abort`) would leave it
/// raw, without echo, on the alternate screen and with the cursor hidden. While armed, handlers for SIGSEGV,
/// SIGBUS, SIGILL, SIGTRAP (Swift traps on arm64), SIGABRT and SIGFPE write a precomputed reset sequence,
/// restore the saved terminal modes, and re-raise the signal with its default action.
///
/// The Swift runtime's own crash report is not shown while the app runs (its handler is replaced: it could
/// wait for a key on a terminal nobody reads); `disarm` puts it back.
enum FatalSignals {
    static let handled: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Arms the handlers for the terminal on `descriptor`: `modes` are its settings from before curses
    /// started, `resetSequence` the bytes that undo curses' screen changes.
    static func arm(descriptor: Int32, modes: termios, resetSequence: [UInt8]) {
        disarm()
        let sequence = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, resetSequence.count))
        sequence.initialize(from: resetSequence, count: resetSequence.count)
        restoreState.pointee.descriptor = descriptor
        restoreState.pointee.modes = modes
        restoreState.pointee.sequence = sequence
        restoreState.pointee.sequenceLength = resetSequence.count
        for number in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { restoreTerminalAndReraise($0) }
            sigemptyset(&action.sa_mask)
            var previous = sigaction()
            if sigaction(number, &action, &previous) == 0 { restoreState.pointee.previous[number] = previous }
        }
        restoreState.pointee.isArmed = true
    }

    /// Puts the previous handlers back (the session is over; the terminal is restored by then).
    static func disarm() {
        restoreState.pointee.isArmed = false
        for (number, var previous) in restoreState.pointee.previous { sigaction(number, &previous, nil) }
        restoreState.pointee.previous = [:]
        restoreState.pointee.sequence?.deallocate()
        restoreState.pointee.sequence = nil
        restoreState.pointee.sequenceLength = 0
    }
}

/// The Swift runtime's crash report, when it runs (any command but a running session, whose handlers replace
/// it): on a terminal it ends with "Press space to interact, D to debug…" and waits 30 s for a key on the
/// user's terminal. It reads its settings from `SWIFT_BACKTRACE` once, as the runtime loads, before `main`;
/// so the setting is made and the program started again, before anything else happens.
enum CrashReport {
    /// What `SWIFT_BACKTRACE` is set to: the report is still written (to standard error), but never waits.
    static let setting = "interactive=no"

    /// Starts this program again with `SWIFT_BACKTRACE` set to `setting` when the runtime would otherwise ask
    /// for keys: standard input and output both terminals (the runtime's rule for `interactive=tty`) and no
    /// `SWIFT_BACKTRACE` of the user's. Returns when nothing needs doing, or when the program cannot be
    /// started again (then a crash may still ask, as before).
    static func neverWaitForInput() {
        guard getenv("SWIFT_BACKTRACE") == nil, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
            setenv("SWIFT_BACKTRACE", setting, 0) == 0
        else { return }
        // The file itself rather than /proc/self/exe, so the process keeps its name (`ps`, tmux's pane title).
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        guard length > 0 else { return }
        execv(path, CommandLine.unsafeArgv)
    }
}
