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
    /// The XTVERSION answer (`kitty(0.26.5)`): only asked through tmux, where it tells whether the terminal
    /// outside shows Unicode placeholders.
    package var terminalVersion: String?

    package init(
        kittyGraphics: Bool? = nil, deviceAttributes: [Int]? = nil, sixelColorRegisters: Int? = nil,
        cellPixelSize: CellPixelSize? = nil, terminalVersion: String? = nil
    ) {
        self.kittyGraphics = kittyGraphics; self.deviceAttributes = deviceAttributes
        self.sixelColorRegisters = sixelColorRegisters; self.cellPixelSize = cellPixelSize
        self.terminalVersion = terminalVersion
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
        case .terminalVersion(let name): terminalVersion = name
        case .statusString, .capabilities, .cursorPosition: break
        }
    }
}

/// Chooses the graphics protocol from the environment and the terminal's answers.
package enum GraphicsDetection {
    /// How long to wait for the answers. Every terminal answers DA1, and answers in order, so the DA1 reply
    /// (asked last) normally ends the wait long before this; the margin is for a terminal slow to answer (a
    /// loaded machine, software rendering), which would otherwise get half blocks and no check of a forced
    /// protocol.
    package static let timeoutMilliseconds = 1_000

    /// The first bytes to send: the kitty graphics query, the cell size in pixels (`CSI 16 t`), and DA1 last.
    /// Every terminal understands these or is documented to ignore them (an APC string it does not know).
    package static let query = KittyGraphics.query + "\u{1B}[16t" + "\u{1B}[c"

    /// XTSMGRAPHICS for the number of sixel colour registers, then DA1 again to know the answer is in. Only
    /// sent once the first answers show sixel (see `asksSixelColors`): kitty, for one, logs it as a parse error.
    package static let sixelColorsQuery = "\u{1B}[?1;1;0S" + "\u{1B}[c"

    /// XTVERSION, asked (with the rest) of the terminal outside tmux: the name and version tell whether it shows
    /// kitty's Unicode placeholders. Sent before DA1, so its answer comes before the one that ends the wait.
    package static let versionQuery = "\u{1B}[>q"

    /// `query` for the terminal outside tmux: each sequence wrapped in tmux's passthrough, XTVERSION before
    /// DA1. tmux hands the outer terminal's answers back to the pane in order.
    package static let passthroughQuery = [
        KittyGraphics.query, "\u{1B}[16t", versionQuery, "\u{1B}[c",
    ].map(TmuxPassthrough.wrap).joined()

    /// `sixelColorsQuery` for the terminal outside tmux.
    package static let passthroughSixelColorsQuery = ["\u{1B}[?1;1;0S", "\u{1B}[c"].map(TmuxPassthrough.wrap)
        .joined()

    /// Whether to follow `query` with `sixelColorsQuery`: the terminal reports sixel in DA1 (or sixel is
    /// forced) and did not answer the kitty query, so it is a sixel terminal that knows XTSMGRAPHICS.
    package static func asksSixelColors(after replies: TerminalReplies, option: GraphicsOption) -> Bool {
        guard replies.kittyGraphics != true else { return false }
        return replies.deviceAttributes?.contains(4) == true || option == .fixed(.sixel)
    }

    /// The protocol to draw with (see `choose`).
    package static func decide(
        environment: [String: String], replies: TerminalReplies,
        option: GraphicsOption = .auto, multiplexer: Multiplexer? = nil
    ) -> GraphicsProtocol {
        choose(environment: environment, replies: replies, option: option, multiplexer: multiplexer).graphicsProtocol
    }

    /// The protocol to draw with and why, in words for the status line and the help.
    ///
    /// A forced option wins. Inside tmux (`TMUX`, `TERM_PROGRAM=tmux`) pictures go through tmux's passthrough
    /// when `multiplexer` says it is allowed, and the terminal outside decides (its name as tmux knows it, and
    /// its answers, which come back through tmux); otherwise, and inside screen (`STY`) or under a `screen` or
    /// `tmux` TERM, half blocks. Then known terminals by `TERM_PROGRAM` / `TERM`: iTerm.app and WezTerm get
    /// iTerm2 images (WezTerm's kitty support is partial), kitty and Ghostty the kitty protocol. Then the
    /// answers: a kitty `OK`, then sixel when DA1 lists 4 or XTSMGRAPHICS succeeded (foot, mlterm,
    /// xterm -ti vt340, ...). Anything else gets half blocks.
    package static func choose(
        environment: [String: String], replies: TerminalReplies,
        option: GraphicsOption = .auto, multiplexer: Multiplexer? = nil
    ) -> (graphicsProtocol: GraphicsProtocol, reason: String) {
        if case .fixed(let chosen) = option { return (chosen, "--graphics \(chosen.rawValue)") }
        if isMultiplexed(environment) {
            let known = multiplexer ?? Multiplexer.detect(environment: environment).map { Multiplexer(kind: $0) }
            guard let multiplexer = known, multiplexer.passesPictures else {
                return (.halfblock, halfBlockReason(multiplexer: known))
            }
            let outer = multiplexer.outerTerminalName.map { ["TERM": $0] } ?? [:]
            let (chosen, reason) = chooseDirect(environment: outer, replies: replies)
            return (chosen, reason + ", through tmux")
        }
        return chooseDirect(environment: environment, replies: replies)
    }

    /// `choose` for a terminal the app talks to directly.
    private static func chooseDirect(
        environment: [String: String], replies: TerminalReplies
    ) -> (graphicsProtocol: GraphicsProtocol, reason: String) {
        let term = environment["TERM"]?.lowercased() ?? ""
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
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

    /// Why a multiplexer that passes no pictures gets half blocks.
    private static func halfBlockReason(multiplexer: Multiplexer?) -> String {
        multiplexer?.kind == .tmux && multiplexer?.allowsPassthrough == false
            ? "inside tmux, whose allow-passthrough is off" : "inside tmux or screen; --graphics forces one"
    }

    /// Whether the terminal is reached through tmux or screen.
    package static func isMultiplexed(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"]?.lowercased() ?? ""
        return Multiplexer.detect(environment: environment) != nil || term.hasPrefix("screen")
            || term.hasPrefix("tmux")
    }

    /// Whether to send `query` at all: not for half blocks by choice, nor (automatic) through a multiplexer
    /// that passes no pictures, which answers for itself and would only delay the start.
    package static func needsQuery(
        environment: [String: String], option: GraphicsOption, multiplexer: Multiplexer? = nil
    ) -> Bool {
        switch option {
        case .fixed(let chosen): chosen != .halfblock
        case .auto: !isMultiplexed(environment) || multiplexer?.passesPictures == true
        }
    }

    /// Whether the terminal's XTVERSION answer names one that shows kitty's Unicode placeholders: kitty 0.28
    /// and later (Debian's 0.26 does not), Ghostty.
    package static func showsUnicodePlaceholders(terminalVersion: String?) -> Bool {
        guard let name = terminalVersion?.lowercased() else { return false }
        if name.hasPrefix("ghostty") { return true }
        guard name.hasPrefix("kitty(") else { return false }
        let numbers = name.dropFirst(6).prefix { $0 != ")" }.split(separator: ".").map { Int($0) }
        guard numbers.count >= 2, let major = numbers[0], let minor = numbers[1] else { return false }
        return major > 0 || minor >= 28
    }

    /// The whole set-up: the protocol and why, the cell size in pixels (the `CSI 16 t` answer, else the window's
    /// pixel size over its cells, else a guess) and the sixel palette size.
    ///
    /// A sixel picture is drawn at one image pixel per screen pixel wherever the cell size says, so with a
    /// guessed cell size it could spill over the rest of the screen: automatic detection then draws half blocks
    /// (kitty and iTerm2 pictures are scaled into their cells by the terminal, so a guess only costs sharpness).
    ///
    /// Inside tmux the pictures go wrapped in its passthrough (also when forced: tmux drops them otherwise),
    /// and kitty pictures as Unicode placeholders where the terminal outside shows them, so that they stay in
    /// their pane; the summary names the tmux option when passthrough is off (a warning when a protocol is forced).
    package static func setup(
        environment: [String: String], replies: TerminalReplies, option: GraphicsOption,
        windowPixels: (width: Int, height: Int)?, columns: Int, rows: Int, multiplexer: Multiplexer? = nil
    ) -> GraphicsSetup {
        let multiplexer = multiplexer ?? Multiplexer.detect(environment: environment).map { Multiplexer(kind: $0) }
        var (chosen, reason) = choose(
            environment: environment, replies: replies, option: option, multiplexer: multiplexer)
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
        let throughTmux = multiplexer?.kind == .tmux && chosen != .halfblock
        // Automatic detection says how to get pictures in the summary; a forced protocol that tmux will swallow
        // is a warning.
        let advice = option == .fixed(.halfblock) ? nil : passthroughAdvice(multiplexer)
        var setup = GraphicsSetup(
            graphicsProtocol: chosen, reason: reason, cellPixelSize: reported ?? .fallback,
            cellSizeIsKnown: reported != nil,
            sixelColors: colors,
            warning: denial(environment: environment, replies: replies, option: option, multiplexer: multiplexer)
                ?? (option == .auto ? nil : advice))
        setup.advice = option == .auto ? advice : nil
        if throughTmux, let multiplexer {
            setup.passthrough = multiplexer
            setup.usesUnicodePlaceholders =
                chosen == .kitty && showsUnicodePlaceholders(terminalVersion: replies.terminalVersion)
        }
        return setup
    }

    /// Inside a tmux whose `allow-passthrough` is off: the exact setting that gives pictures, for the status line.
    package static func passthroughAdvice(_ multiplexer: Multiplexer?) -> String? {
        guard let multiplexer, multiplexer.kind == .tmux, multiplexer.allowsPassthrough == false else { return nil }
        return "`\(Multiplexer.passthroughSetting)` (tmux 3.3+) shows pictures, then start again"
    }

    /// A warning when a forced protocol is one the terminal's complete answers deny (`--graphics sixel` in
    /// kitty draws screens of sixel text); nil when they agree, did not all come, or cannot tell. Through
    /// screen, or a tmux that passes no pictures, the answers are the multiplexer's, not the terminal's, so they
    /// say nothing; nor do they about iTerm2 images.
    package static func denial(
        environment: [String: String], replies: TerminalReplies,
        option: GraphicsOption, multiplexer: Multiplexer? = nil
    ) -> String? {
        guard case .fixed(let chosen) = option, replies.isComplete,
            !isMultiplexed(environment) || multiplexer?.passesPictures == true
        else { return nil }
        let detected = choose(environment: environment, replies: replies, multiplexer: multiplexer).graphicsProtocol
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
