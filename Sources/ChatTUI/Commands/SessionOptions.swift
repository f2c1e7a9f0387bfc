import ArgumentParsing
import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import RemoteSources
import Support
import TerminalUI

/// Options about where data comes from and where caches go, shared by the commands.
enum SessionOptions {
    static let allowPathsSpec = OptionSpec(
        name: "--allow-paths", valueName: "DIR",
        help: "read avatar files only inside DIR (repeatable); for fixtures you do not trust")
    static let cacheDirSpec = OptionSpec(
        name: "--cache-dir", valueName: "DIR", help: "disk cache of composites (default $XDG_CACHE_HOME/chat-tui)")
    static let noCacheSpec = OptionSpec(name: "--no-cache", valueName: nil, help: "do not read or write the disk cache")
    static let memoryLimitSpec = OptionSpec(
        name: "--memory-limit", valueName: "SIZE",
        help: "pixel memory for decodes and composites, e.g. 512M or 2G (default: a quarter of RAM)")
    static let verifyContentSpec = OptionSpec(
        name: "--verify-content", valueName: nil,
        help: "hash every member photo into its cache keys (see README: stale composites)")
    static let offlineSpec = OptionSpec(
        name: "--offline", valueName: nil,
        help: "photos from URLs only from the download cache, never from the network")
    static let connectTimeoutSpec = OptionSpec(
        name: "--connect-timeout", valueName: "SECONDS",
        help: "photos from URLs: time to connect to a server (default 10), counted from the request's start")
    static let timeoutSpec = OptionSpec(
        name: "--timeout", valueName: "SECONDS",
        help: "photos from URLs: time for a whole download (default 30), not counting time queued")
    /// The options of the pipeline but `--allow-paths`, in the order help lists them (after it).
    static let cacheSpecs = [
        cacheDirSpec, noCacheSpec, memoryLimitSpec, verifyContentSpec, offlineSpec, connectTimeoutSpec, timeoutSpec,
    ]

    /// The values `--connect-timeout` and `--timeout` accept, in seconds.
    static let timeoutRange: ClosedRange<Double> = 0.1...3600

    /// The bundled `sample-data/groups.json`: next to the package sources this binary was built from, or
    /// under the current directory.
    static var bundledFixturePath: String {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            packageRoot.appendingPathComponent("sample-data/groups.json").path,
            FileIO.currentDirectory + "/sample-data/groups.json",
        ]
        return candidates.first(where: FileIO.exists) ?? candidates[0]
    }

    /// `--cache-dir` and `--no-cache`: where the disk cache is, or that there is none.
    static func cacheLocation(from arguments: ParsedArguments) throws(UsageError) -> DiskCacheLocation {
        if arguments.has(noCacheSpec) {
            if arguments.string(cacheDirSpec) != nil {
                throw UsageError(
                    message: "--no-cache and --cache-dir contradict each other", command: arguments.command)
            }
            return .disabled
        }
        return arguments.string(cacheDirSpec).map(DiskCacheLocation.directory) ?? .standard
    }

    /// The folders `--allow-paths` confines avatar files to, nil when it is not given; a folder that does not
    /// exist is a usage error.
    static func allowedFolders(from arguments: ParsedArguments) throws(UsageError) -> PathConfinement? {
        let folders = arguments.strings(allowPathsSpec)
        guard !folders.isEmpty else { return nil }
        do {
            return try PathConfinement(allowing: folders)
        } catch {
            throw UsageError(
                message: "--allow-paths: \(Sanitizer.clean(error.description))", command: arguments.command)
        }
    }

    /// How the pipeline runs: its disk cache, memory limit and identity checks (`--allow-paths` and
    /// `cacheSpecs`).
    struct PipelineOptions: OptionGroup, Equatable {
        var cache: DiskCacheLocation = .standard
        /// Bytes; nil for the default (`PipelineConfiguration.defaultMemoryLimit`).
        var memoryLimit: Int?
        var verifyContent = false
        var offline = false
        /// The folders avatar files must lie in (`--allow-paths`), nil for anywhere.
        var allowedFolders: PathConfinement?
        /// A one-off run (`export`) rather than a session: downloads stay fresh for the run.
        var isBatch = false
        /// How photos from URLs are downloaded: connection limits and timeouts.
        var fetcher = HTTPFetcherConfiguration()
    }

    /// The value of `option` as seconds in `timeoutRange`, nil when absent.
    fileprivate static func seconds(from arguments: ParsedArguments, _ option: OptionSpec) throws(UsageError) -> Double?
    {
        let name = option.name
        guard let text = arguments.string(option) else { return nil }
        guard let seconds = Double(text), timeoutRange.contains(seconds) else {
            throw UsageError(
                message:
                    "\(name): expected seconds from \(formatNumber(timeoutRange.lowerBound)) to \(formatNumber(timeoutRange.upperBound)), like 5 or 2.5, got '\(text)'",
                command: arguments.command)
        }
        return seconds
    }

    /// A byte count written as digits with an optional K, M, G or T suffix (powers of 1024, any case, an
    /// optional trailing B or iB); nil for anything else or a count that overflows.
    static func byteCount(_ text: String) -> Int? {
        var digits = Substring(text.uppercased())
        for suffix in ["IB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits = digits.dropLast(suffix.count)
            break
        }
        let units: [Character: Int] = ["K": 10, "M": 20, "G": 30, "T": 40]
        var shift = 0
        if let last = digits.last, let unit = units[last] {
            shift = unit
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0,
            value <= Int.max >> shift
        else { return nil }
        return value << shift
    }

    /// A composer over a pipeline with the real codecs and the given options, and the downloads behind it.
    static func makeComposer(_ options: PipelineOptions) -> (composer: GroupComposer, remote: RemotePhotos) {
        let remote = RemotePhotos(
            offline: options.offline, cache: options.cache, isBatch: options.isBatch,
            fetcher: options.fetcher)
        var dependencies = PipelineDependencies.live
        dependencies.remotePhotos = remote.source
        var configuration = PipelineConfiguration(
            compositeCache: DiskCache(location: options.cache),
            memoryLimit: options.memoryLimit ?? PipelineConfiguration.defaultMemoryLimit,
            verifyContent: options.verifyContent)
        configuration.allowedFolders = options.allowedFolders
        let composer = GroupComposer(pipeline: AvatarPipeline(dependencies: dependencies, configuration: configuration))
        return (composer, remote)
    }
}

extension CompositionParameters {
    /// Fails when `size × scale` is more than `CompositionLimits.maximumPixelSize`: a composite is a few bytes
    /// per pixel several times over while it is made, so larger sizes are refused rather than risk running out
    /// of memory.
    func checkPixelSize(command: String) throws(UsageError) {
        if size * Double(scale) > Double(CompositionLimits.maximumPixelSize) {
            throw UsageError(
                message:
                    "--size \(formatNumber(size)) × --scale \(scale) is \(formatNumber(size * Double(scale))) px: at most \(CompositionLimits.maximumPixelSize) px per side",
                command: command)
        }
    }
}

extension SessionOptions.PipelineOptions {
    static let options = [SessionOptions.allowPathsSpec] + SessionOptions.cacheSpecs

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        self.init(
            cache: try SessionOptions.cacheLocation(from: arguments),
            verifyContent: arguments.has(SessionOptions.verifyContentSpec),
            offline: arguments.has(SessionOptions.offlineSpec),
            allowedFolders: try SessionOptions.allowedFolders(from: arguments))
        if let text = arguments.string(SessionOptions.memoryLimitSpec) {
            guard let bytes = SessionOptions.byteCount(text), bytes >= 16 << 20 else {
                throw UsageError(
                    message:
                        "--memory-limit: expected a size of at least 16M like 512M, 2G or 1048576000, got '\(text)'",
                    command: arguments.command)
            }
            memoryLimit = bytes
        }
        if let seconds = try SessionOptions.seconds(from: arguments, SessionOptions.connectTimeoutSpec) {
            fetcher.connectTimeout = seconds
        }
        if let seconds = try SessionOptions.seconds(from: arguments, SessionOptions.timeoutSpec) {
            fetcher.totalTimeout = seconds
        }
    }
}
