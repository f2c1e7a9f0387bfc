import ArgumentParsing
import Foundation
import GroupExport
import GroupIcon
import Support
import TerminalUI

/// The composition options every command shares, made from `ParameterCatalogue`: one `--NAME` option per
/// parameter (a flag without a value for on/off parameters), applied in catalogue order, and `--preset NAME`.
enum CompositionOptions {
    static let presetSpec = OptionSpec(
        name: "--preset", valueName: "NAME",
        help: "start from a preset in $XDG_CONFIG_HOME/chat-tui/presets.json (options after it override it)")

    static let specs: [OptionSpec] =
        [presetSpec]
        + ParameterCatalogue.all.map { field in
            OptionSpec(
                name: "--" + field.name, valueName: field.valueName, help: field.help,
                short: field.name == "layout" ? "l" : nil, choices: completionChoices(of: field))
        }

    /// The option that sets the catalogue's parameter `name` (`scale` gives `--scale`), for a command that
    /// reads that option its own way.
    static func spec(forParameter name: String) -> OptionSpec? {
        specs.first { $0.name == "--" + name }
    }

    /// The words a shell offers for a parameter's value: layouts, a choice's words, the plain member styles.
    private static func completionChoices(of field: ParameterField) -> [String] {
        switch field.kind {
        case .layout: LayoutRegistry.kinds.map(\.rawValue)
        case .choice: field.choices
        case .memberStyle: ["original", "rectangle", "circle"]
        default: []
        }
    }

    /// The parameters the options describe, starting from the defaults. `--preset NAME` sets what the preset
    /// holds; an option given after it overrides the preset's value, one given before it is overridden. A value
    /// outside its limits, or a preset that cannot be read or found, is a usage error that says what was
    /// expected (and names the presets file). Options in `skipping` are left to the caller (`export` reads
    /// `--scale` as a list).
    static func parameters(
        from arguments: ParsedArguments, skipping: Set<String> = [],
        environment: [String: String] = ProcessInfo.processInfo.environment
    )
        throws(UsageError) -> CompositionParameters
    {
        let preset = try presetSettings(from: arguments, environment: environment)
        let presetPosition = arguments.position(of: presetSpec) ?? -1
        var parameters = CompositionParameters()
        for field in ParameterCatalogue.all where !skipping.contains(field.name) {
            let option = "--" + field.name
            let given = field.kind == .flag ? (arguments.has(option) ? "true" : nil) : arguments.string(option)
            let fromPreset = preset[field.name]
            let useGiven = given != nil && (fromPreset == nil || (arguments.positions[option] ?? -1) > presetPosition)
            guard let text = useGiven ? given : fromPreset else { continue }
            do throws(ParameterError) {
                try field.set(text, in: &parameters)
            } catch {
                let origin = useGiven ? "--" : "--preset \(arguments.string(presetSpec) ?? ""): "
                // What was typed is quoted in the message: control characters must not reach the terminal.
                throw UsageError(message: Sanitizer.clean("\(origin)\(error)"), command: arguments.command)
            }
        }
        return parameters
    }

    /// Fails when composites of `memberCounts` members would break a limit of `CompositionLimits` (tiles
    /// smaller than a twelfth of the canvas, too many pixels), naming the limit and what to change.
    static func checkLimits(_ parameters: CompositionParameters, memberCounts: [Int], command: String)
        throws(UsageError)
    {
        guard let problem = CompositionLimits.problem(parameters, memberCounts: memberCounts) else { return }
        var advice = ""
        if case .tilesTooSmall = problem {
            let hints = ["margin", "padding"].compactMap { name -> String? in
                guard let field = ParameterCatalogue.field(named: name), field.value(in: parameters) != nil else {
                    return nil
                }
                var floor = parameters
                field.assign(.number(0), to: &floor)
                guard CompositionLimits.problem(floor, memberCounts: memberCounts) == nil else { return nil }
                let most = CompositionLimits.closestAllowed(
                    field, from: floor, toward: parameters.size,
                    memberCounts: memberCounts)
                return "--\(name) at most \(formatNumber(most))"
            }
            advice =
                hints.isEmpty ? ": use a smaller --margin or --padding" : ": use " + hints.joined(separator: " or ")
        }
        throw UsageError(
            message: "these parameters would draw degenerate avatars: \(problem)\(advice)", command: command)
    }

    /// The preset's settings by name, empty without `--preset`.
    private static func presetSettings(from arguments: ParsedArguments, environment: [String: String])
        throws(UsageError) -> [String: String]
    {
        guard let name = arguments.string(presetSpec) else { return [:] }
        do throws(PresetError) {
            guard let path = PresetFile.defaultPath(environment: environment) else { throw .noConfigurationFolder }
            let file = try PresetFile.load(path: path)
            guard let preset = file.preset(named: name) else {
                throw .notFound(name: name, file: path, available: file.presets.map(\.name))
            }
            return Dictionary(preset.settings.map { ($0.name, $0.text) }, uniquingKeysWith: { _, last in last })
        } catch {
            throw UsageError(message: Sanitizer.clean("--preset \(name): \(error)"), command: arguments.command)
        }
    }
}
