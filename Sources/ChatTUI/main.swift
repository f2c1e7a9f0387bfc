import Foundation

let commands: [any ToolCommand.Type] = [LayoutCommand.self]
let status = await CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), commands: commands, output: .process)
exit(status.rawValue)
