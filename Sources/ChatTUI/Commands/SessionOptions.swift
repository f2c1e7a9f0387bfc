import ArgumentParsing
import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon

/// Options about where data comes from and where caches go, shared by the interactive app and `export`.
enum SessionOptions {
    static let fixtureSpec = OptionSpec(name: "--fixtures", valueName: "PATH",
                                        help: "chat-list fixture (JSON); default: the bundled sample data")
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

    /// A composer over a pipeline with the real codecs and the given disk cache.
    static func makeComposer(cache: DiskCacheLocation) -> GroupComposer {
        GroupComposer(pipeline: AvatarPipeline(dependencies: .live, configuration: PipelineConfiguration(
            compositeCache: DiskCache(location: cache))))
    }
}

extension CompositionParameters {
    /// Fails when `size × scale` is more than `CompositionLimits.maximumPixelSize`: a composite is a few bytes
    /// per pixel several times over while it is made, so larger sizes are refused rather than risk running out
    /// of memory.
    func checkPixelSize(command: String) throws(UsageError) {
        if size * Double(scale) > Double(CompositionLimits.maximumPixelSize) {
            throw UsageError(message: "--size \(formatNumber(size)) × --scale \(scale) is \(formatNumber(size * Double(scale))) px: at most \(CompositionLimits.maximumPixelSize) px per side",
                             command: command)
        }
    }
}
