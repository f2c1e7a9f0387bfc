import ArgumentParsing
import Support
import TerminalUI

/// The progress of a batch on standard error, one line redrawn in place, only when it is a terminal:
/// `[#####.......] 12 of 35 groups, 4.1 groups/s, 6 s left`, or `12 groups, 4.1 groups/s` when the total is
/// not known (a streamed fixture, a shard). Redrawn at most every `redrawInterval` seconds of `clock` (and
/// once more at the last group), so a fast batch does not spend its time on the terminal; when standard error
/// is no terminal nothing is drawn at all, and the caller prints only its summary line.
struct ProgressBar {
    /// Seconds between redraws, at least (about ten a second).
    static let redrawInterval = 0.1

    let total: Int?
    let output: CommandOutput
    /// `--quiet`: no bar (messages still print; the caller leaves out what quiet drops).
    let quiet: Bool
    /// Seconds from any fixed origin, increasing: the process's monotonic clock; tests move one by hand.
    let clock: () -> Double
    private(set) var done = 0
    private let startedAt: Double
    /// When the bar was last drawn, nil before the first time.
    private var drawnAt: Double?
    private var finished = false

    init(
        total: Int?, output: CommandOutput, quiet: Bool = false,
        clock: @escaping () -> Double = ProgressBar.monotonicSeconds
    ) {
        self.total = total; self.output = output; self.quiet = quiet; self.clock = clock
        startedAt = clock()
    }

    /// The monotonic clock in seconds.
    static func monotonicSeconds() -> Double {
        let elapsed = origin.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private static let origin = ContinuousClock.now

    private var drawsBar: Bool { output.errorIsTerminal && !quiet && !finished }

    /// One more group finished; redraws when the last redraw is `redrawInterval` old or this was the last.
    mutating func advance() {
        done += 1
        guard drawsBar else { return }
        let now = clock()
        let isLast = total.map { done >= $0 } ?? false
        if isLast || drawnAt.map({ now - $0 >= Self.redrawInterval }) ?? true { draw(at: now) }
    }

    /// Prints a message line (sanitised: it may quote fixture text) without tearing the bar, which is drawn
    /// again below it.
    mutating func print(_ line: String) {
        output.standardError((drawsBar && drawnAt != nil ? "\r\u{1B}[2K" : "") + Sanitizer.clean(line) + "\n")
        if drawsBar, drawnAt != nil { draw(at: clock()) }
    }

    /// Clears the bar for good, before the summary line: lines printed after it stand alone.
    mutating func finish() {
        if drawsBar, drawnAt != nil { output.standardError("\r\u{1B}[2K") }
        drawnAt = nil
        finished = true
    }

    /// The bar's text at `now`.
    func line(at now: Double) -> String {
        let elapsed = now - startedAt
        let rate = elapsed > 0 ? Double(done) / elapsed : nil
        var parts: [String]
        if let total, total > 0 {
            let width = 20
            let filled = min(width, done * width / total)
            let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
            parts = ["\(bar) \(done) of \(total) group\(total == 1 ? "" : "s")"]
        } else {
            parts = ["\(done) group\(done == 1 ? "" : "s")"]
        }
        if let rate, done > 0 {
            parts.append(Self.rateText(rate))
            if let total, done < total { parts.append(Self.durationText(Double(total - done) / rate) + " left") }
        }
        return parts.joined(separator: ", ")
    }

    private mutating func draw(at now: Double) {
        drawnAt = now
        output.standardError("\r\u{1B}[2K" + line(at: now))
    }

    /// `4.1 groups/s`, `250 groups/s`, `0.05 groups/s`.
    static func rateText(_ rate: Double) -> String {
        let text =
            rate >= 100
            ? String(Int(rate.rounded())) : rate >= 1 ? format(rate, decimals: 1) : format(rate, decimals: 2)
        return text + " groups/s"
    }

    /// `6 s`, `2 min 05 s`, `1 h 03 min`.
    static func durationText(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(twoDigits(whole % 60)) s" }
        return "\(whole / 3600) h \(twoDigits(whole % 3600 / 60)) min"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func format(_ value: Double, decimals: Int) -> String {
        let scale = decimals == 1 ? 10.0 : 100.0
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale), fraction = scaled % Int(scale)
        return "\(whole)." + (decimals == 2 && fraction < 10 ? "0\(fraction)" : "\(fraction)")
    }
}
