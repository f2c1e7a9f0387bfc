import ArgumentParsing
import GroupExport
import GroupIcon
import RemoteSources
import TerminalUI

extension CommandLineTool {
    /// The `chat-tui` command line: its commands, and `--version` followed by each C library it runs with, in
    /// the order of the layers that link them, then each member photo format with the library that reads it.
    static let chatTUI = CommandLineTool(
        program: "chat-tui", version: ProductVersion.text,
        commands: [
            InteractiveCommand.self, ExportCommand.self, AvatarCommand.self, ShowCommand.self, LayoutCommand.self,
            CacheCommand.self, ServeCommand.self, SignCommand.self,
        ],
        versionDetails: {
            let libraries =
                LinkedLibrary.codecs + LinkedLibrary.text + LinkedLibrary.downloads
                + LinkedLibrary.graphics + LinkedLibrary.terminal
            let formats = ImageDecoder.supportedFormats.compactMap { entry in
                entry.format.name.map { "  \($0): \(entry.library.line)" }
            }
            return libraries.map(\.line) + ["member photo formats read:"] + formats
        })
}
