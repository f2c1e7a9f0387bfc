import ArgumentParsing
import Support
import TerminalUI

/// `--color`, `--dither` and `--graphics`, read the same way by the interactive app and `show`.
struct TerminalOptions: OptionGroup {
    static let colorSpec = OptionSpec(
        name: "--color", valueName: "MODE", help: "auto, truecolor, 256, 16 or none (default auto)",
        choices: ["auto", "truecolor", "256", "16", "none"])
    static let ditherSpec = OptionSpec(
        name: "--dither", valueName: "MODE",
        help: "none, ordered, diffusion or tempered: how 256/16 colours stand in for others (default tempered)",
        choices: DitherMode.allCases.map(\.rawValue))
    static let graphicsSpec = OptionSpec(
        name: "--graphics", valueName: "MODE",
        help: "auto, kitty, sixel, iterm or halfblock: how the preview is drawn (default auto: ask the terminal)",
        choices: ["auto"] + GraphicsProtocol.allCases.map(\.rawValue))
    static let options = [colorSpec, ditherSpec, graphicsSpec]

    /// `--color MODE` (default `auto`).
    var colorOption: ColorMode.Option
    /// `--dither MODE`; nil when not given (the colour mode's standard, `DitherMode.standard(for:)`).
    var dither: DitherMode?
    /// `--graphics MODE` (default `auto`).
    var graphics: GraphicsOption

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        let colorText = arguments.string(Self.colorSpec) ?? "auto"
        guard let colorOption = ColorMode.Option(argument: colorText) else {
            throw UsageError(
                message: "--color: expected auto, truecolor, 256, 16 or none, got '\(Sanitizer.clean(colorText))'",
                command: arguments.command)
        }
        self.colorOption = colorOption
        if let text = arguments.string(Self.ditherSpec) {
            guard let dither = DitherMode(rawValue: text.lowercased()) else {
                let names = DitherMode.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(
                    message: "--dither: expected one of \(names), got '\(Sanitizer.clean(text))'",
                    command: arguments.command)
            }
            self.dither = dither
        }
        let graphicsText = arguments.string(Self.graphicsSpec) ?? "auto"
        guard let graphics = GraphicsOption(argument: graphicsText) else {
            let names = (["auto"] + GraphicsProtocol.allCases.map(\.rawValue)).joined(separator: ", ")
            throw UsageError(
                message: "--graphics: expected one of \(names), got '\(Sanitizer.clean(graphicsText))'",
                command: arguments.command)
        }
        self.graphics = graphics
    }
}
