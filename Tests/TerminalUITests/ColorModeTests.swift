import Foundation
import Testing

@testable import TerminalUI

@Suite struct ColorModeTests {
    @Test(
        arguments: [
            ([:], ColorMode.monochrome),
            (["TERM": "dumb"], .monochrome),
            (["TERM": "xterm"], .palette16),
            (["TERM": "linux"], .palette16),
            (["TERM": "xterm-256color"], .palette256),
            (["TERM": "screen-256color"], .palette256),
            (["TERM": "xterm-direct"], .truecolor),
            (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .truecolor),
            (["TERM": "xterm", "COLORTERM": "24bit"], .truecolor),
            (["TERM": "xterm-256color", "COLORTERM": "yes"], .palette256),
            (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], .monochrome),
            (["TERM": "xterm-256color", "NO_COLOR": ""], .palette256),
        ] as [([String: String], ColorMode)])
    func detectsFromEnvironment(environment: [String: String], expected: ColorMode) {
        #expect(ColorMode.detect(environment: environment) == expected)
    }

    @Test func overrideWinsOverEverything() {
        let environment = ["TERM": "dumb", "NO_COLOR": "1"]
        #expect(ColorMode.detect(environment: environment, override: .truecolor) == .truecolor)
        #expect(ColorMode.detect(environment: ["TERM": "xterm-direct"], override: .palette16) == .palette16)
    }

    @Test func parsesColorOption() {
        #expect(ColorMode.Option(argument: "auto") == .auto)
        #expect(ColorMode.Option(argument: "truecolor") == .fixed(.truecolor))
        #expect(ColorMode.Option(argument: "256") == .fixed(.palette256))
        #expect(ColorMode.Option(argument: "16") == .fixed(.palette16))
        #expect(ColorMode.Option(argument: "none") == .fixed(.monochrome))
        #expect(ColorMode.Option(argument: "8") == nil)
        #expect(ColorMode.Option(argument: "auto")?.override == nil)
        #expect(ColorMode.Option(argument: "NONE")?.override == .monochrome)
    }

    @Test func choosesDirectTerminfoEntry() {
        #expect(ColorMode.directTerminfoName(for: "xterm-256color", colorterm: "truecolor") == "xterm-direct")
        #expect(ColorMode.directTerminfoName(for: "tmux-256color", colorterm: "24bit") == "tmux-direct")
        #expect(ColorMode.directTerminfoName(for: "xterm-kitty", colorterm: "truecolor") == "kitty-direct")
        #expect(ColorMode.directTerminfoName(for: "alacritty", colorterm: "truecolor") == "alacritty-direct")
        #expect(ColorMode.directTerminfoName(for: "vte-256color", colorterm: "truecolor") == "vte-direct")
        // Debian has no screen-direct or linux-direct entry.
        #expect(ColorMode.directTerminfoName(for: "screen-256color", colorterm: "truecolor") == nil)
        #expect(ColorMode.directTerminfoName(for: "linux", colorterm: "truecolor") == nil)
        // Already direct, or truecolor not announced: keep TERM.
        #expect(ColorMode.directTerminfoName(for: "xterm-direct", colorterm: "truecolor") == nil)
        #expect(ColorMode.directTerminfoName(for: "xterm-256color", colorterm: nil) == nil)
        #expect(ColorMode.directTerminfoName(for: "xterm-256color", colorterm: "yes") == nil)
    }

    @Test func directEntriesExistOnThisSystem() throws {
        // The table must only name entries ncurses-term really ships (skipped where it is not installed).
        let names = [
            "xterm", "tmux", "kitty", "alacritty", "vte", "konsole", "st", "iterm2", "mintty", "mlterm",
            "nsterm", "vscode",
        ]
        let roots = ["/usr/share/terminfo", "/lib/terminfo"]
        func installed(_ entry: String) -> Bool {
            let letter = String(entry.prefix(1))
            return roots.contains { FileManager.default.fileExists(atPath: "\($0)/\(letter)/\(entry)") }
        }
        try #require(installed("xterm-direct"), "ncurses-term not installed")
        for name in names {
            let entry = try #require(ColorMode.directTerminfoName(for: name + "-256color", colorterm: "truecolor"))
            #expect(installed(entry), "\(entry) missing")
        }
    }
}
