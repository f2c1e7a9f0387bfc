import ArgumentParsing
import FileSystem
import GroupExport
import GroupIcon

/// The options of `export` about the files it writes: format, quality, scales, durability, skipping.
enum OutputOptions {
    static let specs =
        encodingSpecs + [
            OptionSpec(
                name: "--sync", valueName: "MODE",
                help: "per-file (fsync each file), end (one sync after the batch, default) or none",
                choices: SyncMode.allCases.map(\.rawValue)),
            OptionSpec(
                name: "--skip-existing", valueName: nil,
                help: "leave outputs whose recorded parameters and inputs match alone"),
            OptionSpec(
                name: "--spec", valueName: nil,
                help:
                    "also write NAME.spec.json beside each group's images: canvas and tile frames in pt and px, parameters, photo sources and hashes, the command that reproduces it"
            ),
        ]

    /// The options about how a file is encoded, shared by `export` and `avatar`.
    static let encodingSpecs = [
        OptionSpec(
            name: "--format", valueName: "FMT",
            help: "png, jpeg or webp (default: from the file extension, else png)",
            choices: OutputFormat.allCases.map(\.rawValue)),
        OptionSpec(
            name: "--quality", valueName: "N",
            help: "JPEG/WebP quality 1-100 (JPEG default 90; WebP is lossless without it)"),
        OptionSpec(
            name: "--png-compression", valueName: "LEVEL",
            help: "fast, default or small: PNG encoding time against file size (same pixels)",
            choices: PNGCompression.allCases.map(\.rawValue)),
    ]

    /// When written files reach the disk.
    enum SyncMode: String, CaseIterable {
        /// Each file is flushed before the next (slowest; nothing is lost at any point).
        case perFile = "per-file"
        /// One `syncfs` after the batch: files still appear atomically, but a power loss during the batch may
        /// leave empty or old files for the groups written so far.
        case end
        /// No flush: the system writes the files back in its own time.
        case none
    }

    /// The requested `--format`, nil when absent.
    static func format(from arguments: ParsedArguments) throws(UsageError) -> OutputFormat? {
        guard let text = arguments.string("--format") else { return nil }
        let aliases: [String: OutputFormat] = ["png": .png, "jpeg": .jpeg, "jpg": .jpeg, "webp": .webp]
        guard let format = aliases[text.lowercased()] else {
            throw UsageError(message: "--format: expected png, jpeg or webp, got '\(text)'", command: arguments.command)
        }
        return format
    }

    static func sync(from arguments: ParsedArguments) throws(UsageError) -> SyncMode {
        guard let text = arguments.string("--sync") else { return .end }
        guard let mode = SyncMode(rawValue: text) else {
            throw UsageError(
                message: "--sync: expected per-file, end or none, got '\(text)'", command: arguments.command)
        }
        return mode
    }

    /// `--scale` as a comma-separated list of scales (`1,2,3`): sorted, each once. nil when it is a single
    /// scale (one file, named as given) or absent, which the composition options read.
    static func scales(from arguments: ParsedArguments) throws(UsageError) -> [Int]? {
        guard let text = arguments.string("--scale"), text.contains(",") else { return nil }
        let range = CompositionParameters.scaleRange
        var scales = Set<Int>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let scale = Int(part.trimmingCharacters(in: .whitespaces)), range.contains(scale) else {
                throw UsageError(
                    message:
                        "--scale: expected whole numbers from \(range.lowerBound) to \(range.upperBound) separated by commas (1,2,3), got '\(text)'",
                    command: arguments.command)
            }
            scales.insert(scale)
        }
        return scales.sorted()
    }

    /// Format, quality, scales, durability and skipping for files named like `path` (nil for `--all`, whose
    /// extension comes from the format).
    static func settings(from arguments: ParsedArguments, path: String?) throws(UsageError)
        -> (settings: ExportSettings, sync: SyncMode)
    {
        let sync = try sync(from: arguments)
        let settings = ExportSettings(
            encoding: try encoding(from: arguments, path: path),
            scales: try scales(from: arguments),
            durability: sync == .perFile ? .synced : .deferred,
            skipExisting: arguments.has("--skip-existing"))
        return (settings, sync)
    }

    /// Format, quality and PNG compression for a file named like `path` (nil when the format names the file):
    /// the extension picks the format, a contradicting `--format` or an extension no format has is refused, so
    /// a file never holds bytes its name does not announce.
    static func encoding(from arguments: ParsedArguments, path: String?) throws(UsageError) -> OutputEncoding {
        let requested = try format(from: arguments)
        let format: OutputFormat
        if let path {
            do { format = try OutputFormat.resolve(path: path, requested: requested) } catch {
                throw UsageError(message: "\(error)", command: arguments.command)
            }
        } else {
            format = requested ?? .png
        }
        let quality = try arguments.integer("--quality", in: 1...100)
        if quality != nil, format == .png {
            throw UsageError(message: "--quality applies to JPEG and WebP output, not PNG", command: arguments.command)
        }
        var compression = PNGCompression.default
        if let text = arguments.string("--png-compression") {
            guard let level = PNGCompression(rawValue: text) else {
                throw UsageError(
                    message: "--png-compression: expected fast, default or small, got '\(text)'",
                    command: arguments.command)
            }
            guard format == .png else {
                throw UsageError(
                    message: "--png-compression applies to PNG output, not \(format.rawValue)",
                    command: arguments.command)
            }
            compression = level
        }
        return OutputEncoding(format: format, quality: quality, pngCompression: compression)
    }
}

extension CommandOutput {
    /// For an image bound for standard output (`--output -`, `--sheet -`, `avatar -o -`): the failure, said on
    /// standard error, when standard output is a terminal, which an image would only garble; nil when the
    /// bytes may go.
    func refusalOfImage(option: String) -> ExitStatus? {
        guard outputIsTerminal else { return nil }
        standardError("chat-tui: \(option) -: standard output is a terminal; redirect it to a file or a pipe\n")
        return .failure
    }
}
