/// How pictures reach the screen.
package enum GraphicsProtocol: String, CaseIterable, Hashable, Sendable {
    /// The kitty graphics protocol (kitty, Ghostty, Konsole, WezTerm).
    case kitty
    /// DEC sixel graphics (foot, mlterm, xterm -ti vt340, Windows Terminal, VS Code with images on).
    case sixel
    /// iTerm2's inline images (iTerm2, WezTerm).
    case iterm
    /// Half-block characters in colour: works everywhere, one cell is 1 x 2 pixels.
    case halfblock
}

/// The value of `--graphics auto|kitty|sixel|iterm|halfblock`.
package enum GraphicsOption: Hashable, Sendable {
    /// Detect what the terminal supports.
    case auto
    /// Use this protocol whatever the terminal says (also through tmux).
    case forced(GraphicsProtocol)

    /// Parses an argument; nil for anything else, so the caller can report a usage error.
    package init?(argument: String) {
        let name = argument.lowercased()
        if name == "auto" { self = .auto; return }
        guard let chosen = GraphicsProtocol(rawValue: name) else { return nil }
        self = .forced(chosen)
    }
}

/// What the terminal answered to `GraphicsDetection.query` before the timeout; nil where nothing came.
package struct TerminalReplies: Hashable, Sendable {
    /// Whether the kitty graphics query was answered `OK`.
    package var kittyGraphics: Bool?
    /// The parameters of the primary device attributes (DA1) reply: 4 among them means sixel.
    package var deviceAttributes: [Int]?
    /// The number of sixel colour registers from a successful XTSMGRAPHICS reply.
    package var sixelColourRegisters: Int?
    /// The cell size from `CSI 16 t`.
    package var cellPixelSize: CellPixelSize?

    package init(kittyGraphics: Bool? = nil, deviceAttributes: [Int]? = nil, sixelColourRegisters: Int? = nil,
         cellPixelSize: CellPixelSize? = nil) {
        self.kittyGraphics = kittyGraphics; self.deviceAttributes = deviceAttributes
        self.sixelColourRegisters = sixelColourRegisters; self.cellPixelSize = cellPixelSize
    }

    /// Whether the wait can end: the DA1 reply, asked last and answered by every terminal, has come, so every
    /// other answer the terminal will give has come before it.
    package var isComplete: Bool { deviceAttributes != nil }

    /// Records the replies among `events` and returns the key input among them, in order, for the app to
    /// handle as if it had read it directly.
    package mutating func record(_ events: [TerminalReplyParser.Event]) -> [UInt8] {
        var input: [UInt8] = []
        for event in events {
            switch event {
            case .input(let bytes): input += bytes
            case .reply(let reply): record(reply)
            }
        }
        return input
    }

    /// Records one parsed reply.
    package mutating func record(_ reply: TerminalReply) {
        switch reply {
        case .kittyGraphics(let id, let ok) where id == KittyGraphics.queryID: kittyGraphics = ok
        case .kittyGraphics: break
        case .deviceAttributes(let attributes): deviceAttributes = attributes
        case .graphicsAttributes(let item, let status, let value) where item == 1 && status == 0:
            sixelColourRegisters = value
        case .graphicsAttributes: break
        case .cellPixelSize(let size): cellPixelSize = size
        }
    }
}

/// Chooses the graphics protocol from the environment and the terminal's answers.
package enum GraphicsDetection {
    /// How long to wait for the answers. Every terminal answers DA1, and answers in order, so the DA1 reply
    /// (asked last) normally ends the wait long before this.
    package static let timeoutMilliseconds = 200

    /// The bytes to send: the kitty graphics query, XTSMGRAPHICS for the number of sixel colour registers,
    /// the cell size in pixels (`CSI 16 t`), and DA1 last.
    package static let query = KittyGraphics.query + "\u{1B}[?1;1;0S" + "\u{1B}[16t" + "\u{1B}[c"

    /// The protocol to draw with.
    ///
    /// A forced option wins. Inside tmux or screen (`TMUX`, `STY`, or a `screen`/`tmux` TERM) pictures are
    /// half blocks: the multiplexer would need passthrough and loses images on redraw. Then known terminals by
    /// `TERM_PROGRAM` / `TERM`: iTerm.app and WezTerm get iTerm2 images (WezTerm's kitty support is partial),
    /// kitty and Ghostty the kitty protocol. Then the answers: a kitty `OK`, then sixel when DA1 lists 4 or
    /// XTSMGRAPHICS succeeded (foot, mlterm, xterm -ti vt340, ...). Anything else gets half blocks.
    package static func decide(environment: [String: String], replies: TerminalReplies,
                       option: GraphicsOption = .auto) -> GraphicsProtocol {
        if case .forced(let chosen) = option { return chosen }
        let term = environment["TERM"]?.lowercased() ?? ""
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
        let multiplexed = !(environment["TMUX"] ?? "").isEmpty || !(environment["STY"] ?? "").isEmpty
            || term.hasPrefix("screen") || term.hasPrefix("tmux") || program == "tmux"
        if multiplexed { return .halfblock }
        if program == "iterm.app" || program == "wezterm" { return .iterm }
        if term == "xterm-kitty" || term == "xterm-ghostty" || program == "ghostty" || program == "kitty" {
            return .kitty
        }
        if replies.kittyGraphics == true { return .kitty }
        if replies.deviceAttributes?.contains(4) == true || replies.sixelColourRegisters != nil {
            return .sixel
        }
        return .halfblock
    }
}
