import ArgumentParsing
import Foundation
import GroupExport

let tool = CommandLineTool(program: "chat-tui-bench", version: ProductVersion.text, commands: [BenchCommand.self])
let status = await tool.run(Array(CommandLine.arguments.dropFirst()), output: .process)
exit(status.rawValue)
