import Foundation

/// Where the disk cache of composites lives.
public enum DiskCacheLocation: Hashable, Sendable {
    /// `$XDG_CACHE_HOME/chat-tui`, or `~/.cache/chat-tui` when that is unset or not absolute.
    case standard
    /// An explicit directory (tests, `--cache-dir`).
    case directory(String)
    /// No disk cache: composites live in memory only.
    case disabled

    /// The directory this location names, or nil when disabled. `environment` is the process environment.
    public func resolvedDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        switch self {
        case .disabled: return nil
        case .directory(let path): return path
        case .standard:
            // The XDG base-directory spec says relative values are invalid and must be ignored.
            if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/chat-tui" }
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            return home + "/.cache/chat-tui"
        }
    }
}
