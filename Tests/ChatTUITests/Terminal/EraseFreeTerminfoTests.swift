import Foundation
import Testing

@testable import ChatTUI

/// mlterm's ECH erased too few columns beside wide characters: curses gets an entry without it there.
@Suite struct EraseFreeTerminfoTests {
    @Test func onlyMltermSeenDirectlyNeedsIt() {
        #expect(EraseFreeTerminfo.isNeeded(environment: ["MLTERM": "3.9.0", "TERM": "xterm-256color"]))
        #expect(!EraseFreeTerminfo.isNeeded(environment: ["TERM": "xterm-256color"]))
        #expect(!EraseFreeTerminfo.isNeeded(environment: ["TERM": "xterm-kitty"]))
        // tmux or screen inside mlterm read the app's ECH themselves.
        #expect(!EraseFreeTerminfo.isNeeded(environment: ["MLTERM": "3.9.0", "TMUX": "/tmp/tmux-0/default,1,0"]))
        #expect(!EraseFreeTerminfo.isNeeded(environment: ["MLTERM": "3.9.0", "STY": "1.pts-0.host"]))
    }

    @Test(arguments: ["", "../etc", "a b", "x,ech=\\E[X", "xterm\n", "é", String(repeating: "x", count: 65)])
    func aNameThatIsNotPlainCompilesNothing(_ type: String) {
        #expect(!EraseFreeTerminfo.isPlainName(type))
        #expect(EraseFreeTerminfo.compile(type: type) == nil)
    }

    @Test func theEntryIsTheTerminalsWithoutECHAndGoesAwayAfterUse() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/infocmp"), "ncurses-bin")
        let entry = try #require(EraseFreeTerminfo.compile(type: "xterm-256color"))
        #expect(entry.name == "xterm-256color-noech")
        let original = capabilities("xterm-256color", folder: nil)
        let erasing = capabilities(entry.name, folder: entry.folder)
        #expect(original.contains { $0.hasPrefix("ech=") })
        #expect(!erasing.contains { $0.hasPrefix("ech=") })
        #expect(erasing.contains { $0.hasPrefix("cup=") } && erasing.contains { $0.hasPrefix("colors#") })
        let previous = getenv("TERMINFO").map { String(cString: $0) }
        let seen = entry.whileReadable { getenv("TERMINFO").map { String(cString: $0) } }
        #expect(seen == entry.folder)
        #expect(getenv("TERMINFO").map { String(cString: $0) } == previous)
        #expect(!FileManager.default.fileExists(atPath: entry.folder))
    }

    @Test func aMissingTicMeansNoEntry() {
        #expect(EraseFreeTerminfo.compile(type: "xterm-256color", tic: "/nonexistent/tic") == nil)
    }

    /// `infocmp -1`'s capability lines for `name`, from `folder` when given.
    private func capabilities(_ name: String, folder: String?) -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/infocmp")
        process.arguments = (folder.map { ["-A", $0] } ?? []) + ["-1", "-x", name]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
