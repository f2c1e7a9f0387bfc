import FileSystem
import Foundation

/// A terminfo entry like the terminal's own but without ECH (`ech`), for a terminal whose ECH erases too few
/// columns on a line holding wide characters: mlterm 3.9 left the end of a CJK name inside the help box. Curses
/// then writes blanks instead. ncurses reads its capabilities into a private copy when the screen is made, so
/// taking `ech` away afterwards does nothing; the entry is compiled by `tic` (ncurses' own compiler, in every
/// Debian system) into a private folder read through `TERMINFO` while curses starts, then removed.
struct EraseFreeTerminfo {
    /// The folder holding the compiled entry.
    let folder: String
    /// The entry's name: the terminal type with `-noech` after it.
    let name: String

    /// Whether the terminal's ECH must be avoided: mlterm names itself in `MLTERM`. Behind tmux or screen the
    /// multiplexer reads the app's ECH and draws its own way.
    static func isNeeded(environment: [String: String]) -> Bool {
        environment["MLTERM"] != nil && environment["TMUX"] == nil && environment["STY"] == nil
    }

    /// The source text `tic` compiles: `type` with `ech` cancelled.
    static func source(type: String) -> String {
        "\(type)-noech|\(type) without ECH,\n\tech@, use=\(type),\n"
    }

    /// Whether `type` can go into a terminfo source as it is (terminfo names are letters, digits and `.+-_`).
    static func isPlainName(_ type: String) -> Bool {
        !type.isEmpty && type.count <= 64
            && type.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ".+-_".unicodeScalars.contains($0))
            }
    }

    /// Compiles the entry for `type` into a new temporary folder; nil (curses keeps ECH) when the name is not
    /// plain, `tic` is missing or fails.
    static func compile(type: String, tic: String = "/usr/bin/tic") -> EraseFreeTerminfo? {
        guard isPlainName(type), FileIO.exists(tic),
            let folder = try? FileIO.makeTemporaryDirectory(prefix: "chat-tui-terminfo")
        else { return nil }
        let sourcePath = folder + "/entry.src"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tic)
        process.arguments = ["-x", "-o", folder, sourcePath]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try FileIO.writeAtomically(Array(source(type: type).utf8), to: sourcePath)
            try process.run()
            process.waitUntilExit()
        } catch {
            FileIO.removeTree(folder)
            return nil
        }
        guard process.terminationStatus == 0 else {
            FileIO.removeTree(folder)
            return nil
        }
        return EraseFreeTerminfo(folder: folder, name: type + "-noech")
    }

    /// Runs `body` (which makes the curses screen) with `TERMINFO` naming the folder, then puts `TERMINFO`
    /// back and removes the folder: curses has read the entry by then.
    func whileReadable<T>(_ body: () throws -> T) rethrows -> T {
        let previous = getenv("TERMINFO").map { String(cString: $0) }
        setenv("TERMINFO", folder, 1)
        defer {
            if let previous { setenv("TERMINFO", previous, 1) } else { unsetenv("TERMINFO") }
            FileIO.removeTree(folder)
        }
        return try body()
    }
}
