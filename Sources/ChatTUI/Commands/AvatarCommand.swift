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
        "chat-tui avatar [--fixtures PATH] --member ID [--group ID] [--style STYLE] [--size PT] [--scale N] [--placeholder STYLE] [--color-space SPACE] [--preset NAME] --output FILE.png|.jpg|.webp",
        "chat-tui avatar --fixtures - --member ID --output - [--format FMT] > FILE   (fixture on stdin, image on stdout)",
    ]
    static let memberSpec = OptionSpec(name: "--member", valueName: "ID", help: "the member whose avatar to write")
    static let groupSpec = OptionSpec(
        name: "--group", valueName: "ID",
        help: "look for the member in this group (default: the first group that has them)")
    static let styleSpec = OptionSpec(
        name: "--style", valueName: "STYLE",
        help: "original (the photo untouched), rectangle, rounded:R[:BORDER[:#COLOUR]] or circle (default rectangle)",
        choices: ["original", "rectangle", "circle"])
    /// `--size`, `--scale`, `--placeholder` and `--color-space` with this command's help; they are read by the
    /// composition options' fields, with the same limits.
    static let compositionSpecs = [
        OptionSpec(name: "--size", valueName: "PT", help: "side in points (default 132; not used by original)"),
        OptionSpec(name: "--scale", valueName: "N", help: "pixels per point, 1 to 4 (default 1)"),
        OptionSpec(
            name: "--placeholder", valueName: "STYLE",
            help: "initials or silhouette for a member without a photo (default initials)",
            choices: PlaceholderStyle.allCases.map(\.rawValue)),
        OptionSpec(
            name: "--color-space", valueName: "SPACE",
            help: "srgb or display-p3: the colour space the file is written in, its profile embedded (default srgb)",
            choices: ColorSpace.allCases.map(\.name)),
    ]
    static let specs =
        [FixtureSource.fixturesSpec, memberSpec, groupSpec, styleSpec] + compositionSpecs
        + [ExportCommand.outputSpec, CompositionOptions.presetSpec] + EncodingOptions.options + [
            FixtureSource.baseDirSpec
        ]
        + SessionOptions.PipelineOptions.options

    var fixture: FixtureSource
    var memberID: String
    var groupID: String?
    var style: MemberStyle
    var placeholder: PlaceholderStyle
    var size: Double
    var scale: Int
    var colorSpace: ColorSpace
    var destination: PathArgument
    var encoding: OutputEncoding
    var pipeline: SessionOptions.PipelineOptions

    init(arguments: ParsedArguments) throws(UsageError) {
        try arguments.requireNoPositionals()
        fixture = try FixtureSource(parsing: arguments)
        guard let member = arguments.string(Self.memberSpec), let output = arguments.path(ExportCommand.outputSpec)
        else {
            throw UsageError(message: "give --member ID and --output FILE.png", command: Self.name)
        }
        memberID = member
        destination = output
        encoding = try EncodingOptions(parsing: arguments).encoding(path: output.path, command: Self.name)
        groupID = arguments.string(Self.groupSpec)
        // Size, scale, style and colour space are read by the same fields as the composition options, with the
        // same limits; `--preset NAME` sets them first, as for every command that composes (its other parameters do
        // not apply).
        var parameters = try CompositionOptions.parameters(from: arguments)
        if let text = arguments.string(Self.styleSpec), let field = ParameterCatalogue.field(named: "member-style") {
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
        pipeline = try SessionOptions.PipelineOptions(parsing: arguments)
        pipeline.isBatch = true
    }

    func run(output: CommandOutput) async -> ExitStatus {
        if destination == .standardOutput, let refusal = output.refusalOfImage(option: ExportCommand.outputSpec.name) {
            return refusal
        }
        let loaded: Fixture
        do { loaded = try fixture.load() } catch {
            output.standardError("chat-tui: \(Sanitizer.clean("\(error)"))\n")
            return .failure
        }
        guard let member = AvatarExporter.member(memberID, group: groupID, in: loaded) else {
            let place = groupID.map { " in group \"\(Sanitizer.clean($0))\"" } ?? ""
            output.standardError(
                "chat-tui: \(Sanitizer.clean(fixture.name)): no member with id \"\(Sanitizer.clean(memberID))\"\(place)\n"
            )
            return .failure
        }
        let composer = SessionOptions.makeComposer(pipeline).composer
        guard let path = destination.path else {
            do {
                let encoded = try await AvatarExporter.encode(
                    member, style: style, placeholder: placeholder, size: size, scale: scale, encoding: encoding,
                    colorSpace: colorSpace, composer: composer)
                for warning in encoded.warnings { output.standardError("warning: \(Sanitizer.clean(warning))\n") }
                output.standardOutputBytes(encoded.bytes)
                return .success
            } catch {
                output.standardError("chat-tui: standard output: \(Sanitizer.clean("\(error)"))\n")
                return .failure
            }
        }
        FileIO.removeStaleTemporaryFiles(in: FileIO.parentDirectory(of: path))
        let outcome = await AvatarExporter.export(
            member, style: style, placeholder: placeholder, size: size, scale: scale,
            to: path, encoding: encoding, colorSpace: colorSpace, composer: composer,
            inputs: ExportInputs.identities(fixturePath: fixture.path, fixture: loaded))
        for warning in outcome.warnings { output.standardError("warning: \(Sanitizer.clean(warning))\n") }
        if let failure = outcome.failure {
            output.standardError("chat-tui: \(Sanitizer.clean(failure))\n")
            return .failure
        }
        return .success
    }
}
