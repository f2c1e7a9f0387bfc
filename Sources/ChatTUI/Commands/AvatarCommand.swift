import ArgumentParsing
import FileSystem
import Fixtures
import GroupExport
import GroupIcon
import Support
import TerminalUI

/// `chat-tui avatar`: writes one member's avatar in a member style to a PNG, JPEG or WebP file.
struct AvatarCommand: ToolCommand {
    static let name = "avatar"
    static let summary = "write one member's styled avatar to a PNG, JPEG or WebP file"
    static let usage = [
        "chat-tui avatar [--fixtures PATH] --member ID [--group ID] [--style STYLE] [--size PT] [--scale N] [--placeholder STYLE] [--color-space SPACE] [--preset NAME] --output FILE.png|.jpg|.webp"
    ]
    static let specs =
        [
            SessionOptions.fixtureSpec,
            OptionSpec(name: "--member", valueName: "ID", help: "the member whose avatar to write"),
            OptionSpec(
                name: "--group", valueName: "ID",
                help: "look for the member in this group (default: the first group that has them)"),
            OptionSpec(
                name: "--style", valueName: "STYLE",
                help:
                    "original (the photo untouched), rectangle, rounded:R[:BORDER[:#COLOUR]] or circle (default rectangle)",
                choices: ["original", "rectangle", "circle"]),
            OptionSpec(name: "--size", valueName: "PT", help: "side in points (default 132; not used by original)"),
            OptionSpec(name: "--scale", valueName: "N", help: "pixels per point, 1 to 4 (default 1)"),
            OptionSpec(
                name: "--placeholder", valueName: "STYLE",
                help: "initials or silhouette for a member without a photo (default initials)",
                choices: PlaceholderStyle.allCases.map(\.rawValue)),
            OptionSpec(
                name: "--color-space", valueName: "SPACE",
                help: "srgb or display-p3: the colour space the file is written in, its profile embedded (default srgb)"
            ),
            OptionSpec(
                name: "--output", valueName: "FILE",
                help: "file to write (replaced atomically); its extension picks the format", short: "o"),
            CompositionOptions.presetSpec,
        ] + OutputOptions.encodingSpecs + [SessionOptions.allowPathsSpec] + SessionOptions.cacheSpecs

    var fixturePath: String
    var memberID: String
    var groupID: String?
    var style: MemberStyle
    var placeholder: PlaceholderStyle
    var size: Double
    var scale: Int
    var colorSpace: ColorSpace
    var outputPath: String
    var encoding: OutputEncoding
    var pipeline: SessionOptions.PipelineOptions

    init(arguments: ParsedArguments) throws(UsageError) {
        try arguments.requireNoPositionals()
        fixturePath = SessionOptions.fixturePath(from: arguments)
        guard let member = arguments.string("--member"), let output = arguments.string("--output") else {
            throw UsageError(message: "give --member ID and --output FILE.png", command: Self.name)
        }
        memberID = member
        outputPath = output
        encoding = try OutputOptions.encoding(from: arguments, path: output)
        groupID = arguments.string("--group")
        // Size, scale, style and colour space are read by the same fields as the composition options, with the
        // same limits; `--preset NAME` sets them first, as it does for every command (its other parameters do
        // not apply).
        var parameters = try CompositionOptions.parameters(from: arguments)
        if let text = arguments.string("--style"), let field = ParameterCatalogue.field(named: "member-style") {
            do throws(ParameterError) {
                try field.set(text, in: &parameters)
            } catch {
                throw UsageError(message: "--style: expected \(error.expected), got '\(error.got)'", command: Self.name)
            }
        }
        // `original` writes the photo as it is: the size is not used, so it cannot be too large.
        if parameters.memberStyle != .original { try parameters.checkPixelSize(command: Self.name) }
        if let problem = CompositionLimits.borderProblem(parameters.memberStyle, side: parameters.size) {
            throw UsageError(message: "--style: \(problem)", command: Self.name)
        }
        style = parameters.memberStyle
        placeholder = parameters.placeholder
        size = parameters.size
        scale = parameters.scale
        colorSpace = parameters.colorSpace
        pipeline = try SessionOptions.pipelineOptions(from: arguments)
        pipeline.isBatch = true
    }

    func run(output: CommandOutput) async -> ExitStatus {
        let fixture: Fixture
        do { fixture = try FixtureLoader.load(path: fixturePath) } catch {
            output.standardError("chat-tui: \(Sanitizer.clean("\(error)"))\n")
            return .failure
        }
        guard let member = AvatarExporter.member(memberID, group: groupID, in: fixture) else {
            let place = groupID.map { " in group \"\(Sanitizer.clean($0))\"" } ?? ""
            output.standardError(
                "chat-tui: \(fixturePath): no member with id \"\(Sanitizer.clean(memberID))\"\(place)\n")
            return .failure
        }
        FileIO.removeStaleTemporaryFiles(in: FileIO.parentDirectory(of: outputPath))
        let outcome = await AvatarExporter.export(
            member, style: style, placeholder: placeholder, size: size, scale: scale,
            to: outputPath, encoding: encoding, colorSpace: colorSpace,
            composer: SessionOptions.makeComposer(pipeline).composer,
            inputs: ExportInputs.identities(fixturePath: fixturePath, fixture: fixture))
        for warning in outcome.warnings { output.standardError("warning: \(Sanitizer.clean(warning))\n") }
        if let failure = outcome.failure {
            output.standardError("chat-tui: \(Sanitizer.clean(failure))\n")
            return .failure
        }
        return .success
    }
}
