import ArgumentParsing
import FileSystem
import Foundation

// Before anything is opened: a closed standard descriptor must not be taken over by an output file.
FileIO.reserveStandardDescriptors()
// A reader that goes away (`chat-tui export ... 2>&1 | head -1`) makes writes fail with EPIPE, which
// `StandardStream` reports, instead of killing a batch midway with SIGPIPE.
signal(SIGPIPE, SIG_IGN)
let status = await CommandLineTool.chatTUI.run(Array(CommandLine.arguments.dropFirst()), output: .process)
exit(status.rawValue)
