import Foundation

let commands: [any ToolCommand.Type] = [InteractiveCommand.self, ExportCommand.self, LayoutCommand.self, CacheCommand.self, BenchCommand.self]
let status = await CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), commands: commands, output: .process)
exit(status.rawValue)
