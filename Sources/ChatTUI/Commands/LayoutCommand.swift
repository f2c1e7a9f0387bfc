import ArgumentParsing
import GroupIcon
import Support

/// `chat-tui layout`: prints the tile geometry a layout computes, as a table or as JSON.
struct LayoutCommand: ToolCommand {
    static let name = "layout"
    static let summary = "print the tile geometry of a layout"
    static let usage = [
        "chat-tui layout --layout \(LayoutRegistry.kinds.map(\.rawValue).joined(separator: "|")) --count N [--size PT] [options] [--json]",
        "chat-tui layout --list",
    ]
    static let countSpec = OptionSpec(name: "--count", valueName: "N", help: "number of members (required)")
    static let jsonSpec = OptionSpec(name: "--json", valueName: nil, help: "print JSON (coordinates in points, y down)")
    static let listSpec = OptionSpec(
        name: "--list", valueName: nil,
        help:
            "list the layouts (name, members drawn, what it draws); with --json one JSON object a line: layout, name, maximumMembers, summary"
    )
    static let specs = [countSpec, jsonSpec, listSpec] + CompositionOptions.specs

    var count: Int
    var parameters: CompositionParameters
    var json: Bool
    var list: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        try arguments.requireNoPositionals()
        list = arguments.has(Self.listSpec)
        json = arguments.has(Self.jsonSpec)
        parameters = try CompositionOptions.parameters(from: arguments)
        if list {
            count = 0
            return
        }
        guard let count = try arguments.integer(Self.countSpec, in: 0...10_000) else {
            throw UsageError(message: "--count is required (number of members, 0 to 10000)", command: Self.name)
        }
        self.count = count
        try CompositionOptions.checkLimits(parameters, memberCounts: [count], command: Self.name)
    }

    func run(output: CommandOutput) async -> ExitStatus {
        if list {
            output.standardOutput(
                LayoutRegistry.all.map { layout in
                    json
                        ? "{\"layout\":\(JSONString.literal(layout.kind.rawValue)),\"name\":\(JSONString.literal(layout.displayName)),"
                            + "\"maximumMembers\":\(layout.maximumMembers),\"summary\":\(JSONString.literal(layout.summary))}"
                        : "\(layout.kind.rawValue)\t\(layout.maximumMembers)\t\(layout.summary)"
                }.joined(separator: "\n") + "\n")
            return .success
        }
        let description = LayoutDescription(count: count, parameters: parameters)
        if json {
            output.standardOutput(description.jsonText)
            return .success
        }
        let canvas =
            description.isSquare
            ? "" : " (canvas \(formatNumber(description.canvas.width)) × \(formatNumber(description.canvas.height)) pt)"
        var lines = [
            "\(parameters.layout.rawValue): \(description.tiles.count) of \(count) members, size \(formatNumber(parameters.size)) pt\(canvas), margin \(formatNumber(description.margin)) pt"
        ]
        for (index, tile) in description.tiles.enumerated() {
            let f = tile.frame
            var line =
                "  \(index + 1). x \(formatNumber(f.minX))  y \(formatNumber(f.minY))  w \(formatNumber(f.width))  h \(formatNumber(f.height))"
            if case .notchedCircle(_, _, let notches) = tile.shape, let notch = notches.first {
                line += "  notch \(formatNumber(notch.degrees))°"
            }
            lines.append(line)
        }
        output.standardOutput(lines.joined(separator: "\n") + "\n")
        return .success
    }
}
