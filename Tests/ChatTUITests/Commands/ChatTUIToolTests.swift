import ArgumentParsing
import GroupExport
import Testing

@testable import ChatTUI

@Suite struct ChatTUIToolTests {
    private func run(_ arguments: [String]) async -> (ArgumentParsing.ExitStatus, out: String, err: String) {
        let out = LockedText(), err = LockedText()
        let output = CommandOutput(
            standardOutput: { out.append($0) }, standardError: { err.append($0) },
            errorIsTerminal: false)
        return (await CommandLineTool.chatTUI.run(arguments, output: output), out.text, err.text)
    }

    @Test func versionNamesEveryCLibraryWithItsVersion() async throws {
        for flag in ["--version", "-V"] {
            let (status, out, err) = await run([flag])
            #expect(status == .success && err.isEmpty)
            let lines = out.split(separator: "\n").map(String.init)
            #expect(lines.first == "chat-tui \(ProductVersion.text)")
            let libraries = [
                "libpng", "libjpeg-turbo", "libwebp", "giflib", "libheif", "libtiff", "lcms2", "zlib",
                "libdeflate", "FreeType", "HarfBuzz", "fontconfig", "libcurl", "libsixel", "ncurses",
            ]
            let formatsAt = try #require(lines.firstIndex(of: "member photo formats read:"))
            let libraryLines = lines[1..<formatsAt]
            #expect(libraryLines.map { String($0.prefix { $0 != " " }) } == libraries)
            // Each format with the library that reads it and its version.
            #expect(
                lines[(formatsAt + 1)...].map { String($0.drop { $0 == " " }.prefix { $0 != ":" }) }
                    == ["PNG", "JPEG", "WebP", "GIF", "HEIC", "AVIF", "TIFF", "BMP"])
            #expect(lines.contains("  HEIC: " + (libraryLines.first { $0.hasPrefix("libheif ") } ?? "-")))
            for line in libraryLines {
                // A name, a dotted version of at least two numbers, and a note when it is the headers' version.
                #expect(
                    line.wholeMatch(of: /[A-Za-z][A-Za-z0-9-]* [0-9]+(\.[0-9]+)+( \(built against\))?/) != nil,
                    "\(line)")
            }
            #expect(lines.contains { $0.hasPrefix("libjpeg-turbo ") && $0.hasSuffix(" (built against)") })
            #expect(lines.contains { $0.hasPrefix("libpng ") && !$0.hasSuffix(")") }, "libpng's run-time version")
        }
    }

    @Test func versionWithMoreArgumentsIsAUsageError() async {
        for arguments in [["--version", "--bogus"], ["-V", "export"]] {
            let (status, out, err) = await run(arguments)
            #expect(status == .usage)
            #expect(out.isEmpty)
            #expect(err.hasPrefix("chat-tui: \(arguments[0]) takes no arguments, got '\(arguments[1])'\n"), "\(err)")
        }
    }
}
