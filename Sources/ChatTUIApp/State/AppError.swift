/// Why something the interactive app reads or is asked to do cannot be done: the app layer's one error type.
/// Every message names the file or path and says what to do about it.
package enum AppError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The saved session (`SessionRecord`) cannot be read; the message names the file and the problem.
    case unreadableSession(String)
    /// An export path whose `~` cannot be expanded (`~user`, or `~` without HOME); the message says why.
    case unexpandablePath(String)

    package var description: String {
        switch self {
        case .unreadableSession(let message), .unexpandablePath(let message): return message
        }
    }
}
