import ArgumentParsing
import Support
import TerminalUI

/// A one-line progress bar on standard error, drawn only when it is a terminal; a running count when the
/// total is not known (a streamed fixture).
struct ProgressBar {
    let total: Int?
    let output: CommandOutput
    /// `--quiet`: no bar (messages still print; the caller leaves out what quiet drops).
    let quiet: Bool
    private(set) var done = 0

    init(total: Int?, output: CommandOutput, quiet: Bool = false) {
        self.total = total; self.output = output; self.quiet = quiet
    }

    private var drawsBar: Bool { output.errorIsTerminal && !quiet }

    mutating func advance() {
        done += 1
        draw()
    }

    /// Prints a message line (sanitised: it may quote fixture text) without tearing the bar.
    func print(_ line: String) {
        output.standardError((drawsBar ? "\r\u{1B}[2K" : "") + Sanitizer.clean(line) + "\n")
        draw()
    }

    func finish() {
        if drawsBar { output.standardError("\r\u{1B}[2K") }
    }

    private func draw() {
        guard drawsBar else { return }
        guard let total else {
            output.standardError("\r\(done) groups done")
            return
        }
        guard total > 0 else { return }
        let width = 30
        let filled = done * width / total
        output.standardError(
            "\r[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: width - filled))] \(done)/\(total)"
        )
    }
}
