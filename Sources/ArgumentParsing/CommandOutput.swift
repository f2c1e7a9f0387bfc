import Foundation

/// Where a command writes: injectable so commands are tested without touching the real streams.
package struct CommandOutput: Sendable {
    package var standardOutput: @Sendable (String) -> Void
    package var standardError: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress bars are drawn only then).
    package var errorIsTerminal: Bool

    package init(standardOutput: @escaping @Sendable (String) -> Void,
                 standardError: @escaping @Sendable (String) -> Void, errorIsTerminal: Bool) {
        self.standardOutput = standardOutput; self.standardError = standardError
        self.errorIsTerminal = errorIsTerminal
    }

    package static let process = CommandOutput(
        standardOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        standardError: { text in FileHandle.standardError.write(Data(text.utf8)) },
        errorIsTerminal: isatty(STDERR_FILENO) == 1)
}
