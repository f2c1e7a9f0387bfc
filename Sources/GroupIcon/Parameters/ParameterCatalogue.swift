import Imaging

/// Every composition parameter as a `ParameterField`: the ones all layouts share, then each layout's own.
///
/// The order is the order in which command lines and presets are applied and the panel lists them: the
/// layout and the size come before the lengths whose limits depend on them.
public enum ParameterCatalogue {
    /// Steps of lengths in the app: one point, or four.
    static let lengthSteps = (fine: 1.0, coarse: 4.0)
    /// Steps of radii in the app.
    static let radiusSteps = (fine: 2.0, coarse: 8.0)

    /// The parameters every layout reads.
    public static let common: [ParameterField] =
        [
            ParameterField(
                name: "layout", label: "Layout", help: "\(LayoutRegistry.namesInWords) (default wechat)", kind: .layout,
                valueName: "NAME",
                expectation: "one of " + LayoutRegistry.kinds.map(\.rawValue).joined(separator: ", "),
                key: .text, summary: .title,
                read: { .layout($0.layout) },
                write: { parameters, value in if case .layout(let kind) = value { parameters.layout = kind } }),
            ParameterField(
                name: "size", label: "Size", help: "canvas side in points (default 132)", kind: .number(unit: .points),
                valueName: "PT", steps: (fine: 1, coarse: 12), expectation: "a size in points", key: .rounded,
                summary: .closing, limits: { _ in CompositionParameters.sizeRange },
                read: { .number($0.size) },
                write: { parameters, value in if case .number(let size) = value { parameters.size = size } }),
            ParameterField(
                name: "scale", label: "Scale", help: "pixels per point, 1 to 4 (default 1)", kind: .integer,
                valueName: "N", steps: (fine: 1, coarse: 1), expectation: "a whole number", key: .text,
                summary: .omitted,
                limits: { _ in
                    Double(
                        CompositionParameters.scaleRange.lowerBound)...Double(
                            CompositionParameters.scaleRange.upperBound)
                },
                read: { .integer($0.scale) },
                write: { parameters, value in if case .integer(let scale) = value { parameters.scale = scale } }),
            optionalLength(
                name: "margin", label: "Margin",
                help: "gap between tiles, PT or a percentage of the canvas (default: the layout's own, e.g. size/18)",
                keyPath: \.margin, relative: \.relativeLengths.margin, summary: .labelled("margin"),
                automatic: { .number(Layouts.resolvedMargin(count: $1, parameters: $0)) }),
            optionalLength(
                name: "padding", label: "Padding",
                help: "outer padding, PT or a percentage of the canvas (default: the margin)",
                keyPath: \.padding, relative: \.relativeLengths.padding, summary: .omitted,
                automatic: { .number(Layouts.resolvedPadding(count: $1, parameters: $0)) }),
            radius(
                name: "corner-radius", label: "Corner radius",
                help: "corner radius of the whole canvas, PT or a percentage of the canvas (default 0)",
                keyPath: \.cornerRadius, relative: \.relativeLengths.cornerRadius, bases: [.canvas],
                summary: .labelled("corner")),
            radius(
                name: "tile-radius", label: "Tile radius",
                help:
                    "corner radius of each tile, PT, a percentage of the canvas (5%) or of the tile (tile20%) (default 0)",
                keyPath: \.tileRadius, relative: \.relativeLengths.tileRadius, bases: [.canvas, .tile],
                summary: .labelled("tile")),
            ParameterField(
                name: "background", label: "Background",
                help: "#RGB, #RRGGBB, #RRGGBBAA or transparent (default: light grey; transparent for qq)", kind: .color,
                valueName: "COLOR", isOptional: true, expectation: "#RGB, #RRGGBB, #RRGGBBAA or transparent",
                // The colour drawn: an unset background is the layout's own.
                key: .custom { $0.resolvedBackground.hexString }, summary: .labelled("bg"),
                read: { $0.background.map(ParameterValue.color) },
                write: { parameters, value in
                    if case .color(let color) = value {
                        parameters.background = color
                    } else {
                        parameters.background = nil
                    }
                },
                automatic: { parameters, _ in .color(parameters.resolvedBackground) }),
        ] + presentation

    /// Every parameter: the common ones, then every layout's options in registry order (each name once).
    public static let all: [ParameterField] = {
        var seen = Set<String>()
        return (common + LayoutRegistry.all.flatMap { $0.options }).filter { seen.insert($0.name).inserted }
    }()

    /// The parameters `layout` reads: the common ones, then its own.
    public static func fields(for layout: LayoutKind) -> [ParameterField] {
        common + layout.layout.options
    }

    /// The field called `name`, if any.
    public static func field(named name: String) -> ParameterField? {
        all.first { $0.name == name }
    }

    /// A length in points or a percentage of the canvas that may be left to the layout (nil), limited to a
    /// quarter of the size.
    private static func optionalLength(
        name: String, label: String, help: String,
        keyPath: WritableKeyPath<CompositionParameters, Double?> & Sendable,
        relative: WritableKeyPath<CompositionParameters, RelativeLength?> & Sendable,
        summary: ParameterField.SummaryForm,
        automatic: @escaping @Sendable (CompositionParameters, Int) -> ParameterValue?
    )
        -> ParameterField
    {
        ParameterField(
            name: name, label: label, help: help, kind: .number(unit: .points), valueName: "PT", isOptional: true,
            steps: lengthSteps, expectation: "a length in points", key: .rounded, summary: summary,
            relativeBases: [.canvas], limits: { 0...max(0, $0.size / 4) },
            read: {
                $0[keyPath: relative].map(ParameterValue.relative) ?? $0[keyPath: keyPath].map(ParameterValue.number)
            },
            write: { parameters, value in
                // One of the two forms at a time: the other is unset.
                parameters[keyPath: keyPath] = nil
                parameters[keyPath: relative] = nil
                switch value {
                case .number(let length)?: parameters[keyPath: keyPath] = length
                case .relative(let length)?: parameters[keyPath: relative] = length
                default: break
                }
            },
            automatic: automatic)
    }

    /// A corner radius in points or a percentage of `bases`, limited to half the size (or half the tile).
    private static func radius(
        name: String, label: String, help: String,
        keyPath: WritableKeyPath<CompositionParameters, Double> & Sendable,
        relative: WritableKeyPath<CompositionParameters, RelativeLength?> & Sendable,
        bases: [RelativeLength.Base], summary: ParameterField.SummaryForm
    ) -> ParameterField {
        ParameterField(
            name: name, label: label, help: help, kind: .number(unit: .points), valueName: "PT",
            steps: radiusSteps, expectation: "a radius in points", key: .rounded, summary: summary,
            relativeBases: bases, limits: { 0...max(0, $0.size / 2) },
            read: { parameters in
                parameters[keyPath: relative].map(ParameterValue.relative) ?? .number(parameters[keyPath: keyPath])
            },
            write: { parameters, value in
                // One of the two forms at a time: a relative radius leaves the one in points at 0.
                switch value {
                case .number(let radius)?:
                    parameters[keyPath: keyPath] = radius
                    parameters[keyPath: relative] = nil
                case .relative(let length)?:
                    parameters[keyPath: keyPath] = 0
                    parameters[keyPath: relative] = length
                default: break
                }
            })
    }
}

extension ParameterField {
    /// A layout option that is on or off (a command-line flag without a value).
    static func flag(_ option: LayoutOption<Bool>, label: String, help: String) -> ParameterField {
        ParameterField(
            name: option.name, label: label, help: help, kind: .flag, valueName: nil, expectation: "true or false",
            key: .text, summary: .omitted,
            read: { .flag($0.options[option]) },
            write: { parameters, value in if case .flag(let flag) = value { parameters.options[option] = flag } })
    }

    /// A layout option holding a whole number in `range`, unset meaning automatic.
    static func count(
        _ option: LayoutOption<Int?>, label: String, help: String, range: ClosedRange<Int>,
        automatic: @escaping @Sendable (CompositionParameters, Int) -> Int? = { _, _ in nil }
    )
        -> ParameterField
    {
        ParameterField(
            name: option.name, label: label, help: help, kind: .integer, valueName: "N", isOptional: true,
            steps: (fine: 1, coarse: 1), expectation: "a whole number", key: .text, summary: .omitted,
            limits: { _ in Double(range.lowerBound)...Double(range.upperBound) },
            read: { $0.options[option].map(ParameterValue.integer) },
            write: { parameters, value in
                if case .integer(let count) = value {
                    parameters.options[option] = count
                } else {
                    parameters.options[option] = nil
                }
            },
            automatic: { automatic($0, $1).map(ParameterValue.integer) })
    }
}
