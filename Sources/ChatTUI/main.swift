import ArgumentParsing
import FileSystem
import Foundation
import GroupIcon

// First of all, while nothing is open or started: a crash's report must never wait for a key.
CrashReport.neverWaitForInput()
// Before anything is opened: a closed standard descriptor must not be taken over by an output file.
FileIO.reserveStandardDescriptors()
SystemMemory.keepFreedMemoryForReuse()
// A reader that goes away (`chat-tui export ... 2>&1 | head -1`) makes writes fail with EPIPE, which
// `StandardStream` reports, instead of killing a batch midway with SIGPIPE.
signal(SIGPIPE, SIG_IGN)
let status = await CommandLineTool.chatTUI.run(Array(CommandLine.arguments.dropFirst()), output: .process)
// Once per run, after the command (and after the interactive app has given the terminal back): labels drawn as
// silhouettes because fontconfig found no font. Printed under --quiet too: it is one line about every
// placeholder of the run, and the fix (installing a font) is the user's.
for warning in Placeholder.takeFontFallbackWarnings() { CommandOutput.process.standardError("warning: \(warning)\n") }
exit(status.rawValue)
