import ArgumentParsing
import GroupIcon

/// The composition options every command shares, made from `ParameterCatalogue`: one `--NAME` option per
/// parameter (a flag without a value for on/off parameters), applied in catalogue order.
enum CompositionOptions {
    static let specs: [OptionSpec] = ParameterCatalogue.all.map { field in
        OptionSpec(name: "--" + field.name, valueName: field.valueName, help: field.help)
    }

    /// The parameters the options describe, starting from the defaults. A value outside its limits is a
    /// usage error that says what was expected. Options in `skipping` are left to the caller (`export` reads
    /// `--scale` as a list).
    static func parameters(from arguments: ParsedArguments, skipping: Set<String> = []) throws(UsageError)
        -> CompositionParameters
    {
        var parameters = CompositionParameters()
        for field in ParameterCatalogue.all where !skipping.contains(field.name) {
            let option = "--" + field.name
            let text = field.kind == .flag ? (arguments.has(option) ? "true" : nil) : arguments.string(option)
            guard let text else { continue }
            do throws(ParameterError) {
                try field.set(text, in: &parameters)
            } catch {
                throw UsageError(message: "--\(error)", command: arguments.command)
            }
        }
        return parameters
    }
}
