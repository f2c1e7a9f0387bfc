import ArgumentParsing
import FileSystem
import Foundation
import GroupExport

// Before anything is opened: a closed standard descriptor must not be taken over by an output file.
FileIO.reserveStandardDescriptors()
// A reader that goes away (`chat-tui export ... 2>&1 | head -1`) makes writes fail with EPIPE, which
// `StandardStream` reports, instead of killing a batch midway with SIGPIPE.
signal(SIGPIPE, SIG_IGN)
let tool = CommandLineTool(program: "chat-tui", version: ProductVersion.text, commands: [
    InteractiveCommand.self, ExportCommand.self, AvatarCommand.self, LayoutCommand.self, CacheCommand.self,
])
let status = await tool.run(Array(CommandLine.arguments.dropFirst()), output: .process)
exit(status.rawValue)
