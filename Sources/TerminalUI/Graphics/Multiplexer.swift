/// The terminal multiplexer between the app and the terminal (tmux or GNU screen), and what it lets through.
///
/// tmux keeps its own screen and passes an escape sequence to the terminal outside only when it comes wrapped in
/// its passthrough (`ESC P tmux; ... ESC \`, every ESC inside doubled) and the pane's `allow-passthrough` option
/// is on (tmux 3.3 and later; before 3.3 there is no option and passthrough always works). GNU screen's own
/// passthrough cuts long strings, so pictures do not survive it: there the app draws half blocks.
package struct Multiplexer: Hashable, Sendable {
    /// Which multiplexer.
    package enum Kind: String, Hashable, Sendable {
        case tmux
        case screen
    }

    package var kind: Kind
    /// tmux's `allow-passthrough` for the app's pane: true for `on` (or `all`, or a tmux before 3.3, which has
    /// no such option and always passes), false for `off`, nil when tmux could not be asked.
    package var allowsPassthrough: Bool?
    /// tmux's version (`3.3a`) when known.
    package var version: String?
    /// The outer terminal's name as tmux knows it (`client_termname`: `xterm-kitty`), when known.
    package var outerTerminalName: String?
    /// The pane's left column and top row on the outer terminal's screen: where a picture's cursor move, which
    /// goes past tmux to the outer terminal, counts from.
    package var paneColumn: Int
    package var paneRow: Int
    /// tmux's `focus-events`: whether it tells the app that its window has the focus again (the app then
    /// repaints the pictures tmux's redraw wiped); nil when not known.
    package var focusEvents: Bool?

    package init(
        kind: Kind, allowsPassthrough: Bool? = nil, version: String? = nil, outerTerminalName: String? = nil,
        paneColumn: Int = 0, paneRow: Int = 0
    ) {
        self.kind = kind; self.allowsPassthrough = allowsPassthrough; self.version = version
        self.outerTerminalName = outerTerminalName; self.paneColumn = paneColumn; self.paneRow = paneRow
    }

    /// Whether pictures can be sent through: tmux with passthrough allowed.
    package var passesPictures: Bool { kind == .tmux && allowsPassthrough == true }

    /// The tmux setting that gives pictures, as a user types it in `~/.tmux.conf` or at tmux's `:` prompt.
    package static let passthroughSetting = "set -g allow-passthrough on"

    /// The multiplexer the environment names: tmux by `TMUX` (its socket) or `TERM_PROGRAM=tmux`, screen by
    /// `STY`; nil outside both. A `screen`/`tmux` TERM alone says little (it is also set by hand or over ssh).
    package static func detect(environment: [String: String]) -> Kind? {
        if !(environment["TMUX"] ?? "").isEmpty || environment["TERM_PROGRAM"]?.lowercased() == "tmux" {
            return .tmux
        }
        if !(environment["STY"] ?? "").isEmpty { return .screen }
        return nil
    }

    /// The arguments for `tmux display-message -p` that print what `tmux(display:)` reads, for the app's pane
    /// (`TMUX_PANE`) when the environment names it.
    package static func tmuxDisplayArguments(environment: [String: String]) -> [String] {
        let pane = environment["TMUX_PANE"].flatMap { $0.isEmpty ? nil : $0 }
        return ["display-message", "-p"] + (pane.map { ["-t", $0] } ?? []) + [displayFormat]
    }

    /// One line, fields split by `|`: the option (1/0, or on/off/all), the pane's left column and top row in
    /// its window, the status line (on/off/2-5) and its position, the outer terminal, tmux's version, and
    /// `focus-events` (read when present: a line of the first seven fields alone is read as before).
    static let displayFormat =
        "#{allow-passthrough}|#{pane_left}|#{pane_top}|#{status}|#{status-position}|#{client_termname}|#{version}"
        + "|#{focus-events}"

    /// What tmux printed for `tmuxDisplayArguments`, nil when it printed nothing (tmux could not be asked, or
    /// timed out). Each field is read strictly: one that does not parse counts as not known, so garbage never
    /// turns into a setting. The version (also `TERM_PROGRAM_VERSION`) decides when the option is empty: tmux
    /// before 3.3 has none and passes everything.
    package static func tmux(display: String?, environment: [String: String] = [:]) -> Multiplexer {
        var result = Multiplexer(kind: .tmux)
        let programVersion =
            environment["TERM_PROGRAM"]?.lowercased() == "tmux"
            ? environment["TERM_PROGRAM_VERSION"] : nil
        result.version = programVersion.flatMap(Self.cleanVersion)
        guard let line = display?.split(whereSeparator: \.isNewline).first else {
            result.allowsPassthrough = result.version.flatMap(Self.passesWithoutOption)
            return result
        }
        let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 7 || fields.count == 8 else { return result }
        if fields.count == 8 {
            switch fields[7] {
            case "1", "on": result.focusEvents = true
            case "0", "off": result.focusEvents = false
            default: break
            }
        }
        if let version = Self.cleanVersion(fields[6]) { result.version = version }
        switch fields[0] {
        case "1", "on", "all": result.allowsPassthrough = true
        case "0", "off": result.allowsPassthrough = false
        default: result.allowsPassthrough = result.version.flatMap(Self.passesWithoutOption)
        }
        let statusLines: Int? =
            switch fields[3] {
            case "on": 1
            case "off": 0
            default: Int(fields[3]).flatMap { (0...5).contains($0) ? $0 : nil }
            }
        if let left = Int(fields[1]), let top = Int(fields[2]), (0...10_000).contains(left), (0...10_000).contains(top)
        {
            result.paneColumn = left
            result.paneRow = top + (fields[4] == "top" ? statusLines ?? 0 : 0)
        }
        let name = fields[5]
        let nameCharacters = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.+".contains($0)) }
        if !name.isEmpty, name.count <= 64, nameCharacters { result.outerTerminalName = name }
        return result
    }

    /// A version as tmux prints it (`3.3a`, `next-3.4`), nil for anything else.
    private static func cleanVersion(_ text: String) -> String? {
        guard !text.isEmpty, text.count <= 16,
            text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
        else { return nil }
        return text
    }

    /// Whether a tmux of `version` passes sequences without an `allow-passthrough` option: true before 3.3,
    /// nil when the version has no number to compare.
    private static func passesWithoutOption(_ version: String) -> Bool? {
        let digits = version.drop { !$0.isNumber }
        let parts = digits.split(separator: ".", maxSplits: 1).map { $0.prefix { $0.isNumber } }
        guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
        let minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        return major < 3 || (major == 3 && minor < 3) ? true : nil
    }
}

/// tmux's passthrough: a sequence wrapped so that tmux hands it to the outer terminal as it is.
package enum TmuxPassthrough {
    /// `ESC P tmux;` + `sequence` with every ESC doubled + `ESC \`.
    package static func wrap(_ sequence: String) -> String {
        var bytes = Array("\u{1B}Ptmux;".utf8)
        bytes.reserveCapacity(sequence.utf8.count + 16)
        for byte in sequence.utf8 {
            if byte == 0x1B { bytes.append(0x1B) }
            bytes.append(byte)
        }
        bytes += [0x1B, UInt8(ascii: "\\")]
        return String(decoding: bytes, as: UTF8.self)
    }
}
