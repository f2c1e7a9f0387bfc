import ArgumentParsing
import Support
import Testing

@testable import ChatTUI

/// The batch progress line: `N of M groups`, the rate and the time left, redrawn in place at most ten times a
/// second of an injected clock, and nothing at all when standard error is no terminal.
@Suite struct ProgressBarTests {
    /// What a command wrote to standard error, and a clock a test moves.
    final class Recorder: Sendable {
        let written = LockedState<[String]>([])
        let now = LockedState(100.0)
        func output(terminal: Bool) -> CommandOutput {
            CommandOutput(
                standardOutput: { _ in }, standardError: { text in self.written.withLock { $0.append(text) } },
                errorIsTerminal: terminal)
        }
        var writes: [String] { written.withLock { $0 } }
        func advance(_ seconds: Double) { now.withLock { $0 += seconds } }
    }

    @Test func aTerminalSeesCountRateAndTimeLeft() {
        let recorder = Recorder()
        var bar = ProgressBar(
            total: 40, output: recorder.output(terminal: true), clock: { recorder.now.withLock { $0 } })
        for _ in 0..<10 {
            recorder.advance(0.5)
            bar.advance()
        }
        // 10 groups in 5 s: 2 groups/s, 30 to go: 15 s.
        #expect(recorder.writes.last == "\r\u{1B}[2K[#####...............] 10 of 40 groups, 2.0 groups/s, 15 s left")
        #expect(recorder.writes.count == 10, "each draw half a second after the last")
    }

    @Test func redrawsAtMostTenTimesASecondAndAtTheEnd() {
        let recorder = Recorder()
        var bar = ProgressBar(
            total: 1000, output: recorder.output(terminal: true), clock: { recorder.now.withLock { $0 } })
        for _ in 0..<1000 {
            recorder.advance(0.001)  // 1000 groups in one second
            bar.advance()
        }
        #expect(recorder.writes.count <= 12 && recorder.writes.count >= 9, "\(recorder.writes.count) redraws")
        #expect(
            recorder.writes.last?.hasSuffix("1000 of 1000 groups, 1000 groups/s") == true,
            "\(recorder.writes.last ?? "")")
        bar.finish()
        bar.print("warning: after the end")
        #expect(recorder.writes.suffix(2) == ["\r\u{1B}[2K", "warning: after the end\n"])
    }

    @Test func messagesPrintAboveTheBar() {
        let recorder = Recorder()
        var bar = ProgressBar(
            total: nil, output: recorder.output(terminal: true), clock: { recorder.now.withLock { $0 } })
        recorder.advance(2)
        bar.advance()
        bar.print("warning: \u{1B}]0;title\u{07}x")
        #expect(
            recorder.writes == [
                "\r\u{1B}[2K1 group, 0.50 groups/s", "\r\u{1B}[2Kwarning: ^[]0;title^Gx\n",
                "\r\u{1B}[2K1 group, 0.50 groups/s",
            ])
    }

    @Test func nothingIsAnimatedWhenStandardErrorIsNoTerminal() {
        for (terminal, quiet) in [(false, false), (true, true)] {
            let recorder = Recorder()
            var bar = ProgressBar(
                total: 5, output: recorder.output(terminal: terminal), quiet: quiet,
                clock: { recorder.now.withLock { $0 } })
            for _ in 0..<5 {
                recorder.advance(1)
                bar.advance()
            }
            bar.print("warning: w")
            bar.finish()
            #expect(recorder.writes == ["warning: w\n"])
        }
    }

    @Test func durationsAndRatesRead() {
        #expect(ProgressBar.durationText(5.2) == "6 s")
        #expect(ProgressBar.durationText(125) == "2 min 05 s")
        #expect(ProgressBar.durationText(3780) == "1 h 03 min")
        #expect(ProgressBar.rateText(4.14) == "4.1 groups/s")
        #expect(ProgressBar.rateText(0.05) == "0.05 groups/s")
        #expect(ProgressBar.rateText(250.4) == "250 groups/s")
    }
}
