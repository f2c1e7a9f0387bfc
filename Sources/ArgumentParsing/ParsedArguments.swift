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
    package var takesValue: Bool { valueName != nil }

    package init(name: String, valueName: String?, help: String) {
        self.name = name; self.valueName = valueName; self.help = help
    }
}

/// The result of scanning a command line against a list of `OptionSpec`s.
///
/// Scanning knows no types; the typed accessors below turn text into values and report bad ones as usage
/// errors that say what was expected.
package struct ParsedArguments: Sendable {
    package let command: String
    package private(set) var values: [String: String] = [:]
    package private(set) var flags: Set<String> = []
    package private(set) var positionals: [String] = []
    /// Where each option last appeared (its index among the arguments), so that later options can override
    /// what an earlier one (like `--preset`) set.
    package private(set) var positions: [String: Int] = [:]

    /// Scans `arguments` (without the program and command names). Accepts `--name value` and `--name=value`;
    /// `--` ends option parsing.
    package init(_ arguments: [String], specs: [OptionSpec], command: String) throws(UsageError) {
        self.command = command
        let byName = Dictionary(specs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
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
                throw UsageError(message: "unknown option '\(name)'\(Self.suggestion(for: name, among: specs))",
                                 command: command)
            }
            positions[name] = position
            if spec.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "\(name) needs a value (\(spec.valueName ?? "VALUE"))", command: command)
                }
                values[name] = value
            } else {
                if inlineValue != nil {
                    throw UsageError(message: "\(name) takes no value", command: command)
                }
                flags.insert(name)
            }
        }
    }

    private static func suggestion(for name: String, among specs: [OptionSpec]) -> String {
        let stem = name.drop { $0 == "-" }
        let close = specs.first { spec in
            let other = spec.name.drop { $0 == "-" }
            return !stem.isEmpty && (other.hasPrefix(stem) || stem.hasPrefix(other))
        }
        return close.map { "; did you mean '\($0.name)'?" } ?? ""
    }

    package func has(_ flag: String) -> Bool { flags.contains(flag) }

    package func string(_ name: String) -> String? { values[name] }

    /// A whole number in `range`, or nil when the option is absent.
    package func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(message: "\(name): expected a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'",
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
