import ArgumentParsing
import FileSystem
import GroupExport
import GroupIcon

/// The options of `export` about the files it writes: format, quality, scales, durability, skipping.
struct OutputOptions: OptionGroup {
    static let syncSpec = OptionSpec(
        name: "--sync", valueName: "MODE",
        help: "per-file (fsync each file), end (one sync after the batch, default) or none",
        choices: SyncMode.allCases.map(\.rawValue))
    static let skipExistingSpec = OptionSpec(
        name: "--skip-existing", valueName: nil, help: "leave outputs whose recorded parameters and inputs match alone")
    static let specFileSpec = OptionSpec(
        name: "--spec", valueName: nil,
        help:
            "also write NAME.spec.json beside each group's images: canvas and tile frames in pt and px, parameters, photo sources and hashes, the command that reproduces it"
    )
    static let options = EncodingOptions.options + [syncSpec, skipExistingSpec, specFileSpec]

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

    var encoding: EncodingOptions
    /// `--sync`, `end` when absent.
    var sync: SyncMode
    /// `--skip-existing`.
    var skipExisting: Bool
    /// `--spec`: a spec file beside each image.
    var writesSpec: Bool
    /// `--scale` as a comma-separated list of scales (`1,2,3`): sorted, each once. nil when it is a single
    /// scale (one file, named as given) or absent, which the composition options read.
    var scales: [Int]?

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        scales = try Self.scales(from: arguments)
        if let text = arguments.string(Self.syncSpec) {
            guard let mode = SyncMode(rawValue: text) else {
                throw UsageError(
                    message: "--sync: expected per-file, end or none, got '\(text)'", command: arguments.command)
            }
            sync = mode
        } else {
            sync = .end
        }
        encoding = try EncodingOptions(parsing: arguments)
        skipExisting = arguments.has(Self.skipExistingSpec)
        writesSpec = arguments.has(Self.specFileSpec)
    }

    /// The list `--scale` gives, nil for one scale.
    private static func scales(from arguments: ParsedArguments) throws(UsageError) -> [Int]? {
        guard let option = CompositionOptions.spec(forParameter: "scale"), let text = arguments.string(option),
            text.contains(",")
        else { return nil }
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
    func settings(path: String?, command: String) throws(UsageError) -> ExportSettings {
        ExportSettings(
            encoding: try encoding.encoding(path: path, command: command), scales: scales,
            durability: sync == .perFile ? .synced : .deferred, skipExisting: skipExisting)
    }
}

/// The options about how a file is encoded, shared by `export` and `avatar`.
struct EncodingOptions: OptionGroup {
    static let formatSpec = OptionSpec(
        name: "--format", valueName: "FMT", help: "png, jpeg or webp (default: from the file extension, else png)",
        choices: OutputFormat.allCases.map(\.rawValue))
    static let qualitySpec = OptionSpec(
        name: "--quality", valueName: "N",
        help: "JPEG/WebP quality 1-100 (JPEG default 90; WebP is lossless without it)")
    static let pngCompressionSpec = OptionSpec(
        name: "--png-compression", valueName: "LEVEL",
        help: "fast, default or small: PNG encoding time against file size (same pixels)",
        choices: PNGCompression.allCases.map(\.rawValue))
    static let options = [formatSpec, qualitySpec, pngCompressionSpec]

    /// `--format`, nil when absent.
    var format: OutputFormat?
    /// `--quality`, nil when absent.
    var quality: Int?
    /// `--png-compression`, nil when absent.
    var pngCompression: PNGCompression?

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        if let text = arguments.string(Self.formatSpec) {
            let aliases: [String: OutputFormat] = ["png": .png, "jpeg": .jpeg, "jpg": .jpeg, "webp": .webp]
            guard let format = aliases[text.lowercased()] else {
                throw UsageError(
                    message: "--format: expected png, jpeg or webp, got '\(text)'", command: arguments.command)
            }
            self.format = format
        }
        quality = try arguments.integer(Self.qualitySpec, in: 1...100)
        if let text = arguments.string(Self.pngCompressionSpec) {
            guard let level = PNGCompression(rawValue: text) else {
                throw UsageError(
                    message: "--png-compression: expected fast, default or small, got '\(text)'",
                    command: arguments.command)
            }
            pngCompression = level
        }
    }

    /// Format, quality and PNG compression for a file named like `path` (nil when the format names the file):
    /// the extension picks the format, a contradicting `--format` or an extension no format has is refused, so
    /// a file never holds bytes its name does not announce.
    func encoding(path: String?, command: String) throws(UsageError) -> OutputEncoding {
        let resolved: OutputFormat
        if let path {
            do { resolved = try OutputFormat.resolve(path: path, requested: format) } catch {
                throw UsageError(message: "\(error)", command: command)
            }
        } else {
            resolved = format ?? .png
        }
        if quality != nil, resolved == .png {
            throw UsageError(message: "--quality applies to JPEG and WebP output, not PNG", command: command)
        }
        if pngCompression != nil, resolved != .png {
            throw UsageError(
                message: "--png-compression applies to PNG output, not \(resolved.rawValue)", command: command)
        }
        return OutputEncoding(format: resolved, quality: quality, pngCompression: pngCompression ?? .default)
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
