/// How a command-line run ends.
package enum ExitStatus: Int32, Sendable {
    case success = 0
    /// The work failed; the message names the file and the cause.
    case failure = 1
    /// The command line itself was wrong.
    case usage = 2
    /// The interactive app ended on SIGHUP, SIGINT (Ctrl-C) or SIGTERM, after restoring the terminal
    /// (128 + the signal number, as shells report it).
    case hangUp = 129
    case interrupted = 130
    case terminated = 143
}
