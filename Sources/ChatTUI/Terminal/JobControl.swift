import Foundation

/// Job control for the full-screen app: it reads and draws only while its process group owns the terminal
/// (is the foreground job). Started in the background (`chat-tui &`) or sent there (`bg`), a read of the
/// terminal fails with EIO instead of stopping the app when SIGTTIN is ignored, and polling it then reports
/// input forever. So the app stops itself as the system stops a background reader (SIGTTIN to its process
/// group) and goes on when brought back with `fg`; where it cannot stop (SIGTTIN ignored or blocked, as some
/// supervisors leave it, or a process group no shell controls, which the system never stops) it ends as on a
/// hung-up terminal, with a message, instead of spinning on reads that fail or drawing over the shell.
enum JobControl {
    /// What to do about the terminal on one look at it.
    enum Standing: Equatable {
        /// The app's process group owns the terminal (or it is no terminal, which the loop notices itself).
        case foreground
        /// Another job owns it: stop until brought back.
        case stop
        /// Another job owns it and the app cannot stop: end, for this reason.
        case cannotWait(String)
    }

    /// The decision, from what the system says: `terminalGroup` is the terminal's foreground process group
    /// (negative when it has none, or is no terminal), `ownGroup` the app's; `readStops` whether SIGTTIN
    /// is at its default; `stopFailed` whether the stop asked just before did not happen
    /// (the system discards it for an orphaned process group, one no shell controls).
    static func standing(terminalGroup: pid_t, ownGroup: pid_t, readStops: Bool, stopFailed: Bool) -> Standing {
        guard terminalGroup >= 0, terminalGroup != ownGroup else { return .foreground }
        if !readStops {
            return .cannotWait(
                "the terminal belongs to another job and SIGTTIN is ignored, so the app cannot wait for it; run chat-tui in the foreground"
            )
        }
        if stopFailed {
            return .cannotWait(
                "the terminal belongs to another job and no shell can bring the app back to the foreground; run chat-tui in the foreground"
            )
        }
        return .stop
    }

    /// Waits, stopped, until the app's process group owns the terminal on `descriptor`; nil then (at once when
    /// it owns it already), or why it cannot wait.
    static func awaitForeground(descriptor: Int32) -> String? {
        var stopFailed = false
        while true {
            switch standing(
                terminalGroup: tcgetpgrp(descriptor), ownGroup: getpgrp(), readStops: readStops(),
                stopFailed: stopFailed)
            {
            case .foreground: return nil
            case .cannotWait(let reason): return reason
            case .stop:
                // What the system does to a background reader. The stop takes effect before `kill` returns;
                // `fg` continues the group and the loop looks again (`bg` continues it in the background: it
                // stops once more). Back within a moment means no stop happened: no one continues a job that
                // fast.
                let asked = DispatchTime.now().uptimeNanoseconds
                kill(0, SIGTTIN)
                stopFailed = DispatchTime.now().uptimeNanoseconds - asked < 50_000_000
            }
        }
    }

    /// Whether the app's process group owns the terminal on `descriptor` (true for no terminal).
    static func ownsTerminal(_ descriptor: Int32) -> Bool {
        let group = tcgetpgrp(descriptor)
        return group < 0 || group == getpgrp()
    }

    /// Whether SIGTTIN stops the process: its disposition is the default. Whether this thread blocks it does
    /// not matter (the app's loop may run on a thread that blocks every signal, where the system then fails
    /// reads with EIO instead of stopping it): the stop is sent to the process group and taken by a thread
    /// that does not block it; where none does, it does not happen, which `stopFailed` notices.
    private static func readStops() -> Bool {
        var current = sigaction()
        guard sigaction(SIGTTIN, nil, &current) == 0 else { return false }
        return (current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0) == 0
    }
}
