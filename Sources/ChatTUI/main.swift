import ArgumentParsing
import Foundation
import GroupExport

let tool = CommandLineTool(program: "chat-tui", version: ProductVersion.text, commands: [
    InteractiveCommand.self, ExportCommand.self, AvatarCommand.self, LayoutCommand.self, CacheCommand.self,
])
let status = await tool.run(Array(CommandLine.arguments.dropFirst()), output: .process)
exit(status.rawValue)
