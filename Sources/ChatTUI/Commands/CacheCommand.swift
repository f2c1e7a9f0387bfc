import ArgumentParsing
import FileSystem
import Foundation
import GroupIcon
import Support
import TerminalUI

/// `chat-tui cache stats|clear`: looks after the disk cache of composites.
struct CacheCommand: ToolCommand {
    static let name = "cache"
    static let summary = "show or clear the disk cache of composites"
    static let usage = ["chat-tui cache stats [--cache-dir DIR] [--json]", "chat-tui cache clear [--cache-dir DIR]"]
    static let jsonSpec = OptionSpec(
        name: "--json", valueName: nil,
        help: "stats as JSON: location, entries, bytes, sizeLimit, ageLimitDays, oldestDays")
    static let specs = [SessionOptions.cacheDirSpec, jsonSpec]

    enum Action: String, CaseIterable, Sendable { case stats, clear }
    static let operands = Operands.words(Action.allCases.map(\.rawValue))

    var action: Action
    var location: DiskCacheLocation
    var json: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1, let action = Action(rawValue: arguments.positionals[0]) else {
            throw UsageError(message: "expected 'stats' or 'clear'", command: Self.name)
        }
        self.action = action
        location = arguments.string(SessionOptions.cacheDirSpec).map(DiskCacheLocation.directory) ?? .standard
        json = arguments.has(Self.jsonSpec)
    }

    func run(output: CommandOutput) async -> ExitStatus {
        // The same cache the pipeline of `export` and the app uses, through the `CompositeCaching` seam.
        guard let cache: any CompositeCaching = DiskCache(location: location) else { return .failure }
        // A missing folder is an empty cache; anything else that is no folder is a mistake to report.
        if FileIO.exists(cache.location) && !FileIO.isDirectory(cache.location) {
            output.standardError(
                "chat-tui: \(Sanitizer.clean(cache.location)): exists but is not a folder (--cache-dir names the cache folder)\n"
            )
            return .failure
        }
        switch action {
        case .stats:
            let stats = cache.statistics()
            if json {
                let oldest = stats.oldest.map { "\(Int(Date().timeIntervalSince($0) / 86_400))" } ?? "null"
                output.standardOutput(
                    "{\"location\":\(JSONString.literal(cache.location)),\"entries\":\(stats.entries),"
                        + "\"bytes\":\(stats.bytes),\"sizeLimit\":\(stats.sizeLimit.map { "\($0)" } ?? "null"),"
                        + "\"ageLimitDays\":\(stats.ageLimit.map { "\(Int($0 / 86_400))" } ?? "null"),\"oldestDays\":\(oldest)}\n"
                )
                return .success
            }
            let megabytes = String(format: "%.1f", Double(stats.bytes) / 1_048_576)
            var text =
                "\(cache.location)\n  \(stats.entries) composite\(stats.entries == 1 ? "" : "s"), \(megabytes) MB"
            if let limit = stats.sizeLimit { text += " of \(limit / 1_048_576) MB" }
            if let oldest = stats.oldest {
                let days = Int(Date().timeIntervalSince(oldest) / 86_400)
                text += ", least recently used \(days) day\(days == 1 ? "" : "s") ago"
                if let ageLimit = stats.ageLimit {
                    text += " (entries unused for \(Int(ageLimit / 86_400)) days are swept)"
                }
            }
            output.standardOutput(text + "\n")
            return .success
        case .clear:
            do {
                let removed = try cache.removeAll()
                output.standardOutput(
                    "removed \(removed) cached composite\(removed == 1 ? "" : "s") from \(cache.location)\n")
                return .success
            } catch {
                output.standardError("chat-tui: \(error)\n")
                return .failure
            }
        }
    }
}
