#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes: injectable so commands are tested without touching the real streams.
package struct CommandOutput: Sendable {
    package var standardOutput: @Sendable (String) -> Void
    package var standardError: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress bars are drawn only then).
    package var errorIsTerminal: Bool
    /// The streams whose writes failed, each as "standard output: No space left on device"; empty when all
    /// went through.
    package var failures: @Sendable () -> [String]
    /// Writes bytes to standard output (an image for `--output -`).
    package var standardOutputBytes: @Sendable ([UInt8]) -> Void
    /// Whether standard output is a terminal: an image is never written to one.
    package var outputIsTerminal: Bool

    package init(
        standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void, errorIsTerminal: Bool,
        failures: @escaping @Sendable () -> [String] = { [] },
        standardOutputBytes: (@Sendable ([UInt8]) -> Void)? = nil, outputIsTerminal: Bool = false
    ) {
        self.standardOutput = standardOutput; self.standardError = standardError
        self.errorIsTerminal = errorIsTerminal; self.failures = failures
        // Without a byte writer, bytes go through the text writer unchanged in count (tests read them back).
        self.standardOutputBytes =
            standardOutputBytes ?? { bytes in
                standardOutput(String(bytes.map { Character(Unicode.Scalar($0)) }))
            }
        self.outputIsTerminal = outputIsTerminal
    }

    /// The process's own streams, through `StandardStream`: write errors are recorded, never trapped.
    package static let process = CommandOutput(
        standardOutput: { StandardStream.output.write($0) },
        standardError: { StandardStream.error.write($0) },
        errorIsTerminal: isatty(STDERR_FILENO) == 1,
        failures: { [StandardStream.output, StandardStream.error].compactMap(\.failure) },
        standardOutputBytes: { StandardStream.output.write(bytes: $0) },
        outputIsTerminal: isatty(STDOUT_FILENO) == 1)
}
