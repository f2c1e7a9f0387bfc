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
    /// is at its default; `orphaned` whether the app's process group is one no shell controls (the system
    /// discards a stop sent to it).
    static func standing(terminalGroup: pid_t, ownGroup: pid_t, readStops: Bool, orphaned: Bool) -> Standing {
        guard terminalGroup >= 0, terminalGroup != ownGroup else { return .foreground }
        if !readStops {
            return .cannotWait(
                "the terminal belongs to another job and SIGTTIN is ignored, so the app cannot wait for it; run chat-tui in the foreground"
            )
        }
        if orphaned {
            return .cannotWait(
                "the terminal belongs to another job and no shell can bring the app back to the foreground; run chat-tui in the foreground"
            )
        }
        return .stop
    }

    /// Waits, stopped, until the app's process group owns the terminal on `descriptor`; nil then (at once when
    /// it owns it already), or why it cannot wait.
    static func awaitForeground(descriptor: Int32) -> String? {
        while true {
            switch standing(
                terminalGroup: tcgetpgrp(descriptor), ownGroup: getpgrp(), readStops: readStops(),
                orphaned: isOrphaned())
            {
            case .foreground: return nil
            case .cannotWait(let reason): return reason
            case .stop:
                // What the system does to a background reader. The stop is taken by a thread that does not block
                // SIGTTIN, a moment after `kill` returns on this one (which may block it): wait for it before
                // looking again, rather than asking again at once. `fg` continues the group, which discards a
                // stop still pending; `bg` continues it in the background, and it stops once more.
                kill(0, SIGTTIN)
                usleep(20_000)
            }
        }
    }

    /// One process as the system lists it: its parent, process group and session.
    struct ProcessEntry: Equatable {
        var parent: pid_t
        var group: pid_t
        var session: pid_t
    }

    /// Whether `group` is orphaned as POSIX defines it: no member has a parent in another process group of the
    /// same session (the shell that controls it, which could continue it after a stop). A group none of whose
    /// members are listed counts as orphaned, so that an app that cannot see itself ends rather than hangs.
    static func isOrphaned(group: pid_t, processes: [pid_t: ProcessEntry]) -> Bool {
        for entry in processes.values where entry.group == group {
            guard let parent = processes[entry.parent] else { continue }
            if parent.group != group && parent.session == entry.session { return false }
        }
        return true
    }

    /// Whether the app's process group is orphaned, from every process in /proc: a wrapper script that runs the
    /// app as its child shares the app's group, and the script's parent (the shell) is the one that counts.
    /// Without /proc, the app's own parent alone decides.
    static func isOrphaned() -> Bool {
        if let processes = listedProcesses() { return isOrphaned(group: getpgrp(), processes: processes) }
        let parent = getppid()
        let parentGroup = getpgid(parent)
        return parentGroup < 0 || parentGroup == getpgrp() || getsid(parent) != getsid(0)
    }

    /// Every process in /proc with its parent, group and session; nil when /proc cannot be read.
    private static func listedProcesses() -> [pid_t: ProcessEntry]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        var processes: [pid_t: ProcessEntry] = [:]
        for name in names {
            guard let pid = pid_t(name),
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let entry = processEntry(stat: stat)
            else { continue }
            processes[pid] = entry
        }
        return processes.isEmpty ? nil : processes
    }

    /// Reads `/proc/PID/stat`: "pid (name) state ppid pgrp session ...", where the name may hold spaces and
    /// parentheses, so the fields are counted from the last ")".
    static func processEntry(stat: String) -> ProcessEntry? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count >= 4, let parent = pid_t(fields[1]), let group = pid_t(fields[2]),
            let session = pid_t(fields[3])
        else { return nil }
        return ProcessEntry(parent: parent, group: group, session: session)
    }

    /// Whether the app's process group owns the terminal on `descriptor` (true for no terminal).
    static func ownsTerminal(_ descriptor: Int32) -> Bool {
        let group = tcgetpgrp(descriptor)
        return group < 0 || group == getpgrp()
    }

    /// Whether SIGTTIN stops the process: its disposition is the default. Whether this thread blocks it does
    /// not matter (the app's loop may run on a thread that blocks every signal, where the system then fails
    /// reads with EIO instead of stopping it): the stop is sent to the process group and taken by a thread
    /// that does not block it.
    private static func readStops() -> Bool {
        var current = sigaction()
        guard sigaction(SIGTTIN, nil, &current) == 0 else { return false }
        return (current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0) == 0
    }
}
