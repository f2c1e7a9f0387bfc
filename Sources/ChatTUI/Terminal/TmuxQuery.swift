import Foundation
import TerminalUI

/// Asks the tmux the app runs in about its pane (`Multiplexer.tmuxDisplayArguments`: `allow-passthrough`, where
/// the pane is, the terminal outside), waiting at most `timeoutMilliseconds`: a tmux that does not answer (a
/// stale socket, a busy server) never holds up the start, it only means pictures stay half blocks.
enum TmuxQuery {
    static let timeoutMilliseconds = 300

    /// The multiplexer the environment names, with what tmux said about it; nil outside tmux and screen.
    static func multiplexer(environment: [String: String]) -> Multiplexer? {
        guard let kind = Multiplexer.detect(environment: environment) else { return nil }
        guard kind == .tmux else { return Multiplexer(kind: kind) }
        let display = run(Multiplexer.tmuxDisplayArguments(environment: environment))
        return Multiplexer.tmux(display: display, environment: environment)
    }

    /// The output of `tmux ARGUMENTS` (the `tmux` on PATH, which finds its server through `TMUX`), nil when it
    /// cannot run, fails or does not finish in time (then it is ended).
    private static func run(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch { return nil }
        guard finished.wait(timeout: .now() + .milliseconds(timeoutMilliseconds)) == .success else {
            process.terminate()
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        // One short line is expected; more is not tmux's answer.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return data.count <= 4096 ? String(decoding: data, as: UTF8.self) : nil
    }
}
