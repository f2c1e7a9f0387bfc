@testable import TerminalUI

/// The app's input reader after the start-up questions: a terminal reply begun earlier (`UnfinishedReply`, of
/// each kind) whose rest arrives in reads of a size and at intervals the input picks, followed by keys, through
/// `InputBacklog` (what the curses driver does), and the same bytes after an ESC at run time through
/// `EscapeSequence`. Must hold: no trap; every byte handed back as a key is one of the bytes sent, in order, in
/// pieces curses accepts; when the reply's bytes come without a pause of `InputBacklog.skipIdleLimit`, not one
/// of them becomes a key and every key after its end does (for a reply made of bytes that cannot end it, then
/// its terminator); the same keys however the bytes are split.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let all = Array(UnsafeBufferPointer(start: data, count: size))
    guard all.count >= 4 else { return 0 }
    let readSize = Int(all[0]) * 257 + 1
    let gap = UInt64(all[1]) * 8_000_000
    let kinds: [UnfinishedReply.Kind] = [.string, .operatingSystemCommand, .control]
    let kind = kinds[Int(all[2]) % kinds.count]
    let bytes = Array(all.dropFirst(3))

    // Arbitrary bytes: whatever they are, keys are a subsequence of them and come in acceptable pieces.
    let kept = keys(after: kind, bytes, readSize: readSize, gap: gap)
    var remaining = bytes[...]
    for byte in kept {
        guard let found = remaining.firstIndex(of: byte) else { fatalError("key byte \(byte) was never sent") }
        remaining = remaining[(found + 1)...]
    }
    if gap <= InputBacklog.skipIdleLimit, kept != keys(after: kind, bytes, readSize: bytes.count + 1, gap: gap) {
        fatalError("the keys depend on how the reply's bytes were read")
    }

    // A reply of any length (the input repeated, with the bytes that can end it taken out), its terminator,
    // then keys: none of the reply is a key, all of the keys are.
    let ends: Set<UInt8> = kind == .control ? [] : [0x1B, 0x18, 0x1A, 0x07]
    var body = bytes.filter { !ends.contains($0) && (kind != .control || (0x20...0x3F).contains($0)) }
    for _ in 0..<Int(all[0] % 8) { body += body }
    let terminator: [UInt8] = kind == .control ? [UInt8(ascii: "c")] : [0x1B, UInt8(ascii: "\\")]
    let typed = Array("jq".utf8)
    let reply = keys(after: kind, body + terminator + typed, readSize: readSize, gap: min(gap, 1_000_000_000))
    guard reply == typed else { fatalError("a reply's bytes became keys: \(reply.count) bytes kept") }

    // At run time, after an ESC: a string either ends among what is waiting or is handed on unfinished.
    var queue = bytes[...]
    var unfinished: UnfinishedReply?
    let reading = EscapeSequence.resolve(next: { queue.popFirst().map(UInt32.init) }, unfinished: &unfinished)
    if unfinished != nil, reading != .dropped { fatalError("an unfinished string read as \(reading)") }
    if unfinished != nil, bytes.count - queue.count > EscapeSequence.maximumStringLength + 2 {
        fatalError("more than a string's limit read at once")
    }
    return 0
}

/// What the backlog hands to curses when a reply of `kind` is being skipped and `bytes` arrive in reads of
/// `readSize`, `gap` nanoseconds apart; every piece checked.
private func keys(after kind: UnfinishedReply.Kind, _ bytes: [UInt8], readSize: Int, gap: UInt64) -> [UInt8] {
    var backlog = InputBacklog([], skipping: UnfinishedReply(kind: kind), now: 0)
    var handed: [UInt8] = []
    var now: UInt64 = 0
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + readSize)
        now += gap
        let skipped = backlog.append(Array(bytes[start..<end]), now: now)
        guard skipped <= end - start else { fatalError("skipped more than was read") }
        while !backlog.isEmpty {
            let piece = backlog.nextPiece()
            guard !piece.isEmpty, piece.count <= InputBacklog.pieceLimit else { fatalError("piece of \(piece.count)") }
            handed += piece
        }
        start = end
    }
    return handed
}
