import ArgumentParsing
import GroupExport
import GroupIcon
import RemoteSources
import TerminalUI

extension CommandLineTool {
    /// The `chat-tui` command line: its commands, and `--version` followed by each C library it runs with, in
    /// the order of the layers that link them, then each member photo format with the library that reads it; the
    /// environment variables and examples the man page lists.
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
        },
        environment: [
            ManPageItem(
                "XDG_CACHE_HOME",
                "the disk cache of composites and downloads goes in $XDG_CACHE_HOME/chat-tui (else ~/.cache/chat-tui); --cache-dir overrides it"
            ),
            ManPageItem(
                "XDG_CONFIG_HOME",
                "presets are kept in $XDG_CONFIG_HOME/chat-tui/presets.json (else ~/.config/chat-tui)"),
            ManPageItem(
                "XDG_STATE_HOME",
                "the app keeps each fixture's last session in $XDG_STATE_HOME/chat-tui/sessions (else ~/.local/state/chat-tui)"
            ),
            ManPageItem(
                "HOME", "the folder the defaults above fall back to, and what ~ means in the app's export prompt"),
            ManPageItem(
                "TERM, COLORTERM",
                "the terminal and its colours: COLORTERM=truecolor or 24bit asks for 24-bit colour (--color overrides)"),
            ManPageItem("NO_COLOR", "when set and not empty, no colour is used"),
            ManPageItem(
                "TERM_PROGRAM, TMUX, STY",
                "which terminal or multiplexer runs the app, for choosing how pictures are drawn (--graphics overrides)"
            ),
        ],
        examples: [
            ManPageItem("chat-tui --fixtures sample-data/groups.json", "Open the interactive app on a chat list."),
            ManPageItem(
                "chat-tui export --group ride --output ride.png --scale 1,2,3",
                "Write one group's avatar at three scales: ride.png, ride@2x.png and ride@3x.png."),
            ManPageItem(
                "chat-tui export --all --output-dir out --jobs 4", "Write every group's avatar into the folder out."),
            ManPageItem(
                "cat groups.json | chat-tui export --fixtures - --group ride --output - > ride.png",
                "Read the fixture from standard input and write the image to standard output."),
            ManPageItem(
                "chat-tui avatar --member u01 --style circle -o - > u01.png",
                "Write one member's round avatar to standard output."),
            ManPageItem("chat-tui show --group ride --width 20", "Draw a group's avatar in the terminal."),
            ManPageItem("source <(chat-tui completions bash)", "Load the bash completions."),
        ])
}
