import ArgumentParsing
import FileSystem
import Foundation
import GroupExport

// The allocator as chat-tui sets it up, so that what is measured is what the program does.
SystemMemory.keepFreedMemoryForReuse()

let tool = CommandLineTool(program: "chat-tui-bench", version: ProductVersion.text, commands: [BenchCommand.self])
let status = await tool.run(Array(CommandLine.arguments.dropFirst()), output: .process)
exit(status.rawValue)
