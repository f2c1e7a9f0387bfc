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
    case fixed(GraphicsProtocol)

    /// Parses an argument; nil for anything else, so the caller can report a usage error.
    package init?(argument: String) {
        let name = argument.lowercased()
        if name == "auto" { self = .auto; return }
        guard let chosen = GraphicsProtocol(rawValue: name) else { return nil }
        self = .fixed(chosen)
    }
}

/// What the terminal answered to `GraphicsDetection.query` before the timeout; nil where nothing came.
package struct TerminalReplies: Hashable, Sendable {
    /// Whether the kitty graphics query was answered `OK`.
    package var kittyGraphics: Bool?
    /// The parameters of the primary device attributes (DA1) reply: 4 among them means sixel.
    package var deviceAttributes: [Int]?
    /// The number of sixel colour registers from a successful XTSMGRAPHICS reply.
    package var sixelColorRegisters: Int?
    /// The cell size from `CSI 16 t`.
    package var cellPixelSize: CellPixelSize?

    package init(
        kittyGraphics: Bool? = nil, deviceAttributes: [Int]? = nil, sixelColorRegisters: Int? = nil,
        cellPixelSize: CellPixelSize? = nil
    ) {
        self.kittyGraphics = kittyGraphics; self.deviceAttributes = deviceAttributes
        self.sixelColorRegisters = sixelColorRegisters; self.cellPixelSize = cellPixelSize
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
            sixelColorRegisters = value
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

    /// The first bytes to send: the kitty graphics query, the cell size in pixels (`CSI 16 t`), and DA1 last.
    /// Every terminal understands these or is documented to ignore them (an APC string it does not know).
    package static let query = KittyGraphics.query + "\u{1B}[16t" + "\u{1B}[c"

    /// XTSMGRAPHICS for the number of sixel colour registers, then DA1 again to know the answer is in. Only
    /// sent once the first answers show sixel (see `asksSixelColors`): kitty, for one, logs it as a parse error.
    package static let sixelColorsQuery = "\u{1B}[?1;1;0S" + "\u{1B}[c"

    /// Whether to follow `query` with `sixelColorsQuery`: the terminal reports sixel in DA1 (or sixel is
    /// forced) and did not answer the kitty query, so it is a sixel terminal that knows XTSMGRAPHICS.
    package static func asksSixelColors(after replies: TerminalReplies, option: GraphicsOption) -> Bool {
        guard replies.kittyGraphics != true else { return false }
        return replies.deviceAttributes?.contains(4) == true || option == .fixed(.sixel)
    }

    /// The protocol to draw with (see `choose`).
    package static func decide(
        environment: [String: String], replies: TerminalReplies,
        option: GraphicsOption = .auto
    ) -> GraphicsProtocol {
        choose(environment: environment, replies: replies, option: option).graphicsProtocol
    }

    /// The protocol to draw with and why, in words for the status line and the help.
    ///
    /// A forced option wins. Inside tmux or screen (`TMUX`, `STY`, or a `screen`/`tmux` TERM) pictures are
    /// half blocks: the multiplexer would need passthrough and loses images on redraw. Then known terminals by
    /// `TERM_PROGRAM` / `TERM`: iTerm.app and WezTerm get iTerm2 images (WezTerm's kitty support is partial),
    /// kitty and Ghostty the kitty protocol. Then the answers: a kitty `OK`, then sixel when DA1 lists 4 or
    /// XTSMGRAPHICS succeeded (foot, mlterm, xterm -ti vt340, ...). Anything else gets half blocks.
    package static func choose(
        environment: [String: String], replies: TerminalReplies,
        option: GraphicsOption = .auto
    ) -> (graphicsProtocol: GraphicsProtocol, reason: String) {
        if case .fixed(let chosen) = option { return (chosen, "--graphics \(chosen.rawValue)") }
        let term = environment["TERM"]?.lowercased() ?? ""
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
        if isMultiplexed(environment) {
            return (.halfblock, "inside tmux or screen; --graphics forces one")
        }
        if program == "iterm.app" || program == "wezterm" {
            return (.iterm, "TERM_PROGRAM is \(environment["TERM_PROGRAM"] ?? "")")
        }
        if term == "xterm-kitty" || term == "xterm-ghostty" || program == "ghostty" || program == "kitty" {
            return (.kitty, program.isEmpty ? "TERM is \(term)" : "TERM_PROGRAM is \(program)")
        }
        if replies.kittyGraphics == true { return (.kitty, "the terminal answered the kitty query") }
        if replies.deviceAttributes?.contains(4) == true {
            return (.sixel, "the terminal reports sixel in DA1")
        }
        if let registers = replies.sixelColorRegisters {
            return (.sixel, "the terminal reports \(registers) sixel colours")
        }
        return (
            .halfblock,
            replies.isComplete
                ? "the terminal reports no graphics"
                : "the terminal did not answer within \(timeoutMilliseconds) ms"
        )
    }

    /// Whether the terminal is reached through tmux or screen.
    package static func isMultiplexed(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"]?.lowercased() ?? ""
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
        return !(environment["TMUX"] ?? "").isEmpty || !(environment["STY"] ?? "").isEmpty
            || term.hasPrefix("screen") || term.hasPrefix("tmux") || program == "tmux"
    }

    /// Whether to send `query` at all: not for half blocks by choice, nor (automatic) through a multiplexer,
    /// which answers for itself and would only delay the start.
    package static func needsQuery(environment: [String: String], option: GraphicsOption) -> Bool {
        switch option {
        case .fixed(let chosen): chosen != .halfblock
        case .auto: !isMultiplexed(environment)
        }
    }

    /// The whole set-up: the protocol and why, the cell size in pixels (the `CSI 16 t` answer, else the window's
    /// pixel size over its cells, else a guess) and the sixel palette size.
    ///
    /// A sixel picture is drawn at one image pixel per screen pixel wherever the cell size says, so with a
    /// guessed cell size it could spill over the rest of the screen: automatic detection then draws half blocks
    /// (kitty and iTerm2 pictures are scaled into their cells by the terminal, so a guess only costs sharpness).
    package static func setup(
        environment: [String: String], replies: TerminalReplies, option: GraphicsOption,
        windowPixels: (width: Int, height: Int)?, columns: Int, rows: Int
    ) -> GraphicsSetup {
        var (chosen, reason) = choose(environment: environment, replies: replies, option: option)
        let reported = CellPixelSize.reported(
            reply: replies.cellPixelSize, windowPixels: windowPixels,
            columns: columns, rows: rows)
        if chosen == .sixel && option == .auto && reported == nil {
            chosen = .halfblock
            reason = "sixel needs the cell size, which the terminal does not report"
        }
        let colors = min(
            max(replies.sixelColorRegisters ?? SixelEncoder.maximumColors, 2),
            SixelEncoder.maximumColors)
        return GraphicsSetup(
            graphicsProtocol: chosen, reason: reason, cellPixelSize: reported ?? .fallback,
            cellSizeIsKnown: reported != nil,
            sixelColors: colors,
            warning: denial(environment: environment, replies: replies, option: option))
    }

    /// A warning when a forced protocol is one the terminal's complete answers deny (`--graphics sixel` in
    /// kitty draws screens of sixel text); nil when they agree, did not all come, or cannot tell. Through tmux
    /// or screen the answers are the multiplexer's, not the terminal's, so they say nothing; nor do they about
    /// iTerm2 images.
    package static func denial(
        environment: [String: String], replies: TerminalReplies,
        option: GraphicsOption
    ) -> String? {
        guard case .fixed(let chosen) = option, replies.isComplete, !isMultiplexed(environment) else { return nil }
        let detected = choose(environment: environment, replies: replies).graphicsProtocol
        switch chosen {
        case .kitty where detected != .kitty:
            return "--graphics kitty, but the terminal did not answer the kitty graphics query:"
                + " pictures may not show (try --graphics auto)"
        case .sixel where detected != .sixel:
            return "--graphics sixel, but the terminal does not report sixel:"
                + " pictures may show as text (try --graphics auto)"
        default:
            return nil
        }
    }
}
