/// An answer the terminal sent to a query.
package enum TerminalReply: Hashable, Sendable {
    /// `ESC _ G i=ID;OK ESC \` (ok) or an error message in place of OK.
    case kittyGraphics(id: UInt32, ok: Bool)
    /// `ESC [ ? P1 ; P2 ... c`: primary device attributes.
    case deviceAttributes([Int])
    /// `ESC [ ? item ; status ; value S`: XTSMGRAPHICS.
    case graphicsAttributes(item: Int, status: Int, value: Int)
    /// `ESC [ 6 ; height ; width t`: the cell size in pixels.
    case cellPixelSize(CellPixelSize)
    /// `ESC P > | name ESC \`: XTVERSION, the terminal's name and version (`kitty(0.26.5)`, `XTerm(379)`),
    /// printable ASCII only.
    case terminalVersion(String)
    /// `ESC P 1 $ r value ESC \` (valid) or `ESC P 0 $ r ESC \`: DECRQSS, the terminal's report of a setting
    /// (for `m`, the current SGR attributes: `0;38:2::17:34:51m`), printable ASCII only.
    case statusString(valid: Bool, value: String)
    /// `ESC P 1 + r name = value ; ... ESC \` (valid) or `ESC P 0 + r name ESC \`: XTGETTCAP, the terminal's
    /// terminfo capabilities asked for by name. Names and values are hex on the wire and decoded here (printable
    /// ASCII only); a boolean capability, and every name of an invalid report, has the value "".
    case capabilities(valid: Bool, [String: String])
    /// `ESC [ row ; column R`: CPR, where the cursor is (from 1), asked by `CSI 6 n`.
    case cursorPosition(row: Int, column: Int)
}

/// Separates terminal replies from key input in the bytes read from the terminal.
///
/// Replies can arrive at any time, between and even inside bursts of key bytes, and a read can end in the
/// middle of one; so the parser keeps an unfinished escape sequence until more bytes come (or `flush` is
/// called when nothing more arrives) and hands every byte that is not part of a recognised reply back, in
/// order, as input (arrow keys, mouse reports and lone Esc included). A string sequence (DCS, OSC, APC, PM,
/// SOS) is a reply whatever its length, consumed to its end and never input: one longer than
/// `maximumSequenceLength` is skipped without being kept, and one still unfinished when the exchange ends
/// (`flush`) is handed on as `unfinished`, for the reader that comes next to skip the rest of.
package struct TerminalReplyParser: Sendable {
    /// What the bytes were.
    package enum Event: Hashable, Sendable {
        case input([UInt8])
        case reply(TerminalReply)
    }

    /// Longest sequence kept waiting for its end; a longer control sequence is not a reply and is handed back
    /// as input, a longer string is skipped to its end.
    package static let maximumSequenceLength = 512

    private var pending: [UInt8] = []
    /// A reply being skipped: the bytes fed go to its end first.
    package private(set) var unfinished: UnfinishedReply?

    /// `continuing`: a reply an earlier exchange left unfinished, whose rest comes first.
    package init(continuing unfinished: UnfinishedReply? = nil) { self.unfinished = unfinished }

    /// Parses `bytes` after whatever was left over from the last call.
    package mutating func feed(_ bytes: [UInt8]) -> [Event] {
        var bytes = bytes[...]
        if var reply = unfinished {
            switch reply.consume(bytes) {
            case .continues:
                unfinished = reply
                return []
            case .ended(let count, _):
                unfinished = nil
                bytes = bytes.dropFirst(count)
            }
        }
        pending.append(contentsOf: bytes)
        var events: [Event] = []
        var index = 0
        var input: [UInt8] = []
        func emitInput() {
            if !input.isEmpty { events.append(.input(input)); input.removeAll() }
        }
        while index < pending.count {
            guard pending[index] == 0x1B else { input.append(pending[index]); index += 1; continue }
            switch sequence(at: index) {
            case .incomplete:
                emitInput()
                pending.removeFirst(index)
                // A string longer than any reply that is read: its rest is skipped, and nothing of it kept.
                if pending.count > Self.maximumSequenceLength, let reply = Self.unfinishedReply(pending) {
                    unfinished = reply
                    pending.removeAll()
                }
                return events
            case .notReply(let length):
                input.append(contentsOf: pending[index..<index + length])
                index += length
            case .reply(let reply, let length):
                emitInput()
                if let reply { events.append(.reply(reply)) }
                index += length
            }
        }
        emitInput()
        pending.removeAll()
        return events
    }

    /// Ends the wait for the rest of an unfinished sequence: called when no byte arrived for a while, so that
    /// a lone Esc key is not held forever. A started string or private control sequence (`CSI ?`, `CSI >`,
    /// which no key sends) is a reply, not input: it becomes `unfinished`. Anything else is input.
    package mutating func flush() -> [Event] {
        defer { pending.removeAll() }
        guard !pending.isEmpty else { return [] }
        if let reply = Self.unfinishedReply(pending) {
            unfinished = reply
            return []
        }
        return [.input(pending)]
    }

    /// The reply `bytes` (an unfinished sequence from its ESC) have begun, its bytes so far consumed; nil when
    /// they may be a key.
    private static func unfinishedReply(_ bytes: [UInt8]) -> UnfinishedReply? {
        guard bytes.count >= 2, bytes[0] == 0x1B else { return nil }
        var reply: UnfinishedReply
        if let kind = UnfinishedReply.stringKind(introducer: UInt32(bytes[1])) {
            reply = UnfinishedReply(kind: kind)
        } else if bytes[1] == UInt8(ascii: "["), bytes.count >= 3,
            bytes[2] == UInt8(ascii: "?") || bytes[2] == UInt8(ascii: ">")
        {
            reply = UnfinishedReply(kind: .control)
        } else {
            return nil
        }
        guard case .continues = reply.consume(bytes.dropFirst(2)) else { return nil }
        return reply
    }

    private enum Scan {
        case incomplete
        case notReply(length: Int)
        /// A reply (nil: a well-formed reply of no interest, dropped) and its length.
        case reply(TerminalReply?, length: Int)
    }

    /// What the escape sequence starting at `start` (an ESC) is.
    private func sequence(at start: Int) -> Scan {
        guard start + 1 < pending.count else { return .incomplete }
        switch pending[start + 1] {
        case UInt8(ascii: "_"):
            return applicationCommand(at: start)
        case UInt8(ascii: "P"):
            return stringCommand(at: start, reply: Self.deviceControlReply)
        case UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            // OSC, PM, SOS: none is asked for; a terminal's answer of that form is dropped whole.
            return stringCommand(at: start) { _ in nil }
        case UInt8(ascii: "["):
            return controlSequence(at: start)
        default:
            return .notReply(length: 1)
        }
    }

    /// `ESC _ ... ESC \`: only kitty graphics replies (`G...`) come this way; other APC strings are dropped.
    private func applicationCommand(at start: Int) -> Scan {
        stringCommand(at: start, reply: Self.kittyReply)
    }

    /// A string sequence from `start` to its end (`UnfinishedReply.Kind.string`), its body read by `reply`
    /// (nil: dropped). One cut short, or longer than `maximumSequenceLength`, is dropped whole too.
    private func stringCommand(at start: Int, reply: ([UInt8]) -> TerminalReply?) -> Scan {
        guard let kind = UnfinishedReply.stringKind(introducer: UInt32(pending[start + 1])) else {
            return .notReply(length: 1)
        }
        var scan = UnfinishedReply(kind: kind)
        guard case .ended(let count, let terminated) = scan.consume(pending[(start + 2)...]) else {
            return .incomplete
        }
        let length = 2 + count
        guard terminated else { return .reply(nil, length: length) }
        let terminator = kind == .operatingSystemCommand && pending[start + length - 1] == 0x07 ? 1 : 2
        let body = Array(pending[(start + 2)..<(start + length - terminator)])
        return .reply(body.count <= Self.maximumSequenceLength ? reply(body) : nil, length: length)
    }

    /// `ESC [ params intermediates final`.
    private func controlSequence(at start: Int) -> Scan {
        var end = start + 2
        while end < pending.count {
            let byte = pending[end]
            if (0x40...0x7E).contains(byte) {
                let parameters = Array(pending[(start + 2)..<end])
                guard let reply = Self.controlReply(parameters, final: byte) else {
                    return .notReply(length: end + 1 - start)
                }
                return .reply(reply, length: end + 1 - start)
            }
            guard (0x20...0x3F).contains(byte) else { return .notReply(length: end - start) }
            end += 1
            if end - start > Self.maximumSequenceLength { return .notReply(length: 1) }
        }
        return .incomplete
    }

    /// `G` keys `;` message: `i=31;OK`.
    private static func kittyReply(_ body: [UInt8]) -> TerminalReply? {
        guard body.first == UInt8(ascii: "G") else { return nil }
        let text = String(decoding: body.dropFirst(), as: UTF8.self)
        let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        var id: UInt32 = 0
        for key in parts[0].split(separator: ",") where key.hasPrefix("i=") {
            id = UInt32(key.dropFirst(2)) ?? 0
        }
        return .kittyGraphics(id: id, ok: parts.count > 1 && parts[1] == "OK")
    }

    /// `> | name`: XTVERSION; `1 $ r value` / `0 $ r`: DECRQSS; `1 + r hex=hex;...` / `0 + r hex`: XTGETTCAP;
    /// nil for any other DCS string, or a name or value that is not short printable ASCII.
    private static func deviceControlReply(_ body: [UInt8]) -> TerminalReply? {
        func printable(_ text: ArraySlice<UInt8>) -> String? {
            guard text.count <= 64, text.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
            return String(decoding: text, as: UTF8.self)
        }
        if body.count > 2, body[0] == UInt8(ascii: ">"), body[1] == UInt8(ascii: "|") {
            return printable(body.dropFirst(2)).map(TerminalReply.terminalVersion)
        }
        if body.count >= 3, body[0] == UInt8(ascii: "0") || body[0] == UInt8(ascii: "1"),
            body[1] == UInt8(ascii: "$"), body[2] == UInt8(ascii: "r")
        {
            let valid = body[0] == UInt8(ascii: "1")
            return printable(body.dropFirst(3)).map { TerminalReply.statusString(valid: valid, value: $0) }
        }
        if body.count >= 3, body[0] == UInt8(ascii: "0") || body[0] == UInt8(ascii: "1"),
            body[1] == UInt8(ascii: "+"), body[2] == UInt8(ascii: "r")
        {
            return capabilityReport(valid: body[0] == UInt8(ascii: "1"), body.dropFirst(3), printable: printable)
        }
        return nil
    }

    /// The `name=value;...` pairs of an XTGETTCAP report, hex decoded; nil when any part is not even-length hex
    /// of short printable ASCII (a report half understood is no report).
    private static func capabilityReport(
        valid: Bool, _ text: ArraySlice<UInt8>, printable: (ArraySlice<UInt8>) -> String?
    ) -> TerminalReply? {
        func decoded(_ hex: ArraySlice<UInt8>) -> String? {
            guard hex.count % 2 == 0 else { return nil }
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                guard let high = hexDigit(hex[index]), let low = hexDigit(hex[index + 1]) else { return nil }
                bytes.append(high << 4 | low)
                index += 2
            }
            return printable(bytes[...])
        }
        var values: [String: String] = [:]
        for item in text.split(separator: UInt8(ascii: ";")) {
            let parts = item.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decoded(parts[0]), !name.isEmpty else { return nil }
            let value = parts.count > 1 && valid ? decoded(parts[1]) : ""
            guard let value else { return nil }
            values[name] = value
        }
        return .capabilities(valid: valid && !values.isEmpty, values)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// DA1, XTSMGRAPHICS, the cell-size report and CPR; nil for anything else (a key, a mouse report).
    private static func controlReply(_ parameterBytes: [UInt8], final: UInt8) -> TerminalReply? {
        let text = String(decoding: parameterBytes, as: UTF8.self)
        let isPrivate = text.hasPrefix("?")
        let numbers = (isPrivate ? text.dropFirst() : Substring(text)).split(
            separator: ";",
            omittingEmptySubsequences: false)
        // An empty field is a default, left out: kitty answers DA1 with `CSI ? 62 ; c`.
        let values = numbers.filter { !$0.isEmpty }.map { Int($0) }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        let parameters = values.compactMap { $0 }
        switch (isPrivate, final) {
        case (true, UInt8(ascii: "c")):
            return .deviceAttributes(parameters)
        case (true, UInt8(ascii: "S")) where parameters.count >= 3:
            return .graphicsAttributes(item: parameters[0], status: parameters[1], value: parameters[2])
        case (false, UInt8(ascii: "R")) where parameters.count == 2:
            return .cursorPosition(row: parameters[0], column: parameters[1])
        case (false, UInt8(ascii: "t")) where parameters.count == 3 && parameters[0] == 6:
            return .cellPixelSize(CellPixelSize(width: parameters[2], height: parameters[1]))
        default:
            return nil
        }
    }
}
