/// A command line that does not say what the user meant; printed with a pointer to `--help`.
package struct UsageError: Error, Equatable, CustomStringConvertible {
    package var message: String
    /// The subcommand whose help applies ("" for the top level).
    package var command: String
    package var description: String { message }

    package init(message: String, command: String) {
        self.message = message; self.command = command
    }
}

/// One option a command accepts.
package struct OptionSpec: Sendable {
    /// Long name including the dashes, e.g. `--size`.
    package var name: String
    /// Shown in help as the value's placeholder (`PX`); nil for a flag without a value.
    package var valueName: String?
    package var help: String
    /// The one-letter form (`o` for `-o`), nil when there is none; `-o FILE` and `-o=FILE` then mean
    /// `--output FILE`.
    package var short: Character?
    /// The words the value may be, for completions (`wechat`, `qq`, ...); empty when it is free text.
    package var choices: [String]
    /// The stream `-` stands for as the value of this file option (`--fixtures -`, `--output -`); nil when the
    /// option takes no stream, and then `-` is refused rather than read as a file named `-`.
    package var dash: Dash?
    package var takesValue: Bool { valueName != nil }

    /// The standard stream `-` names.
    package enum Dash: Sendable, Equatable {
        case standardInput, standardOutput

        /// How messages and help name it.
        package var name: String { self == .standardInput ? "standard input" : "standard output" }
    }
    /// Whether the value names a file or folder (shown as `PATH`, `DIR` or `FILE`). An empty one is refused:
    /// the file system reads "" relative to wherever the path is joined, so `--cache-dir ''` would put the
    /// cache's folders at the root of the file system.
    package var takesPath: Bool { valueName.map(Self.pathValueNames.contains) ?? false }
    static let pathValueNames: Set<String> = ["PATH", "DIR", "FILE"]

    /// `help` gets "; - for standard input" (or output) appended when `dash` is given, so every command that
    /// takes `-` says so the same way.
    package init(
        name: String, valueName: String?, help: String, short: Character? = nil, choices: [String] = [],
        dash: Dash? = nil
    ) {
        self.name = name; self.valueName = valueName; self.short = short; self.choices = choices
        self.dash = dash
        self.help = help + (dash.map { "; - for \($0.name)" } ?? "")
    }

    /// What a shell completes after the option: one of its choices, a file, a folder, or nothing for free text (a
    /// number, a colour, an id).
    package enum CompletedValue: Equatable, Sendable {
        case freeText
        case choices([String])
        case file, folder
    }

    /// What a shell completes after the option; nil for a flag without a value.
    package var completedValue: CompletedValue? {
        guard let valueName else { return nil }
        if !choices.isEmpty { return .choices(choices) }
        switch valueName {
        case "DIR": return .folder
        case "FILE", "PATH": return .file
        default: return .freeText
        }
    }

    /// How help, the man page and completions show the option: `-o, --output FILE`.
    package var label: String {
        (short.map { "-\($0), " } ?? "") + name + (valueName.map { " " + $0 } ?? "")
    }
}

/// The value of a file option: a path, or `-` for a standard stream (`OptionSpec.dash`). The one rule for `-`:
/// every command reads it through `ParsedArguments.path`, so no command takes `-` for a file name.
package enum PathArgument: Equatable, Sendable {
    case path(String)
    case standardInput
    case standardOutput

    /// The path, nil for a stream.
    package var path: String? {
        if case .path(let path) = self { return path }
        return nil
    }

    /// How messages name it: the path, or "standard input" / "standard output".
    package var name: String {
        switch self {
        case .path(let path): path
        case .standardInput: OptionSpec.Dash.standardInput.name
        case .standardOutput: OptionSpec.Dash.standardOutput.name
        }
    }
}

/// The result of scanning a command line against a list of `OptionSpec`s.
///
/// Scanning knows no types; the typed accessors below turn text into values and report bad ones as usage
/// errors that say what was expected.
package struct ParsedArguments: Sendable {
    package let command: String
    /// The value of each option given (the last one when an option is repeated).
    package private(set) var values: [String: String] = [:]
    /// Every value of each option, in command-line order (for repeatable options like `--allow-paths`).
    package private(set) var allValues: [String: [String]] = [:]
    package private(set) var flags: Set<String> = []
    package private(set) var positionals: [String] = []
    /// Where each option last appeared (its index among the arguments), so that later options can override
    /// what an earlier one (like `--preset`) set.
    package private(set) var positions: [String: Int] = [:]
    /// The stream `-` stands for, per option that takes one.
    private var dashes: [String: OptionSpec.Dash] = [:]

    /// Scans `arguments` (without the program and command names). Accepts `--name value`, `--name=value` and
    /// the short forms `-n value` and `-n=value`; `--` ends option parsing. Options are recorded under their
    /// long names.
    package init(_ arguments: [String], specs: [OptionSpec], command: String) throws(UsageError) {
        self.command = command
        let byName = Self.lookup(specs)
        for spec in specs { dashes[spec.name] = spec.dash }
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            let position = index
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = byName[name] else {
                throw UsageError(
                    message: "unknown option '\(Self.displayed(name))'\(Self.suggestion(for: name, among: specs))",
                    command: command)
            }
            let given = name
            name = spec.name
            positions[name] = position
            if spec.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                    // `--output -h` is more likely a forgotten value than a file called "-h".
                    if Self.looksLikeOption(value) {
                        throw UsageError(
                            message:
                                "\(given) needs a value (\(spec.valueName ?? "VALUE")), got the option '\(value)' (write \(name)=\(value) if that is the value)",
                            command: command)
                    }
                } else {
                    throw UsageError(message: "\(given) needs a value (\(spec.valueName ?? "VALUE"))", command: command)
                }
                if value.isEmpty && spec.takesPath {
                    throw UsageError(
                        message:
                            "\(name): the path is empty (name a \(spec.valueName == "DIR" ? "folder" : "file"), or leave the option out)",
                        command: command)
                }
                if value == "-" && spec.takesPath && spec.dash == nil {
                    throw UsageError(
                        message:
                            "\(name): - means standard input or output, which \(name) does not take here (write ./- for a \(spec.valueName == "DIR" ? "folder" : "file") named -)",
                        command: command)
                }
                values[name] = value
                allValues[name, default: []].append(value)
            } else {
                if inlineValue != nil {
                    throw UsageError(message: "\(given) takes no value", command: command)
                }
                flags.insert(name)
            }
        }
    }

    /// Whether `argument` reads as an option rather than a value: it starts with `-` but is neither `-` alone
    /// nor a number (`--margin -1` stays a value, and is then checked against the option's limits).
    static func looksLikeOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        let next = argument.dropFirst().first
        return !(next?.isNumber ?? false) && next != "."
    }

    /// Whether `arguments` ask for help: `--help` or `-h` where an option may stand, not as the value of an
    /// option (`--output -h` names a value) nor after `--`.
    package static func requestsHelp(_ arguments: [String], specs: [OptionSpec]) -> Bool {
        let takesValue = Set(specs.filter(\.takesValue).flatMap { [$0.name] + ($0.short.map { ["-\($0)"] } ?? []) })
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
            if takesValue.contains(argument) { index += 1 }
        }
        return false
    }

    /// Every value given for the repeatable option `name`, in order; empty when absent.
    package func strings(_ name: String) -> [String] { allValues[name] ?? [] }

    /// Each option under its long name and, when it has one, its short form (`-o`).
    static func lookup(_ specs: [OptionSpec]) -> [String: OptionSpec] {
        let names = specs.flatMap { spec in [(spec.name, spec)] + (spec.short.map { [("-\($0)", spec)] } ?? []) }
        return Dictionary(names, uniquingKeysWith: { first, _ in first })
    }

    /// An argument as a message may quote it: at most 40 characters, control characters as `?`.
    static func displayed(_ text: String) -> String {
        String(text.unicodeScalars.prefix(40).map { $0.properties.generalCategory == .control ? "?" : Character($0) })
    }

    /// "; did you mean '--output'?" when an option is a prefix of `name` or the other way round, or is at most
    /// two edits away (`--ouptut`); "" when none is close.
    private static func suggestion(for name: String, among specs: [OptionSpec]) -> String {
        let stem = name.drop { $0 == "-" }
        guard !stem.isEmpty else { return "" }
        let prefixed = specs.first { spec in
            let other = spec.name.drop { $0 == "-" }
            return other.hasPrefix(stem) || stem.hasPrefix(other)
        }
        let close = prefixed?.name ?? Suggestion.closest(to: name, among: specs.map(\.name))
        return close.map { "; did you mean '\($0)'?" } ?? ""
    }

    package func has(_ flag: String) -> Bool { flags.contains(flag) }

    package func string(_ name: String) -> String? { values[name] }

    /// The file option `name` as a path, or the standard stream its `-` stands for; nil when absent.
    package func path(_ name: String) -> PathArgument? {
        guard let value = values[name] else { return nil }
        switch value == "-" ? dashes[name] : nil {
        case .standardInput: return .standardInput
        case .standardOutput: return .standardOutput
        case nil: return .path(value)
        }
    }

    /// A whole number in `range`, or nil when the option is absent.
    package func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                message:
                    "\(name): expected a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'",
                command: command)
        }
        return value
    }

    /// Fails when positional arguments were given to a command that takes none.
    package func requireNoPositionals() throws(UsageError) {
        if let first = positionals.first {
            throw UsageError(message: "unexpected argument '\(first)'", command: command)
        }
    }
}
