import CNcurses
import ChatTUIApp
import Foundation
import GroupIcon
import TerminalUI

/// The ncurses screen; the only code that talks to ncurses.
///
/// Pixel pictures (kitty, sixel, iTerm2) are written straight to the terminal after curses has sent a frame
/// (`doupdate`), between a cursor save and restore so curses' idea of the cursor holds. Curses must then not
/// disturb them: the cells under a picture hold a reserved non-blank cell (`PreviewView.reservedCell`) that
/// stays the same while the picture does, so the diff never paints there and curses never clears across it;
/// insert/delete-character moves are off; and rows a sixel or iTerm2 picture leaves are thrown away
/// (`wredrawln`) so curses repaints them in full, wiping its pixels (`PictureLayer` decides which).
final class CursesDriver: TerminalDriver {
    /// Past this many allocated colour pairs the driver resets them and repaints: `alloc_pair` does not evict
    /// in direct-colour mode, and the pair table ends at 32767 on many builds.
    static let pairResetThreshold = 30_000

    private let terminalName: String?
    /// The app loop's wake pipe, posted to on a window change (see `WindowChangeForwarding`); -1 for none.
    private let wakeDescriptor: Int32
    /// `--graphics`: what to draw pictures with, or detect it at start.
    private let graphicsOption: GraphicsOption
    /// Keys typed before the start, and a reply left unfinished then (see `init`).
    private let typedAhead: [UInt8]
    private let unfinishedReply: UnfinishedReply?
    private(set) var graphics = GraphicsSetup.halfBlocks
    private var pictureLayer = PictureLayer(setup: .halfBlocks)
    /// The tmux or screen in between, as learned at start (`TmuxQuery`); nil for a terminal reached directly.
    private var multiplexer: Multiplexer?
    private var screenHandle: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>?
    private var previous: CellGrid?
    private var highestPair: Int32 = 0
    /// The key code curses gives the focus report `CSI I` when the terminfo entry names it (0: none).
    private var focusInCode: Int32 = 0
    static let focusIn = "\u{1B}[I"
    static let focusReportsOn = "\u{1B}[?1004h"
    static let focusReportsOff = "\u{1B}[?1004l"
    private var colorCount: Int32 = 0
    /// Input read during the start-up queries that curses has not been given yet (see `InputBacklog`).
    private var backlog = InputBacklog()
    /// Whether curses may still hold backlog bytes in its `ungetch` queue: until it reports nothing waiting.
    private var isHandingBack = false
    private(set) var supportsUnicode = false
    /// How wide this terminal draws the graphemes terminals disagree on (measured at start).
    private var widths = GraphemeWidths.standard
    /// Whether colours are 24-bit values (a `*-direct` terminfo entry).
    private(set) var isDirectColor = false
    /// Why the app gave the terminal up to another job for good (see `JobControl`); nil while it has it.
    private(set) var lostTerminalReason: String?
    /// The model of the screen written after each frame for the end-to-end checks (`CHAT_TUI_SCREEN_DUMP`).
    private let screenDump = ScreenDumpWriter.fromEnvironment()

    /// `terminalName`: the terminfo entry to use (e.g. `xterm-direct` for truecolor); nil = `$TERM`.
    /// `wakeDescriptor`: where to post when the window changes size, so that the app's loop wakes from `poll`.
    /// `graphics`: the graphics protocol, or `.auto` to ask the terminal at start.
    /// `typedAhead`: key input read before the driver existed (`ColorProbe`), handed to curses first;
    /// `unfinishedReply`: a reply begun then and not ended, whose rest is skipped.
    init(
        terminalName: String? = nil, wakeDescriptor: Int32 = -1, graphics: GraphicsOption = .fixed(.halfblock),
        typedAhead: [UInt8] = [], unfinishedReply: UnfinishedReply? = nil
    ) {
        self.terminalName = terminalName
        self.wakeDescriptor = wakeDescriptor
        graphicsOption = graphics
        self.typedAhead = typedAhead
        self.unfinishedReply = unfinishedReply
    }

    /// Standard input, which ncurses reads.
    var inputDescriptor: Int32? { STDIN_FILENO }

    var size: TerminalSize {
        window == nil ? TerminalSize(width: 0, height: 0) : TerminalSize(width: Int(cn_cols()), height: Int(cn_lines()))
    }

    func start() throws {
        guard window == nil else { return }
        setlocale(LC_ALL, "")
        supportsUnicode = cn_utf8_locale() != 0
        _ = Self.lastResortRestore
        let environment = ProcessInfo.processInfo.environment
        let environmentType = environment["TERM"] ?? ""
        guard let type = terminalName ?? (environmentType.isEmpty ? nil : environmentType) else {
            throw TerminalError.terminalTypeNotSet
        }
        // The modes from before curses changes them, for the crash handler to put back.
        var shellModes = termios()
        let hasShellModes = tcgetattr(STDOUT_FILENO, &shellModes) == 0
        let eraseFree =
            EraseFreeTerminfo.isNeeded(environment: environment) ? EraseFreeTerminfo.compile(type: type) : nil
        let made = eraseFree.map { entry in entry.whileReadable { newterm(entry.name, cn_stdout(), cn_stdin()) } }
        guard let screen = made.flatMap({ $0 }) ?? newterm(type, cn_stdout(), cn_stdin()) else {
            throw TerminalError.unknownTerminal(type)
        }
        set_term(screen)
        // Nothing is drawn before this check, so a refused terminal is left as it was.
        guard Self.capability("cup") != nil else {
            endwin()
            delscreen(screen)
            throw TerminalError.noCursorAddressing(type)
        }
        screenHandle = screen
        if hasShellModes {
            FatalSignals.arm(descriptor: STDOUT_FILENO, modes: shellModes, resetSequence: Self.resetSequence())
        }
        window = cn_stdscr()
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        curs_set(0)
        set_escdelay(25)
        mouseinterval(0)
        mousemask(cn_button1_pressed() | cn_button1_clicked() | cn_button4_pressed() | cn_button5_pressed(), nil)
        if has_colors() {
            start_color()
            use_default_colors()
            colorCount = cn_colors()
            isDirectColor = colorCount >= 1 << 24
        }
        previous = nil
        graphics = detectGraphics(environment: environment)
        pictureLayer = PictureLayer(setup: graphics)
        if graphics.drawsPixels {
            // Shifting a row's text would leave a picture's pixels behind in the wrong cells.
            idcok(window, false)
            if hasShellModes && graphics.graphicsProtocol == .kitty {
                // Kitty keeps images apart from the text: a crash must delete them too.
                FatalSignals.arm(
                    descriptor: STDOUT_FILENO, modes: shellModes,
                    resetSequence: Array(
                        (graphics.passthrough == nil
                            ? KittyGraphics.deleteAll : TmuxPassthrough.wrap(KittyGraphics.deleteAll)).utf8)
                        + Self.resetSequence())
            }
        }
        // Focus reports (`CSI I` when the window has the focus again: tmux sends it on a switch back to the
        // app's window, which tmux has redrawn without the pictures) ask for a full repaint.
        _ = TerminalExchange.writeAll(Array(Self.focusReportsOn.utf8))
        focusInCode = key_defined(Self.focusIn)
        // newterm installed ncurses' SIGWINCH handler; ours runs it and then wakes the loop.
        WindowChangeForwarding.install(posting: wakeDescriptor)
    }

    /// Asks the terminal what it can show (unless half blocks were asked for, or the terminal is reached
    /// through screen or a tmux that passes no pictures and the protocol is automatic), waiting up to
    /// `GraphicsDetection.timeoutMilliseconds` for its answers. Inside tmux, tmux is asked first about its
    /// pane (`TmuxQuery`), and with passthrough on the questions go to the terminal outside. Keys typed
    /// meanwhile are separated from the answers and handed back to curses, so none is lost.
    private func detectGraphics(environment: [String: String]) -> GraphicsSetup {
        var replies = TerminalReplies()
        var typed: [UInt8] = []
        var unfinished = unfinishedReply
        // Half blocks by choice need nothing from tmux.
        multiplexer = graphicsOption == .fixed(.halfblock) ? nil : TmuxQuery.multiplexer(environment: environment)
        if GraphicsDetection.needsQuery(environment: environment, option: graphicsOption, multiplexer: multiplexer) {
            // Curses' set-up (the alternate screen) goes first, so that a terminal that shows a query it
            // does not know shows it where the first frame clears it.
            doupdate()
            var questions = GraphicsQuestions(option: graphicsOption, multiplexer: multiplexer, continuing: unfinished)
            let deadline = TerminalExchange.deadline(afterMilliseconds: GraphicsDetection.timeoutMilliseconds)
            while let question = questions.next(), TerminalExchange.writeAll(Array(question.utf8)),
                TerminalExchange.readReplies(
                    while: { questions.isWaiting }, until: deadline, { typed += questions.feed($0) })
            {}
            typed += questions.finish()
            replies = questions.replies
            unfinished = questions.unfinishedReply
        }
        if supportsUnicode { measureWidths(typed: &typed, unfinished: &unfinished) }
        backlog = InputBacklog(typedAhead + typed, skipping: unfinished, now: Self.now())
        handBackPiece()
        return GraphicsDetection.setup(
            environment: environment, replies: replies, option: graphicsOption,
            windowPixels: Self.windowPixels(), columns: Int(cn_cols()),
            rows: Int(cn_lines()), multiplexer: multiplexer)
    }

    /// Asks the terminal how wide it draws each kind of grapheme terminals disagree on (`GraphemeWidths`),
    /// drawing the samples on the blank screen before the first frame and erasing them, and lays all text out
    /// with the answers. Keys typed meanwhile go to `typed`; a kind without an answer in time is in doubt, and
    /// its graphemes are drawn in their width-safe form.
    private func measureWidths(typed: inout [UInt8], unfinished: inout UnfinishedReply?) {
        doupdate()
        var parser = TerminalReplyParser(continuing: unfinished)
        var replies: [TerminalReply] = []
        var answered = false
        func take(_ events: [TerminalReplyParser.Event]) {
            for event in events {
                switch event {
                case .input(let bytes): typed += bytes
                case .reply(.deviceAttributes): answered = true
                case .reply(let reply): replies.append(reply)
                }
            }
        }
        if TerminalExchange.writeAll(Array(GraphemeWidths.question.utf8)) {
            TerminalExchange.readReplies(
                while: { !answered },
                until: TerminalExchange.deadline(afterMilliseconds: GraphicsDetection.timeoutMilliseconds),
                { take(parser.feed($0)) })
        }
        take(parser.flush())
        unfinished = parser.unfinished
        widths = GraphemeWidths.measured(from: replies)
        // Behind tmux or screen the answers are the multiplexer's count, not the outer terminal's drawing.
        if Multiplexer.detect(environment: ProcessInfo.processInfo.environment) != nil {
            widths = widths.behindMultiplexer()
        }
        TextWidth.install(widths)
    }

    /// Gives curses the backlog's next piece; false (and no longer handing back) when the backlog is empty.
    @discardableResult
    private func handBackPiece() -> Bool {
        let piece = backlog.nextPiece()
        isHandingBack = !piece.isEmpty
        // ungetch is last in, first out.
        for byte in piece.reversed() { ungetch(Int32(byte)) }
        return isHandingBack
    }

    /// The monotonic clock, in nanoseconds (for `InputBacklog`'s skipped replies).
    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The bytes waiting on standard input now (at most `limit`), without blocking.
    private static func waitingInput(limit: Int = 4096) -> [UInt8] {
        var entry = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) > 0, entry.revents & Int16(POLLIN) != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// The window's size in pixels from `TIOCGWINSZ`, nil when the terminal leaves it 0.
    private static func windowPixels() -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_xpixel > 0, size.ws_ypixel > 0 else {
            return nil
        }
        return (Int(size.ws_xpixel), Int(size.ws_ypixel))
    }

    func stop() {
        guard let screen = window else { return }
        if lostTerminalReason != nil {
            // Another job owns the terminal now: nothing is written to it, nor are its modes changed.
            WindowChangeForwarding.remove()
            FatalSignals.disarm()
            if let screenHandle { delscreen(screenHandle) }
            screenHandle = nil
            window = nil
            previous = nil
            return
        }
        let removal = pictureLayer.removeAll()
        if !removal.rowsToRepaint.isEmpty {
            // Sixel and iTerm2 pixels go with the cells under them (a terminal without an alternate screen
            // would keep them).
            werase(screen)
            wrefresh(screen)
        }
        if !removal.output.isEmpty { _ = TerminalExchange.writeAll(Array(removal.output.utf8)) }
        _ = TerminalExchange.writeAll(Array(Self.focusReportsOff.utf8))
        WindowChangeForwarding.remove()
        endwin()
        FatalSignals.disarm()
        if let screenHandle { delscreen(screenHandle) }
        screenHandle = nil
        window = nil
        previous = nil
    }

    @discardableResult
    func draw(_ grid: CellGrid, pictures: [PixelPicture]) -> GraphicsError? {
        guard let window, lostTerminalReason == nil else { return nil }
        // In the background a frame would be drawn over the shell: wait for the terminal first.
        if !JobControl.ownsTerminal(STDIN_FILENO) && !regainTerminal() { return nil }
        if highestPair > Self.pairResetThreshold {
            reset_color_pairs()
            highestPair = 0
            previous = nil
        }
        var cleared = false
        if previous.map({ $0.width != grid.width || $0.height != grid.height }) ?? true {
            wclear(window)
            previous = nil
            cleared = true
        }
        let paints = ChangedCells.paints(
            from: previous, to: grid, unicode: supportsUnicode, widths: widths,
            cursesWidth: { Int(cn_wcwidth($0.value)) })
        let update = pictureLayer.update(to: pictures, painted: paints, fullRepaint: cleared)
        for row in update.rowsToRepaint where row < grid.height { wredrawln(window, Int32(row), 1) }
        for paint in paints {
            put(paint.cell, x: paint.x, y: paint.y, window: window)
        }
        previous = grid
        wnoutrefresh(window)
        doupdate()
        // After doupdate curses has written its frame, so the pictures land on top of it.
        if !update.output.isEmpty { _ = TerminalExchange.writeAll(Array(update.output.utf8)) }
        screenDump?.frameDrawn(
            paints: paints, size: TerminalSize(width: grid.width, height: grid.height), cleared: cleared,
            pictures: pictureLayer.shown
        ) {
            colorCount > 0
                ? ScreenDump.ResolvedColor(cursesValue: colorValue($0), direct: isDirectColor) : .terminalDefault
        }
        return update.failures.first
    }

    func readInput() -> TerminalInput {
        guard let window, lostTerminalReason == nil else { return .closed }
        wtimeout(window, 0)
        // Input that arrives while the backlog is handed over queues behind it, so keys keep their order; so
        // does the rest of a reply being skipped, read here in large pieces (a reply of a megabyte is a few
        // reads, not a million keys) and never given to curses.
        var skipped = 0
        if backlog.isSkipping {
            skipped = backlog.append(Self.waitingInput(limit: 65536), now: Self.now())
        } else if !backlog.isEmpty {
            backlog.append(Self.waitingInput())
        }
        if backlog.isSkipping && backlog.isEmpty && !isHandingBack { return skipped > 0 ? .ignored : .none }
        var code: wint_t = 0
        var status = wget_wch(window, &code)
        if status == cn_err() {
            // ERR with a zero timeout is "nothing waiting" (curses' queue is empty too); a terminal that went
            // away is noticed by the app's poll. In the background the read failed (EIO) while the poll saw
            // input waiting, the shell's: the app stops until it has the terminal back.
            if backlog.isEmpty && !JobControl.ownsTerminal(STDIN_FILENO) {
                return regainTerminal() ? .key(.resize) : .closed
            }
            guard handBackPiece() else { return .none }
            status = wget_wch(window, &code)
            if status == cn_err() { return .ignored }
        }
        // The app's loop sleeps in poll on standard input, which cannot see the backlog: wake it for the rest.
        if isHandingBack { WakeSignal.post(toDescriptor: wakeDescriptor) }
        let key: Key?
        if status == cn_key_code_yes() {
            key = functionKey(Int32(bitPattern: code))
            if key == .resize { noteResize() }
        } else {
            key = characterKey(code, window: window)
        }
        return key.map(TerminalInput.key) ?? .ignored
    }

    func invalidate() {
        // No previous frame: the next draw clears the screen (`wclear`) and paints every cell.
        previous = nil
        pictureLayer.invalidateAll()
    }

    /// Waits, stopped, until the app's job owns the terminal again (`JobControl`), then takes the terminal's
    /// modes back and repaints the whole screen, pictures too, at the next frame: the shell had it meanwhile.
    /// False, with `lostTerminalReason` set, when the app cannot wait.
    private func regainTerminal() -> Bool {
        if let reason = JobControl.awaitForeground(descriptor: STDIN_FILENO) {
            lostTerminalReason = reason
            return false
        }
        reset_prog_mode()
        invalidate()
        return true
    }

    func copyToClipboard(_ text: String) -> Bool {
        guard window != nil, let sequence = ClipboardSequence.bytes(for: text) else { return false }
        // ncurses has flushed its own output (doupdate), so the sequence goes out between frames.
        return TerminalExchange.writeAll(sequence)
    }

    /// A new window size may come with a new cell size (a font change): pictures are sized by it. Inside tmux
    /// the pane may also have moved (a split, a zoom): its corner is asked again.
    private func noteResize() {
        if graphics.drawsPixels, graphics.passthrough != nil,
            let moved = TmuxQuery.multiplexer(environment: ProcessInfo.processInfo.environment),
            moved.passesPictures
        {
            graphics.passthrough = moved
            pictureLayer.setPassthrough(moved)
        }
        guard graphics.drawsPixels,
            let cell = CellPixelSize.reported(
                reply: nil, windowPixels: Self.windowPixels(), columns: Int(cn_cols()),
                rows: Int(cn_lines()))
        else { return }
        graphics.cellPixelSize = cell
        graphics.cellSizeIsKnown = true
        pictureLayer.setCellPixelSize(cell)
    }

    private func characterKey(_ code: wint_t, window: UnsafeMutablePointer<WINDOW>) -> Key? {
        switch code {
        case 3: return .ctrlC
        case 27:
            var next: wint_t = 0
            let status = wget_wch(window, &next)
            guard status != cn_err() else { return .escape }
            // Esc pressed twice in a row is two keys (closing two overlays), not ESC starting a sequence; so is
            // Esc and then a key curses recognised (an arrow).
            if status == cn_key_code_yes() {
                ungetch(Int32(bitPattern: next))
                return .escape
            }
            if next == 27 {
                ungetch(27)
                return .escape
            }
            var introducer: UInt32? = UInt32(next)
            var unfinished: UnfinishedReply?
            let reading = EscapeSequence.resolve(
                next: {
                    if let first = introducer {
                        introducer = nil
                        return first
                    }
                    var more: wint_t = 0
                    return wget_wch(window, &more) == cn_err() ? nil : UInt32(more)
                }, unfinished: &unfinished)
            // A reply still coming: curses reads the terminal a byte at a time and holds none of the rest, so
            // the rest is read past curses and skipped.
            if let unfinished { backlog.skip(unfinished, now: Self.now()) }
            switch reading {
            case .key(let key): return key
            case .dropped: return nil
            case .escapeThen(let code):
                // The key typed right after Esc is read next, as itself.
                _ = unget_wch(wchar_t(bitPattern: code))
                return .escape
            }
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 9: return .tab
        case 1...26:
            return Unicode.Scalar(code + 0x60).map { .control(Character($0)) }
        default:
            guard let scalar = Unicode.Scalar(code), code >= 0x20, !(0x7F...0x9F).contains(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    private func functionKey(_ code: Int32) -> Key? {
        // A terminfo entry that names the focus report as a key (tmux's, with ncurses 6.4) makes curses read it.
        if focusInCode > 0 && code == focusInCode { return .focusIn }
        switch code {
        case cn_key_up(): return .up
        case cn_key_down(): return .down
        case cn_key_left(): return .left
        case cn_key_right(): return .right
        case cn_key_sleft(): return .shiftLeft
        case cn_key_sright(): return .shiftRight
        case cn_key_dc(): return .delete
        case cn_key_ppage(): return .pageUp
        case cn_key_npage(): return .pageDown
        case cn_key_home(): return .home
        case cn_key_end(): return .end
        case cn_key_backspace(): return .backspace
        case cn_key_enter(): return .enter
        case cn_key_resize(): return .resize
        case cn_key_mouse():
            var event = MEVENT()
            guard getmouse(&event) == cn_ok() else { return nil }
            if event.bstate & (cn_button1_pressed() | cn_button1_clicked()) != 0 {
                return .mouse(x: Int(event.x), y: Int(event.y))
            }
            if event.bstate & cn_button4_pressed() != 0 { return .wheelUp(x: Int(event.x), y: Int(event.y)) }
            if event.bstate & cn_button5_pressed() != 0 { return .wheelDown(x: Int(event.x), y: Int(event.y)) }
            return nil
        default: return nil
        }
    }

    private func put(_ cell: Cell, x: Int, y: Int, window: UnsafeMutablePointer<WINDOW>) {
        // Graphemes whose width is in doubt come here in their width-safe form already (`ChangedCells`).
        let text = Array(cell.text.unicodeScalars)
        var characters = text.prefix(Int(CCHARW_MAX) - 1).map { wchar_t(bitPattern: $0.value) }
        if characters.isEmpty { characters = [wchar_t(32)] }
        characters.append(0)
        var pair = colorPair(cell.foreground, cell.background)
        var complex = cchar_t()
        setcchar(&complex, characters, attributes(cell.style), 0, &pair)
        wmove(window, Int32(y), Int32(x))
        wadd_wch(window, &complex)
    }

    private func attributes(_ style: CellStyle) -> attr_t {
        var attributes = cn_a_normal()
        if style.contains(.bold) { attributes |= cn_a_bold() }
        if style.contains(.reverse) { attributes |= cn_a_reverse() }
        if style.contains(.dim) { attributes |= cn_a_dim() }
        if style.contains(.underline) { attributes |= cn_a_underline() }
        return attributes
    }

    private func colorPair(_ foreground: TerminalColor, _ background: TerminalColor) -> Int32 {
        guard colorCount > 0 else { return 0 }
        if foreground == .terminalDefault && background == .terminalDefault { return 0 }
        let pair = alloc_pair(colorValue(foreground), colorValue(background))
        guard pair > 0 else { return 0 }
        highestPair = max(highestPair, pair)
        return pair
    }

    /// The ncurses colour number for a colour on this terminal: -1 for the default; in direct mode
    /// `r<<16|g<<8|b` (clamped to >= 8, since 0...7 still mean palette entries); otherwise the perceptually
    /// nearest palette index the terminal has (the renderer normally chose one already).
    private func colorValue(_ color: TerminalColor) -> Int32 {
        switch color {
        case .terminalDefault:
            return -1
        case .indexed(let index):
            if isDirectColor {
                return index < 8 ? Int32(index) : Self.packed(XtermPalette.color(ofIndex: index))
            }
            if Int32(index) < colorCount { return Int32(index) }
            let rgb = XtermPalette.color(ofIndex: index)
            return paletteIndex(r: rgb.r, g: rgb.g, b: rgb.b)
        case .rgb(let r, let g, let b):
            return isDirectColor ? Self.packed(RGBA8(r: r, g: g, b: b)) : paletteIndex(r: r, g: g, b: b)
        }
    }

    private func paletteIndex(r: UInt8, g: UInt8, b: UInt8) -> Int32 {
        if colorCount >= 256 { return Int32(XtermPalette.nearestExtendedIndex(r: r, g: g, b: b)) }
        let ansi = Int32(XtermPalette.nearestANSIIndex(r: r, g: g, b: b))
        return ansi < colorCount ? ansi : ansi % 8
    }

    private static func packed(_ rgb: RGBA8) -> Int32 {
        max(8, Int32(rgb.r) << 16 | Int32(rgb.g) << 8 | Int32(rgb.b))
    }

    /// Whether the terminfo database has an entry named `name` (looked up without writing to the terminal).
    static func terminfoExists(_ name: String) -> Bool { cn_terminfo_exists(name) != 0 }

    /// The terminfo string capability `name` of the current terminal, without its padding (`$<5>`); nil when
    /// the terminal has none.
    private static func capability(_ name: String) -> [UInt8]? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        var bytes = Array(String(cString: value).utf8)
        while let start = bytes.firstRange(of: Array("$<".utf8)),
            let end = bytes[start.upperBound...].firstIndex(of: UInt8(ascii: ">"))
        {
            bytes.removeSubrange(start.lowerBound...end)
        }
        return bytes
    }

    /// What undoes the screen changes of a session, for a crash: mouse reports off (xterm-style terminals,
    /// those with a mouse key), keypad mode off, attributes reset, cursor shown, alternate screen left.
    private static func resetSequence() -> [UInt8] {
        let mouseOff =
            capability("kmous") == nil ? [] : Array("\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l".utf8)
        return mouseOff + Array(focusReportsOff.utf8)
            + ["rmkx", "sgr0", "cnorm", "rmcup"].flatMap { capability($0) ?? [] }
    }

    /// Registered once: an `atexit` hook that leaves curses mode if the process exits while a screen is active.
    private static let lastResortRestore: Void = {
        atexit { cn_restore_terminal() }
    }()
}

extension LinkedLibrary {
    /// The interactive app's library: ncurses (`curses_version` says `ncurses 6.4.20221231`).
    static var terminal: [LinkedLibrary] {
        let text = curses_version().map { String(cString: $0) } ?? "unknown"
        return [LinkedLibrary(name: "ncurses", version: text.hasPrefix("ncurses ") ? String(text.dropFirst(8)) : text)]
    }
}
