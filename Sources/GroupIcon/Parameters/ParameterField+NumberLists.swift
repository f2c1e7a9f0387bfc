extension ParameterField {
    /// A layout option holding a short list of lengths in points (`--grid-spacing 4,2`), unset meaning the
    /// layout's default. The list holds one number or `count`; `limits` bound every number in it; `automatic`
    /// is what the layout uses when it is unset (stepping starts there).
    static func lengths(
        _ option: LayoutOption<[Double]?>, label: String, help: String, valueName: String,
        count: Int, expectation: String,
        limits: @escaping @Sendable (CompositionParameters) -> ClosedRange<Double>,
        automatic: @escaping @Sendable (CompositionParameters, Int) -> [Double]?
    ) -> ParameterField {
        ParameterField(
            name: option.name, label: label, help: help, kind: .numbers(unit: .points, count: count),
            valueName: valueName, isOptional: true, steps: ParameterCatalogue.lengthSteps, expectation: expectation,
            key: .text, summary: .omitted, limits: limits,
            read: { $0.options[option].map(ParameterValue.numbers) },
            write: { parameters, value in
                if case .numbers(let numbers) = value {
                    parameters.options[option] = numbers
                } else {
                    parameters.options[option] = nil
                }
            },
            automatic: { automatic($0, $1).map(ParameterValue.numbers) })
    }
}
