import ArgumentParsing
import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import TerminalUI

/// Options about where data comes from and where caches go, shared by the interactive app and `export`.
enum SessionOptions {
    static let fixtureSpec = OptionSpec(name: "--fixtures", valueName: "PATH",
                                        help: "chat-list fixture (JSON); default: the bundled sample data")
    static let allowPathsSpec = OptionSpec(
        name: "--allow-paths", valueName: "DIR",
        help: "read avatar files only inside DIR (repeatable); for fixtures you do not trust")
    static let cacheSpecs = [
        OptionSpec(name: "--cache-dir", valueName: "DIR", help: "disk cache of composites (default $XDG_CACHE_HOME/chat-tui)"),
        OptionSpec(name: "--no-cache", valueName: nil, help: "do not read or write the disk cache"),
    ]

    /// The bundled `sample-data/groups.json`: next to the package sources this binary was built from, or
    /// under the current directory.
    static var bundledFixturePath: String {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [packageRoot.appendingPathComponent("sample-data/groups.json").path,
                          FileIO.currentDirectory + "/sample-data/groups.json"]
        return candidates.first(where: FileIO.exists) ?? candidates[0]
    }

    static func fixturePath(from arguments: ParsedArguments) -> String {
        arguments.string("--fixtures") ?? bundledFixturePath
    }

    static func cacheLocation(from arguments: ParsedArguments) throws(UsageError) -> DiskCacheLocation {
        if arguments.has("--no-cache") {
            if arguments.string("--cache-dir") != nil {
                throw UsageError(message: "--no-cache and --cache-dir contradict each other", command: arguments.command)
            }
            return .disabled
        }
        return arguments.string("--cache-dir").map(DiskCacheLocation.directory) ?? .standard
    }

    /// The folders `--allow-paths` confines avatar files to, nil when it is not given; a folder that does not
    /// exist is a usage error.
    static func allowedFolders(from arguments: ParsedArguments) throws(UsageError) -> PathConfinement? {
        let folders = arguments.strings("--allow-paths")
        guard !folders.isEmpty else { return nil }
        do {
            return try PathConfinement(allowing: folders)
        } catch {
            throw UsageError(message: "--allow-paths: \(Sanitizer.clean(error.description))", command: arguments.command)
        }
    }

    /// A composer over a pipeline with the real codecs, the given disk cache and avatar confinement.
    static func makeComposer(cache: DiskCacheLocation, allowedFolders: PathConfinement? = nil) -> GroupComposer {
        var configuration = PipelineConfiguration(compositeCache: DiskCache(location: cache))
        configuration.allowedFolders = allowedFolders
        return GroupComposer(pipeline: AvatarPipeline(dependencies: .live, configuration: configuration))
    }
}

extension CompositionParameters {
    /// The largest canvas the tools draw, in pixels per side: a composite is a few bytes per pixel several
    /// times over while it is made, so larger sizes are refused rather than risk running out of memory.
    static let maximumPixelSize = 4096

    /// Fails when `size × scale` is more than `maximumPixelSize`.
    func checkPixelSize(command: String) throws(UsageError) {
        if size * Double(scale) > Double(Self.maximumPixelSize) {
            throw UsageError(message: "--size \(formatNumber(size)) × --scale \(scale) is \(formatNumber(size * Double(scale))) px: at most \(Self.maximumPixelSize) px per side",
                             command: command)
        }
    }
}
