extension ParameterField {
    /// A layout option holding a short list of lengths in points (`--grid-spacing 4,2`), unset meaning the
    /// layout's default. The list holds one number or `count`; `limits` bound every number in it; `automatic`
    /// is what the layout uses when it is unset (stepping starts there). With `relative` (an option of the same
    /// name, so that `LayoutOptions` holds one form or the other) the list may instead be one percentage of the
    /// canvas (`--grid-spacing 5%`), standing for every number.
    static func lengths(
        _ option: LayoutOption<[Double]?>, relative: LayoutOption<RelativeLength?>? = nil, label: String,
        help: String, valueName: String, count: Int, expectation: String,
        limits: @escaping @Sendable (CompositionParameters) -> ClosedRange<Double>,
        automatic: @escaping @Sendable (CompositionParameters, Int) -> [Double]?
    ) -> ParameterField {
        ParameterField(
            name: option.name, label: label, help: help, kind: .numbers(unit: .points, count: count),
            valueName: valueName, isOptional: true, steps: ParameterCatalogue.lengthSteps, expectation: expectation,
            key: .text, summary: .omitted, relativeBases: relative == nil ? [] : [.canvas], limits: limits,
            read: { parameters in
                relative.flatMap { parameters.options[$0] }.map(ParameterValue.relative)
                    ?? parameters.options[option].map(ParameterValue.numbers)
            },
            write: { parameters, value in
                parameters.options[option] = nil
                switch value {
                case .numbers(let numbers)?: parameters.options[option] = numbers
                case .relative(let length)?: if let relative { parameters.options[relative] = length }
                default: break
                }
            },
            automatic: { automatic($0, $1).map(ParameterValue.numbers) })
    }
}
