@testable import ChatTUIApp
@testable import Imaging
@testable import TerminalUI

/// What the terminal sends during the start-up queries (replies, keys, garbage) through `TerminalReplyParser`
/// and `InputBacklog`, the way the ncurses driver reads it. Must hold: no trap; the same events whether the
/// bytes come in one read or in reads of sizes the input picks; every input byte is one of the bytes sent, in
/// order; the backlog hands every input byte back, in pieces of at most `InputBacklog.pieceLimit` bytes that
/// do not end inside a UTF-8 character; XTVERSION, DECRQSS and XTGETTCAP reports are short printable ASCII; the cell size decided from the replies is plausible or the fallback,
/// and a picture framed with it at the area the input picks stays within the picture budget; the bytes read
/// as what follows an ESC at run time are a mouse report on a believable cell or nothing (`EscapeSequence`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalReplies(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let all = Array(UnsafeBufferPointer(start: data, count: size))
    guard all.count >= 3 else { return 0 }
    let readSize = Int(all[0]) + 1, columns = Int(all[1]) * 4 + 1, rows = Int(all[2]) + 1
    let bytes = Array(all.dropFirst(3))

    var whole = TerminalReplyParser()
    let wholeEvents = whole.feed(bytes) + whole.flush()
    var split = TerminalReplyParser()
    var splitEvents: [TerminalReplyParser.Event] = []
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + readSize)
        splitEvents += split.feed(Array(bytes[start..<end]))
        start = end
    }
    splitEvents += split.flush()
    guard merged(wholeEvents) == merged(splitEvents) else { fatalError("the events depend on how the bytes were read") }

    for case .reply(let reply) in wholeEvents {
        switch reply {
        case .terminalVersion(let text), .statusString(_, let text):
            guard text.utf8.count <= 64, text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
                fatalError("a DCS report that is not short printable ASCII: \(text.debugDescription)")
            }
            _ = ColorMode.reportKeepsTruecolor(valid: true, value: text)
        case .capabilities(let valid, let values):
            for text in Array(values.keys) + Array(values.values)
            where text.utf8.count > 64
                || !text.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
            {
                fatalError("an XTGETTCAP name or value that is not short printable ASCII: \(text.debugDescription)")
            }
            _ = ColorMode.capabilitiesAnnounceTruecolor(valid: valid, values)
        default: break
        }
    }

    var replies = TerminalReplies()
    let typed = replies.record(wholeEvents)
    var remaining = bytes[...]
    for byte in typed {
        guard let found = remaining.firstIndex(of: byte) else { fatalError("input byte \(byte) was never sent") }
        remaining = remaining[(found + 1)...]
    }

    var backlog = InputBacklog(typed)
    var handed: [UInt8] = []
    while !backlog.isEmpty {
        let piece = backlog.nextPiece()
        guard !piece.isEmpty, piece.count <= InputBacklog.pieceLimit else {
            fatalError("piece of \(piece.count) bytes")
        }
        // A piece ends before a UTF-8 continuation byte only when it is a single byte (a run of stray ones).
        let end = handed.count + piece.count
        if end < typed.count && typed[end] & 0xC0 == 0x80 && piece.count > 1 {
            fatalError("a piece ends inside a UTF-8 character")
        }
        handed += piece
    }
    guard handed == typed else { fatalError("the backlog lost or reordered input") }

    let setup = GraphicsDetection.setup(
        environment: ["TERM": "xterm"], replies: replies, option: .fixed(.sixel),
        windowPixels: nil, columns: columns, rows: rows)
    let cell = setup.cellPixelSize
    guard cell.isPlausible || cell == .fallback else { fatalError("implausible cell size \(cell)") }
    let area = cell.imagePixels(columns: columns, rows: rows)
    if let frame = PictureFrame.fit(
        imageWidth: 528, imageHeight: 528, areaWidth: area.width, areaHeight: area.height,
        cell: cell, zoom: Double(readSize) / 16)
    {
        let region = frame.region
        guard region.width * region.height <= PictureFrame.maximumPixels, region.width <= PictureFrame.maximumSide,
            region.height <= PictureFrame.maximumSide, region.x >= 0, region.y >= 0,
            region.maxX <= area.width, region.maxY <= area.height
        else { fatalError("picture region \(region) outside the budget or the area \(area)") }
    }

    // The bytes after an ESC as the curses driver resolves them at run time: a mouse report is a click or the
    // wheel on a cell of a believable screen, anything else nothing; never more characters than were sent.
    var queue = bytes[...]
    var taken = 0
    let reading = EscapeSequence.resolve {
        guard let byte = queue.popFirst() else { return nil }
        taken += 1
        return UInt32(byte)
    }
    guard taken <= bytes.count else { fatalError("resolved past the input") }
    switch reading {
    case .key(.mouse(let x, let y)), .key(.wheelUp(let x, let y)), .key(.wheelDown(let x, let y)):
        let range = 0..<EscapeSequence.maximumMouseCoordinate
        guard range.contains(x), range.contains(y) else { fatalError("a mouse report at \(x), \(y)") }
    case .key(.escape), .key(.focusIn), .dropped: break
    case .escapeThen:
        // Esc and then one key, read again as itself: nothing past that key is taken.
        guard taken == 1 else { fatalError("Esc then a key, with \(taken) characters taken") }
    case .key(let other): fatalError("an escape sequence read as \(other)")
    }
    return 0
}

/// `events` with neighbouring inputs joined: how input is cut into events depends on the reads.
private func merged(_ events: [TerminalReplyParser.Event]) -> [TerminalReplyParser.Event] {
    var result: [TerminalReplyParser.Event] = []
    for event in events {
        if case .input(let bytes) = event, case .input(let previous)? = result.last {
            result[result.count - 1] = .input(previous + bytes)
        } else {
            result.append(event)
        }
    }
    return result
}
