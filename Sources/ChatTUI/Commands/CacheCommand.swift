import Foundation
import GroupIcon

/// `chat-tui cache stats|clear`: looks after the disk cache of composites.
struct CacheCommand: ToolCommand {
    static let name = "cache"
    static let summary = "show or clear the disk cache of composites"
    static let usage = ["chat-tui cache stats [--cache-dir DIR]", "chat-tui cache clear [--cache-dir DIR]"]
    static let specs = [SessionOptions.cacheSpecs[0]]

    enum Action: String, Sendable { case stats, clear }

    var action: Action
    var location: DiskCacheLocation

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1, let action = Action(rawValue: arguments.positionals[0]) else {
            throw UsageError(message: "expected 'stats' or 'clear'", command: Self.name)
        }
        self.action = action
        location = arguments.string("--cache-dir").map(DiskCacheLocation.directory) ?? .standard
    }

    func run(output: CommandOutput) async -> ExitStatus {
        // The pipeline's own cache object, so limits and file format are the ones export and the app use.
        guard let cache = SessionOptions.makePipeline(cache: location).diskCache else { return .failure }
        let directory = cache.directory
        switch action {
        case .stats:
            let stats = cache.stats()
            let megabytes = String(format: "%.1f", Double(stats.bytes) / 1_048_576)
            let limit = cache.sizeLimit / 1_048_576
            var text = "\(directory)\n  \(stats.entries) composite\(stats.entries == 1 ? "" : "s"), \(megabytes) MB of \(limit) MB"
            if let oldest = stats.oldest {
                let days = Int(Date().timeIntervalSince(oldest) / 86_400)
                text += ", least recently used \(days) day\(days == 1 ? "" : "s") ago (entries unused for \(Int(cache.ageLimit / 86_400)) days are swept)"
            }
            output.standardOutput(text + "\n")
            return .success
        case .clear:
            do {
                let removed = try cache.clear()
                output.standardOutput("removed \(removed) cached composite\(removed == 1 ? "" : "s") from \(directory)\n")
                return .success
            } catch {
                output.standardError("chat-tui: \(error)\n")
                return .failure
            }
        }
    }
}
