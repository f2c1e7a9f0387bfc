import ArgumentParsing
import Support
import TerminalUI

/// `--color`, `--dither` and `--graphics`, read the same way by the interactive app and `show`.
enum TerminalOptions {
    /// `--color MODE` (default `auto`).
    static func colorOption(from arguments: ParsedArguments, command: String) throws(UsageError) -> ColorMode.Option {
        let text = arguments.string("--color") ?? "auto"
        guard let option = ColorMode.Option(argument: text) else {
            throw UsageError(
                message: "--color: expected auto, truecolor, 256, 16 or none, got '\(Sanitizer.clean(text))'",
                command: command)
        }
        return option
    }

    /// `--dither MODE`; nil when not given (the colour mode's standard, `DitherMode.standard(for:)`).
    static func dither(from arguments: ParsedArguments, command: String) throws(UsageError) -> DitherMode? {
        guard let text = arguments.string("--dither") else { return nil }
        guard let dither = DitherMode(rawValue: text.lowercased()) else {
            let names = DitherMode.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(
                message: "--dither: expected one of \(names), got '\(Sanitizer.clean(text))'", command: command)
        }
        return dither
    }

    /// `--graphics MODE` (default `auto`).
    static func graphics(from arguments: ParsedArguments, command: String) throws(UsageError) -> GraphicsOption {
        let text = arguments.string("--graphics") ?? "auto"
        guard let graphics = GraphicsOption(argument: text) else {
            let names = (["auto"] + GraphicsProtocol.allCases.map(\.rawValue)).joined(separator: ", ")
            throw UsageError(
                message: "--graphics: expected one of \(names), got '\(Sanitizer.clean(text))'", command: command)
        }
        return graphics
    }
}
