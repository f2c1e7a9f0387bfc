import ArgumentParsing
import FileSystem
import GroupExport
import GroupIcon
import RenderService
import Support

/// `chat-tui sign`: prints the signed path of a composite for `chat-tui serve`, the way imgproxy signs its URLs.
struct SignCommand: ToolCommand {
    static let name = "sign"
    static let summary = "print a signed composite URL path for chat-tui serve"
    static let usage = [
        "chat-tui sign --key-file FILE --member PHOTO [--member PHOTO…] [--name NAME…] [--format png|jpeg|webp] [composition options]",
        "chat-tui sign --unsigned --member PHOTO…   the /insecure/… form a loopback service serves without a key",
        "PHOTO is a path inside the service's --photo-dir or an http(s) URL on one of its --allow-host hosts",
    ]
    static let keyFileSpec = OptionSpec(
        name: "--key-file", valueName: "FILE", help: "the service's key file; its first key signs")
    static let unsignedSpec = OptionSpec(
        name: "--unsigned", valueName: nil, help: "print the unsigned /insecure/… form instead")
    static let memberSpec = OptionSpec(
        name: "--member", valueName: "PHOTO", help: "a member's photo, in order (repeatable)")
    static let nameSpec = OptionSpec(
        name: "--name", valueName: "NAME", help: "a member's name, for its placeholder, in order (repeatable)")
    static let formatSpec = OptionSpec(
        name: "--format", valueName: "FMT", help: "png (default), jpeg or webp",
        choices: OutputFormat.allCases.map(\.rawValue))
    static let qualitySpec = OptionSpec(name: "--quality", valueName: "N", help: "JPEG or WebP quality, 1 to 100")
    static let specs =
        [
            keyFileSpec,
            unsignedSpec,
            memberSpec,
            nameSpec,
            formatSpec,
            qualitySpec,
        ] + CompositionOptions.specs

    static let notes = [
        "The path is printed on the last line of standard output, starting with /: append it to the service's address. Parameters equal to the library's defaults are left out, so the same composite always gets the same URL."
    ]

    var description: CompositeDescription
    var keyFile: String?

    init(arguments: ParsedArguments) throws(UsageError) {
        try arguments.requireNoPositionals()
        let photos = arguments.strings(Self.memberSpec)
        guard !photos.isEmpty else { throw UsageError(message: "give at least one --member PHOTO", command: Self.name) }
        let names = arguments.strings(Self.nameSpec)
        guard names.count <= photos.count else {
            throw UsageError(message: "\(names.count) --name for \(photos.count) --member", command: Self.name)
        }
        switch (arguments.string(Self.keyFileSpec), arguments.has(Self.unsignedSpec)) {
        case (let file?, false): keyFile = file
        case (nil, true): keyFile = nil
        default: throw UsageError(message: "give either --key-file FILE or --unsigned", command: Self.name)
        }
        let formatText = arguments.string(Self.formatSpec) ?? "png"
        guard let format = OutputFormat(fileExtension: formatText) else {
            throw UsageError(
                message: "--format: expected png, jpeg or webp, got '\(Sanitizer.clean(formatText))'",
                command: Self.name
            )
        }
        let quality = try arguments.integer(Self.qualitySpec, in: 1...100)
        if quality != nil, format == .png {
            throw UsageError(message: "--quality applies to jpg and webp", command: Self.name)
        }
        let parameters = try CompositionOptions.parameters(from: arguments)
        try CompositionOptions.checkLimits(parameters, memberCounts: [photos.count], command: Self.name)
        description = CompositeDescription(
            photos: photos, names: names, settings: ParameterSharing.settings(of: parameters), format: format,
            quality: quality)
    }

    func run(output: CommandOutput) async -> ExitStatus {
        guard let keyFile else {
            output.standardOutput("/" + Router.unsignedSegment + description.path + "\n")
            return .success
        }
        do throws(ServiceError) {
            let bytes: [UInt8]
            do { bytes = try FileIO.readRegularFile(path: keyFile, maxBytes: 1 << 16) } catch {
                throw .configuration("--key-file \(keyFile): \(error)")
            }
            guard let signer = URLSigner(keys: try URLSigner.keys(fromFile: bytes, path: keyFile)),
                let path = signer.signedPath(description)
            else { throw .configuration("libcrypto could not compute the signature") }
            output.standardOutput(path + "\n")
            return .success
        } catch {
            output.standardError("chat-tui sign: \(Sanitizer.clean(error.message))\n")
            return .failure
        }
    }
}
