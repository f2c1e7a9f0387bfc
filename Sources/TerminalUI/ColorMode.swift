/// How many colours the terminal can show, which decides how image pixels become cell colours.
package enum ColorMode: CaseIterable, Hashable, Sendable {
    /// 24-bit colour (`38;2;r;g;b`).
    case truecolor
    /// The xterm 256-colour palette; images use indices 16...255 only.
    case palette256
    /// The 16 ANSI colours, which follow the user's theme: a last-resort fallback.
    case palette16
    /// No colour at all: images are drawn with shade characters in the default colours.
    case monochrome

    /// The value of a `--color auto|truecolor|256|16|none` option.
    package enum Option: Hashable, Sendable {
        /// Detect the mode from the environment.
        case auto
        /// Use this mode whatever the environment says.
        case fixed(ColorMode)

        /// Parses a `--color` argument (`auto`, `truecolor`/`24bit`, `256`, `16`, `none`/`mono`);
        /// nil for anything else, so the caller can report a usage error.
        package init?(argument: String) {
            switch argument.lowercased() {
            case "auto": self = .auto
            case "truecolor", "24bit", "direct": self = .fixed(.truecolor)
            case "256": self = .fixed(.palette256)
            case "16": self = .fixed(.palette16)
            case "none", "mono", "monochrome": self = .fixed(.monochrome)
            default: return nil
            }
        }

        /// The forced mode, nil for `auto`.
        package var override: ColorMode? {
            if case .fixed(let mode) = self { return mode }
            return nil
        }
    }

    /// The colour mode for a terminal described by `environment` (`NO_COLOR`, `COLORTERM`, `TERM`).
    ///
    /// An explicit `override` (from `--color`) wins; then `NO_COLOR` (https://no-color.org: set and non-empty)
    /// turns colour off; `COLORTERM=truecolor|24bit` or a `*direct*` TERM mean 24-bit; a `*256color*` TERM means
    /// 256 colours; a missing or `dumb` TERM means none; any other TERM is assumed to have the 16 ANSI colours.
    package static func detect(environment: [String: String], override: ColorMode? = nil) -> ColorMode {
        if let override { return override }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        let term = environment["TERM"]?.lowercased() ?? ""
        if colortermAnnouncesTruecolor(environment["COLORTERM"]) || term.contains("direct") { return .truecolor }
        if term.contains("256color") { return .palette256 }
        if term.isEmpty || term == "dumb" { return .monochrome }
        return .palette16
    }

    /// The terminfo entry to hand to ncurses so it can address 24-bit colour, or nil to keep `term` as it is.
    ///
    /// ncurses ignores `COLORTERM` and only draws 24-bit colour through a *direct* terminfo entry
    /// (docs/ARCHITECTURE.md, "Terminals"), so when `COLORTERM` announces truecolor this maps the terminal's family (`xterm-256color`
    /// -> `xterm-direct`, `tmux-256color` -> `tmux-direct`, `xterm-kitty` -> `kitty-direct`, ...) to the direct
    /// entry Debian's `ncurses-term` ships. nil when `COLORTERM` does not announce truecolor, when `term` already
    /// is a direct entry, or when its family has no direct entry (`screen-256color`, `linux`, ...); the driver
    /// should still fall back to `term` if `newterm` rejects the returned name.
    package static func directTerminfoName(for term: String, colorterm: String?) -> String? {
        guard colortermAnnouncesTruecolor(colorterm) else { return nil }
        let name = term.lowercased()
        guard !name.contains("direct") else { return nil }
        if name == "xterm-kitty" { return "kitty-direct" }
        let family = name.split(separator: "-", maxSplits: 1).first.map(String.init) ?? name
        return directTerminfoFamilies.contains(family) ? family + "-direct" : nil
    }

    /// Families with a `<family>-direct` entry in ncurses-term 6.4 (`ls /usr/share/terminfo/*/ | grep direct`).
    private static let directTerminfoFamilies: Set<String> = [
        "alacritty", "iterm2", "kitty", "konsole", "mintty", "mlterm", "nsterm", "st", "tmux", "vscode", "vte",
        "xterm",
    ]

    /// What to send to learn whether a terminal that does not say so in its environment shows 24-bit colour:
    /// an SGR round-trip. The foreground is set to an unusual 24-bit colour, DECRQSS (`DCS $ q m ST`) asks for
    /// the attributes back, SGR 0 resets them, and DA1 (answered by every terminal) ends the wait. A terminal
    /// that keeps 24-bit colour reports it (xterm: `1$r0;38:2::17:34:51m`); one that maps it to its palette
    /// reports `38;5;N`, and one without DECRQSS ignores the question (a DCS string).
    package static let truecolorQuery = "\u{1B}[38;2;17;34;51m\u{1B}P$qm\u{1B}\\\u{1B}[0m\u{1B}[c"

    /// The question asked before `truecolorQuery`, in the same exchange: XTGETTCAP (`DCS + q name ST`, the name in
    /// hex) for the terminfo capabilities `RGB` (ncurses' 24-bit flag) and `Tc` (tmux's), which a terminal that
    /// knows them reports as `DCS 1 + r 524742 ST`; an unknown name is `DCS 0 + r ... ST`. xterm answers only
    /// with `allowTcapOps` and names from its TERM's entry, so the SGR round-trip stays as the second question.
    package static let capabilityQuery = "\u{1B}P+q524742\u{1B}\\\u{1B}P+q5463\u{1B}\\"

    /// Everything the colour probe sends, in order: `capabilityQuery`, then `truecolorQuery`, whose DA1 ends
    /// the wait for both.
    package static var truecolorQuestions: String { capabilityQuery + truecolorQuery }

    /// Whether an XTGETTCAP report (`TerminalReply.capabilities`) says the terminal shows 24-bit colour: a
    /// valid report naming `RGB` or `Tc`, whatever value (a flag, `8`, `8/8/8`). An invalid one is no.
    package static func capabilitiesAnnounceTruecolor(valid: Bool, _ values: [String: String]) -> Bool {
        valid && (values["RGB"] != nil || values["Tc"] != nil)
    }

    /// Whether to send `truecolorQuery`: automatic colour, the environment leaves out 24-bit colour (but does
    /// not turn colour off), and no multiplexer is in between (tmux answers for itself and maps colours to the
    /// terminal outside on its own).
    package static func asksTruecolor(environment: [String: String], option: Option) -> Bool {
        guard option == .auto else { return false }
        let mode = detect(environment: environment)
        let term = environment["TERM"]?.lowercased() ?? ""
        let multiplexed =
            !(environment["TMUX"] ?? "").isEmpty || !(environment["STY"] ?? "").isEmpty
            || term.hasPrefix("screen") || term.hasPrefix("tmux")
        return (mode == .palette16 || mode == .palette256) && !multiplexed
    }

    /// Whether a DECRQSS report of the SGR attributes (`TerminalReply.statusString`) kept the colour
    /// `truecolorQuery` set: `38:2::17:34:51` (ITU form, colour space left empty), `38:2:17:34:51` or
    /// `38;2;17;34;51`, as a whole parameter run. Anything else, an invalid report included, is no.
    package static func reportKeepsTruecolor(valid: Bool, value: String) -> Bool {
        guard valid, value.hasSuffix("m") else { return false }
        let attributes = value.dropLast()
        let runs = attributes.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        if runs.contains("38:2::17:34:51") || runs.contains("38:2:17:34:51") { return true }
        let parameters = runs
        for start in parameters.indices where parameters[start] == "38" && start + 4 < parameters.count {
            if Array(parameters[(start + 1)...(start + 4)]) == ["2", "17", "34", "51"] { return true }
        }
        return false
    }

    private static func colortermAnnouncesTruecolor(_ colorterm: String?) -> Bool {
        guard let value = colorterm?.lowercased() else { return false }
        return value == "truecolor" || value == "24bit"
    }
}

extension ColorMode {
    /// How an 8-bit sRGB colour is expressed in this mode: itself in truecolor, the nearest of indices 16...255
    /// in 256 colours, the nearest ANSI colour in 16 colours, the terminal default in monochrome.
    package func color(r: UInt8, g: UInt8, b: UInt8) -> TerminalColor {
        switch self {
        case .truecolor: .rgb(r, g, b)
        case .palette256: .indexed(XtermPalette.nearestExtendedIndex(r: r, g: g, b: b))
        case .palette16: .indexed(XtermPalette.nearestANSIIndex(r: r, g: g, b: b))
        case .monochrome: .terminalDefault
        }
    }

    /// `color` expressed in this mode: colours the mode can show pass unchanged, richer ones are mapped down
    /// (24-bit -> palette, 256 -> 16, anything -> default in monochrome).
    package func downgrade(_ color: TerminalColor) -> TerminalColor {
        switch (self, color) {
        case (_, .terminalDefault), (.truecolor, _), (.palette256, .indexed):
            return color
        case (.palette16, .indexed(let index)) where index < 16:
            return color
        case (.monochrome, _):
            return .terminalDefault
        case (_, .indexed(let index)):
            let value = XtermPalette.color(ofIndex: index)
            return self.color(r: value.r, g: value.g, b: value.b)
        case (_, .rgb(let r, let g, let b)):
            return self.color(r: r, g: g, b: b)
        }
    }
}
