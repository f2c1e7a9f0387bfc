/// Options that belong together, declared and read in one type: the group owns its options' specs (name,
/// help, value, `OptionSpec.dash`) and turns what the command line gave for them into typed values. A command
/// lists the groups' options in its `specs` and composes the groups in its `init`
/// (`let fixture = try FixtureSource(parsing: arguments)`), so no option is looked up away from where it is
/// declared.
package protocol OptionGroup: Sendable {
    /// The group's options, in the order help lists them.
    static var options: [OptionSpec] { get }
    /// The values `arguments` give the group's options; a value that does not read is a usage error naming the
    /// option and what it expects.
    init(parsing arguments: ParsedArguments) throws(UsageError)
}

extension ParsedArguments {
    /// Whether the flag `option` was given.
    package func has(_ option: OptionSpec) -> Bool { has(option.name) }

    /// The value of `option` (the last one when repeated), nil when absent.
    package func string(_ option: OptionSpec) -> String? { string(option.name) }

    /// Every value of the repeatable `option`, in order.
    package func strings(_ option: OptionSpec) -> [String] { strings(option.name) }

    /// The file option `option` as a path or the standard stream its `-` stands for; nil when absent.
    package func path(_ option: OptionSpec) -> PathArgument? { path(option.name) }

    /// The value of `option` as a whole number in `range`, nil when absent.
    package func integer(_ option: OptionSpec, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        try integer(option.name, in: range)
    }

    /// Whether `option` was given, as a flag or with a value.
    package func isGiven(_ option: OptionSpec) -> Bool { has(option.name) || values[option.name] != nil }

    /// Where `option` last appeared among the arguments, nil when absent.
    package func position(of option: OptionSpec) -> Int? { positions[option.name] }
}
