import GroupIcon

/// The composition options every command shares (DESIGN.md §2), and their translation into
/// `CompositionParameters`.
enum CompositionOptions {
    static let specs: [OptionSpec] = [
        OptionSpec(name: "--layout", valueName: "NAME", help: "wechat, qq, grid or dingtalk (default wechat)"),
        OptionSpec(name: "--size", valueName: "PT", help: "canvas side in points (default 132)"),
        OptionSpec(name: "--scale", valueName: "N", help: "pixels per point, 1 to 4 (default 1)"),
        OptionSpec(name: "--margin", valueName: "PT", help: "gap between tiles (default: the layout's own, e.g. size/18)"),
        OptionSpec(name: "--padding", valueName: "PT", help: "outer padding (default: the margin)"),
        OptionSpec(name: "--corner-radius", valueName: "PT", help: "corner radius of the whole canvas (default 0)"),
        OptionSpec(name: "--tile-radius", valueName: "PT", help: "corner radius of each tile (default 0)"),
        OptionSpec(name: "--background", valueName: "COLOR",
                   help: "#RRGGBB, #RRGGBBAA or transparent (default: light grey; transparent for qq)"),
        OptionSpec(name: "--grid-columns", valueName: "N", help: "columns of the grid layout (default: ceil(sqrt(count)))"),
        OptionSpec(name: "--centre-rings", valueName: nil, help: "qq: centre 3- and 5-member rings vertically"),
        OptionSpec(name: "--full-bleed-single", valueName: nil, help: "wechat: one member fills the canvas"),
        OptionSpec(name: "--short-row-at-bottom", valueName: nil, help: "wechat: put the short row at the bottom"),
    ]

    /// The parameters the options describe, starting from the defaults.
    static func parameters(from arguments: ParsedArguments) throws(UsageError) -> CompositionParameters {
        var parameters = CompositionParameters()
        if let layout = try arguments.choice("--layout", of: LayoutKind.self) { parameters.layout = layout }
        if let size = try arguments.number("--size", in: CompositionParameters.sizeRange, unit: "a size in points") {
            parameters.size = size
        }
        if let scale = try arguments.integer("--scale", in: CompositionParameters.scaleRange) { parameters.scale = scale }
        let lengthRange = 0...parameters.size / 2
        parameters.margin = try arguments.number("--margin", in: 0...parameters.size / 4, unit: "a length in points")
        parameters.padding = try arguments.number("--padding", in: 0...parameters.size / 4, unit: "a length in points")
        parameters.cornerRadius = try arguments.number("--corner-radius", in: lengthRange, unit: "a radius in points") ?? 0
        parameters.tileRadius = try arguments.number("--tile-radius", in: lengthRange, unit: "a radius in points") ?? 0
        if let text = arguments.string("--background") {
            guard let colour = RGBA8(parsing: text) else {
                throw UsageError(message: "--background: expected #RRGGBB, #RRGGBBAA or transparent, got '\(text)'",
                                 command: arguments.command)
            }
            parameters.background = colour
        }
        parameters.gridColumns = try arguments.integer("--grid-columns", in: 1...9)
        parameters.centreRings = arguments.has("--centre-rings")
        parameters.fullBleedSingle = arguments.has("--full-bleed-single")
        parameters.shortRowAtBottom = arguments.has("--short-row-at-bottom")
        return parameters
    }
}
