import Fixtures
import GroupIcon

@testable import ChatTUIApp
@testable import TerminalUI

/// The prompts on arbitrary key streams: `LineEditor` and the `/` filter through `AppReducer.reduce`, then
/// the status line drawn at a width the input picks. Must hold: no trap; the cursor stays in the text; the
/// text never passes `LineEditor.maximumLength`; the filter's matches are real groups in order, the selection
/// one of them; the drawn line is as wide as asked, holds no control characters and cuts no wide character.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPrompt(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let widthByte = bytes.first else { return 0 }
    let keys = keyStream(bytes.dropFirst())
    var editor = LineEditor(String(decoding: bytes.prefix(8), as: UTF8.self), suggested: widthByte & 1 == 1)
    for key in keys {
        _ = editor.apply(key)
        guard (0...editor.characters.count).contains(editor.cursor), editor.characters.count <= LineEditor.maximumLength
        else { fatalError("editor out of bounds after \(key)") }
    }
    var state = AppState(groups: groups, parameters: CompositionParameters(), exportDirectory: "out")
    state = AppReducer.reduce(state, .key(.character("/")), metrics: metrics).0
    for key in keys where key != .enter && key != .escape {
        state = AppReducer.reduce(state, .key(key), metrics: metrics).0
    }
    guard state.matches == state.matches.sorted(), state.matches.allSatisfy(groups.indices.contains),
        state.matches.isEmpty || state.matches.indices.contains(state.selection)
    else { fatalError("filter out of bounds") }
    state.exportPrompt = editor
    for prompt in [state.exportPrompt, nil] {
        state.exportPrompt = prompt
        let width = Int(widthByte >> 1)
        let context = ViewContext(now: .init(timeIntervalSince1970: 0), timeZone: .gmt, unicode: widthByte & 1 == 0)
        let line = StatusBar.render(state, width: width, warnings: [], context: context)
        check(line, width: width)
    }
    return 0
}

private let groups = ["Cat Lovers", "周末骑行群", "Ümlaut", "👨‍👩‍👧 family", "a\u{202E}b"].enumerated().map { index, name in
    ChatGroup(id: "g\(index)", name: name, members: [])
}

private let metrics = ListMetrics(visibleRowCount: 3, rowHeight: 2, frame: CellRect(x: 0, y: 0, width: 20, height: 6))

/// Keys from bytes: 0...15 pick special keys, anything else starts a UTF-8 character.
private func keyStream(_ bytes: ArraySlice<UInt8>) -> [Key] {
    let special: [Key] = [
        .left, .right, .home, .end, .backspace, .delete, .enter, .escape, .up, .down, .tab,
        .pageUp, .pageDown, .resize, .ctrlC, .character(" "),
    ]
    var keys: [Key] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
        if bytes[index] < 16 {
            keys.append(special[Int(bytes[index])])
            index += 1
            continue
        }
        let end = bytes[index...].prefix(4).firstIndex { $0 < 16 } ?? min(bytes.endIndex, index + 4)
        for character in String(decoding: bytes[index..<end], as: UTF8.self) { keys.append(.character(character)) }
        index = end
    }
    return keys
}

private func check(_ line: CellGrid, width: Int) {
    guard line.width == width, line.height == 1 else { fatalError("status line is \(line.width) wide, asked \(width)") }
    for x in 0..<line.width {
        let cell = line[x, 0]
        if cell.text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            fatalError("control character drawn at \(x)")
        }
        if cell.isContinuation && (x == 0 || TextWidth.width(of: line[x - 1, 0].text) != 2) {
            fatalError("orphaned continuation at \(x)")
        }
        if !cell.isContinuation && TextWidth.width(of: cell.text) == 2
            && (x + 1 >= line.width || !line[x + 1, 0].isContinuation)
        {
            fatalError("wide character cut at \(x)")
        }
    }
}
