import FileSystem
import Fixtures
import Foundation
import GroupIcon
import Support
import Testing

@testable import GroupExport

@Suite struct PresetFileTests {
    private func temporaryFolder() throws -> String {
        try FileIO.makeTemporaryDirectory(prefix: "chat-tui-presets")
    }

    @Test func savedPresetsReadBackTheSameParameters() throws {
        let folder = try temporaryFolder()
        defer { FileIO.removeTree(folder) }
        let path = folder + "/config/chat-tui/presets.json"
        var parameters = CompositionParameters(
            layout: .grid, size: 120, scale: 2, margin: 132.0 / 18 + 1, padding: 0,
            cornerRadius: 10, tileRadius: 4, background: RGBA8(r: 1, g: 2, b: 3, a: 200))
        parameters.options[GridLayout.columns] = 2
        var file = PresetFile(path: path)
        file.save(parameters, as: "tight")
        file.save(CompositionParameters(layout: .qq), as: "ring \"quoted\"")
        try file.write()
        let loaded = try PresetFile.load(path: path)
        #expect(loaded == file)
        #expect(try loaded.parameters(named: "tight") == parameters)
        #expect(try loaded.parameters(named: "ring \"quoted\"") == CompositionParameters(layout: .qq))
        // Saving under a name in use replaces that preset in place.
        file.save(CompositionParameters(layout: .dingtalk), as: "tight")
        #expect(file.presets.map(\.name) == ["tight", "ring \"quoted\""])
        #expect(try file.parameters(named: "tight").layout == .dingtalk)
    }

    @Test func theFileIsTheDocumentedFormat() throws {
        var file = PresetFile(path: "/p.json")
        file.save(CompositionParameters(layout: .qq, margin: 4, background: .white), as: "tight")
        #expect(
            file.jsonText
                == "{\n  \"presets\": {\n    \"tight\": {\"layout\": \"qq\", \"margin\": 4, \"background\": \"#FFFFFF\"}\n  }\n}\n"
        )
        let decoded = try PresetFile.decode(Array(file.jsonText.utf8), path: "/p.json")
        #expect(
            try decoded.parameters(named: "tight") == CompositionParameters(layout: .qq, margin: 4, background: .white))
    }

    @Test func aMissingFileMeansNoPresets() throws {
        let folder = try temporaryFolder()
        defer { FileIO.removeTree(folder) }
        let file = try PresetFile.load(path: folder + "/none.json")
        #expect(file.presets.isEmpty)
        #expect(throws: PresetError.notFound(name: "x", file: folder + "/none.json", available: [])) {
            _ = try file.parameters(named: "x")
        }
    }

    /// A presets file that is a link to itself is a problem to name, not "no presets" (which would also
    /// let a save replace the link).
    @Test func aLinkLoopIsNamedNotTakenForNoPresets() throws {
        let folder = try temporaryFolder()
        defer { FileIO.removeTree(folder) }
        let path = folder + "/presets.json"
        try #require(symlink(path, path) == 0)
        #expect(
            throws: PresetError.unreadable("\(path): too many levels of symbolic links (a link points back to itself)")
        ) {
            _ = try PresetFile.load(path: path)
        }
    }

    @Test func mistakesNameTheFileThePresetAndTheKey() throws {
        func problem(_ json: String) -> String {
            do {
                _ = try PresetFile.decode(Array(json.utf8), path: "/cfg/presets.json")
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(problem("{\"presets\": {\"a\": {\"margin\": 4,}}}").hasPrefix("/cfg/presets.json:1:"))
        #expect(
            problem("{\"presets\": {\"a\": {\"marign\": 4}}}")
                == "/cfg/presets.json: presets.a.marign: unknown parameter (did you mean margin?)")
        #expect(
            problem("{\"presets\": {\"a\": {\"margin\": 90}}}")
                == "/cfg/presets.json: presets.a.margin: expected a length in points from 0 to 33, got 90")
        #expect(problem("{\"presets\": {\"a\": {\"centre-rings\": \"maybe\"}}}").contains("presets.a.centre-rings"))
        #expect(
            problem("{\"presets\": {\"a\": {\"size\": null}}}").contains("presets.a.size: expected a size in points"))
        #expect(problem("{\"presets\": []}") == "/cfg/presets.json: presets: expected an object of named presets")
        #expect(problem("[]").contains("the top level"))
        #expect(problem("{}").contains("presets: missing"))
        // null and "auto" mean the layout's own value.
        #expect(
            problem("{\"presets\": {\"a\": {\"margin\": null, \"padding\": \"auto\", \"centre-rings\": true}}}")
                == "no error")
    }

    @Test func twoAppsSavingKeepEachOthersPresetsAndHandEdits() throws {
        let folder = try temporaryFolder()
        defer { FileIO.removeTree(folder) }
        let path = folder + "/presets.json"
        try FileIO.writeAtomically(Array("{\"presets\": {\"old\": {\"layout\": \"qq\"}}}".utf8), to: path)
        // Both apps read the file at start.
        var first = try PresetFile.load(path: path)
        var second = try PresetFile.load(path: path)
        first.save(CompositionParameters(layout: .dingtalk), as: "fromA")
        try first.write()
        // A preset added by hand meanwhile.
        var byHand = try PresetFile.load(path: path)
        byHand.save(CompositionParameters(layout: .grid), as: "byHand")
        try FileIO.writeAtomically(Array(byHand.jsonText.utf8), to: path)
        second.save(CompositionParameters(layout: .wechat, margin: 3), as: "fromB")
        second.save(CompositionParameters(layout: .qq, margin: 2), as: "old")
        try second.write()
        let onDisk = try PresetFile.load(path: path)
        #expect(onDisk.presets.map(\.name) == ["old", "fromA", "byHand", "fromB"])
        #expect(try onDisk.parameters(named: "old") == CompositionParameters(layout: .qq, margin: 2))
        #expect(try onDisk.parameters(named: "fromA").layout == .dingtalk)
        // The saving app now holds what the file holds.
        #expect(second == onDisk && second.unsavedPresets.isEmpty)
    }

    @Test func aFileThatIsNotPresetsIsNeverOverwritten() throws {
        let folder = try temporaryFolder()
        defer { FileIO.removeTree(folder) }
        let path = folder + "/presets.json"
        var file = try PresetFile.load(path: path)
        // Half a hand edit, saved after the app read the file.
        let edit = Array("{\"presets\": {\"mine\": {\"layout\": \"qq\",".utf8)
        try FileIO.writeAtomically(edit, to: path)
        file.save(CompositionParameters(), as: "new")
        #expect {
            try file.write()
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains("left as it is")
        }
        #expect(try FileIO.readRegularFile(path: path, maxBytes: 1 << 20) == edit)
        #expect(file.unsavedPresets.map(\.name) == ["new"])
    }

    @Test func savingWaitsForTheLockAndGivesUpWithAMessage() throws {
        let folder = try temporaryFolder()
        defer { FileIO.removeTree(folder) }
        var file = PresetFile(path: folder + "/presets.json")
        file.save(CompositionParameters(), as: "new")
        let held = try FileLock(path: file.lockPath)
        #expect {
            try file.write(lockTimeoutMilliseconds: 0)
        } throws: { error in
            "\(error)".contains("presets.json.lock") && "\(error)".contains("locked by another process")
        }
        #expect(FileIO.kind(of: file.path) == .missing)
        _ = consume held
        // With a wait, as in FileLockTests: a process another test starts may hold the descriptor from its fork
        // until its exec.
        try file.write(lockTimeoutMilliseconds: 5_000)
        #expect(try PresetFile.load(path: file.path).presets.map(\.name) == ["new"])
    }

    @Test func aFileOfVeryManyPresetsIsRefusedWithAMessage() throws {
        func document(_ count: Int) -> [UInt8] {
            Array(
                ("{\"presets\": {"
                    + (0..<count).map { "\"p\($0)\": {\"margin\": \($0 % 10)}" }
                    .joined(separator: ", ") + "}}").utf8)
        }
        let most = try PresetFile.decode(document(PresetFile.maximumPresetCount), path: "/cfg/presets.json")
        #expect(most.presets.count == PresetFile.maximumPresetCount)
        #expect(most.preset(named: "p9999")?.settings == [ParameterSetting(name: "margin", text: "9")])
        #expect(
            throws: PresetError.invalid(
                file: "/cfg/presets.json", place: "presets",
                problem: "10001 presets, more than the 10000 a presets file may hold "
                    + "(remove some)")
        ) {
            _ = try PresetFile.decode(document(PresetFile.maximumPresetCount + 1), path: "/cfg/presets.json")
        }
        // A name written twice keeps its last value, in the place of its last appearance.
        let twice = try PresetFile.decode(
            Array("{\"presets\": {\"a\": {\"margin\": 1}, \"b\": {}, \"a\": {\"margin\": 2}}}".utf8),
            path: "/p.json")
        #expect(twice.presets.map(\.name) == ["b", "a"])
        #expect(try twice.parameters(named: "a").margin == 2)
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(
            PresetFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/chat-tui/presets.json")
        #expect(
            PresetFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])
                == "/h/.config/chat-tui/presets.json")
        #expect(PresetFile.defaultPath(environment: ["HOME": "/"]) == "/.config/chat-tui/presets.json")
        #expect(PresetFile.defaultPath(environment: [:]) == nil)
    }
}

@Suite struct PresetFileTextTests {
    @Test func eachPresetTakesALineAndAnEmptyFileKeepsItsBrackets() {
        var file = PresetFile(path: "/p.json")
        #expect(file.jsonText == "{\n  \"presets\": {\n  }\n}\n")
        file.save(CompositionParameters(layout: .qq, margin: 4), as: "tight")
        file.save(CompositionParameters(overflowBadge: true, rightToLeft: true), as: "say \"hi\"")
        #expect(
            file.jsonText == "{\n  \"presets\": {\n"
                + "    \"tight\": {\"layout\": \"qq\", \"margin\": 4},\n"
                + "    \"say \\\"hi\\\"\": {\"layout\": \"wechat\", \"overflow-badge\": true, \"rtl\": true}\n"
                + "  }\n}\n")
        let unset = [ParameterSetting(name: "margin", text: "auto"), ParameterSetting(name: "size", text: "auto")]
        // `auto` is null where the parameter may be unset, else the text as given.
        #expect(ParameterSharing.json(unset) == "{\"margin\": null, \"size\": \"auto\"}")
    }
}

@Suite struct ParameterSharingTests {
    @Test func onlyTheLayoutAndWhatDiffersFromTheDefaultsAreShared() {
        var parameters = CompositionParameters(layout: .qq, scale: 2, margin: 4)
        parameters.options[FiveCircleLayout.centreRings] = true
        parameters.options[GridLayout.columns] = 3
        let settings = ParameterSharing.settings(of: parameters)
        #expect(settings.map(\.name) == ["layout", "scale", "margin", "centre-rings"])
        #expect(
            ParameterSharing.flags(settings) == ["--layout", "qq", "--scale", "2", "--margin", "4", "--centre-rings"])
        #expect(
            ParameterSharing.json(settings)
                == "{\"layout\": \"qq\", \"scale\": 2, \"margin\": 4, \"centre-rings\": true}")
        #expect(ParameterSharing.settings(of: CompositionParameters()).map(\.name) == ["layout"])
    }

    /// The colour space is a parameter like the others: a preset keeps it, the hand-off names it only when it
    /// is not sRGB, and the `y` command's words read back to the same parameters.
    @Test func theColorSpaceRoundTripsThroughPresetsAndTheHandOff() throws {
        let folder = try FileIO.makeTemporaryDirectory(prefix: "chat-tui-presets")
        defer { FileIO.removeTree(folder) }
        var parameters = CompositionParameters(layout: .grid)
        parameters.colorSpace = .displayP3
        var file = PresetFile(path: folder + "/presets.json")
        file.save(parameters, as: "ios")
        try file.write()
        #expect(try PresetFile.load(path: folder + "/presets.json").parameters(named: "ios") == parameters)
        let settings = ParameterSharing.settings(of: parameters)
        #expect(settings.map(\.name) == ["layout", "color-space"])
        #expect(ParameterSharing.flags(settings) == ["--layout", "grid", "--color-space", "display-p3"])
        let command = ParameterSharing.exportCommand(
            parameters, fixturePath: "groups.json", groupID: "g", output: "g.png")
        #expect(command.hasSuffix(" --layout grid --color-space display-p3"))
        #expect(
            !ParameterSharing.exportCommand(
                CompositionParameters(), fixturePath: "groups.json", groupID: "g", output: "g.png"
            ).contains("color"))
    }

    @Test func theExportCommandIsQuotedForTheShell() {
        let command = ParameterSharing.exportCommand(
            CompositionParameters(background: .white),
            fixturePath: "my data/groups.json", groupID: "it's",
            output: "it_s.png")
        #expect(
            command
                == "chat-tui export --fixtures 'my data/groups.json' --group 'it'\\''s' --output it_s.png --layout wechat --background '#FFFFFF'"
        )
        #expect(ParameterSharing.shellQuoted("") == "''")
        #expect(ParameterSharing.shellQuoted("$(rm -rf ~)") == "'$(rm -rf ~)'")
        #expect(ParameterSharing.shellQuoted("a\nb") == "$'a\\x0Ab'")
    }

    /// The words bash reads from `command`, run as `bash --norc -c`.
    private func wordsBashReads(_ command: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "--noprofile", "-c", "printf '%s\\0' " + command]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\0", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    @Test func aHostileGroupIDCannotEndAPasteAndIsReadBackExactly() throws {
        // Ids that, copied raw, would end bracketed paste and run what follows, or act at once in a shell.
        let hostile = [
            "x\u{1B}[201~touch pwned\u{1B}[200~", "a\u{03}b", "a\nrm -rf x\n", "bell\u{07}", "c1\u{9B}2J",
            "\u{1B}]52;c;cHduZWQ=\u{07}", "rev\u{202E}esrever", "line\u{2028}sep", "del\u{7F}", "quote'\\\u{1B}",
            "tab\there", "群\u{1B}头像",
        ]
        for id in hostile {
            let command = ParameterSharing.exportCommand(
                CompositionParameters(), fixturePath: "fix\u{1B}[2J.json",
                groupID: id, output: "out.png")
            #expect(!command.unicodeScalars.contains(where: TextSafety.mustEscape), "\(command.debugDescription)")
            let words = try wordsBashReads(command)
            #expect(
                words == [
                    "chat-tui", "export", "--fixtures", "fix\u{1B}[2J.json", "--group", id, "--output",
                    "out.png", "--layout", "wechat",
                ], "\(command.debugDescription)")
        }
    }

    @Test func presetJSONHoldsNoControlCharacters() throws {
        var file = PresetFile(path: "/p.json")
        let name = "n\u{1B}[201~\u{03}\n\u{9B}\u{202E}\u{2028}"
        file.save(CompositionParameters(), as: name)
        #expect(!file.jsonText.unicodeScalars.contains { TextSafety.mustEscape($0) && $0 != "\n" })
        #expect(try PresetFile.decode(Array(file.jsonText.utf8), path: "/p.json").presets.map(\.name) == [name])
        let shared = ParameterSharing.json([ParameterSetting(name: name, text: "\u{1B}]52;c;x\u{07}")])
        #expect(!shared.unicodeScalars.contains(where: TextSafety.mustEscape))
    }

    @Test func jsonStringsEscapeControlCharacters() {
        #expect(
            ParameterSharing.json([ParameterSetting(name: "a\"b\\c\u{1B}[2J\u{7}", text: "x")])
                == "{\"a\\\"b\\\\c\\u001B[2J\\u0007\": \"x\"}")
    }
}

@Suite struct ScaledOutputNamingTests {
    @Test func scalesAreNamedLikeIOSAssets() {
        #expect(OutputNaming.scaledPath("out/ride.png", scale: 1) == "out/ride.png")
        #expect(OutputNaming.scaledPath("out/ride.png", scale: 2) == "out/ride@2x.png")
        #expect(OutputNaming.scaledPath("out.v2/ride", scale: 3) == "out.v2/ride@3x")
        #expect(OutputNaming.scaledPath(".hidden", scale: 2) == ".hidden@2x")
        #expect(OutputNaming.fileName(for: ChatGroup(id: "a/b", name: "x", members: [])) == "a_b.png")
    }
}

/// Deleting and renaming presets, merged under the file's lock like saving: two stores (two apps) changing
/// the same file at once lose nothing of each other's.
@Suite struct PresetManagementTests {
    private func folder() throws -> String { try FileIO.makeTemporaryDirectory(prefix: "preset-management") }

    @Test func deleteAndRenameAreAppliedToTheFileAsItIsWhenSaving() throws {
        let root = try folder()
        defer { FileIO.removeTree(root) }
        let path = root + "/presets.json"
        try FileIO.writeAtomically(
            Array("{\"presets\": {\"a\": {\"layout\": \"qq\"}, \"b\": {\"margin\": 3}, \"c\": {\"size\": 64}}}".utf8),
            to: path)
        // Two apps read the file at start.
        var first = try PresetFile.load(path: path)
        var second = try PresetFile.load(path: path)
        first.delete(named: "a")
        first.rename("b", to: "tight")
        #expect(first.presets.map(\.name) == ["tight", "c"])
        second.save(CompositionParameters(layout: .grid), as: "new")
        second.rename("c", to: "small")
        // Both save at once, each under the lock over what the other wrote.
        let results = LockedState<[String]>([])
        let group = DispatchGroup()
        for store in [first, second] {
            DispatchQueue.global().async(group: group) {
                var store = store
                do { try store.write() } catch { results.withLock { $0.append("\(error)") } }
            }
        }
        group.wait()
        #expect(results.withLock { $0 }.isEmpty)
        let onDisk = try PresetFile.load(path: path)
        #expect(Set(onDisk.presets.map(\.name)) == ["tight", "small", "new"])
        #expect(try onDisk.parameters(named: "tight").margin == 3)
        #expect(try onDisk.parameters(named: "small").size == 64)
    }

    @Test func renamingOntoAnExistingNameReplacesItInPlace() throws {
        var file = PresetFile(path: "/nowhere/presets.json")
        file.save(CompositionParameters(margin: 1), as: "one")
        file.save(CompositionParameters(margin: 2), as: "two")
        file.save(CompositionParameters(margin: 3), as: "three")
        file.rename("three", to: "one")
        #expect(file.presets.map(\.name) == ["two", "one"])
        #expect(try file.parameters(named: "one").margin == 3)
        // A preset another process took out is neither renamed nor deleted again.
        file.rename("gone", to: "x")
        file.delete(named: "gone")
        #expect(file.presets.map(\.name) == ["two", "one"])
        #expect(file.unsavedChanges.count == 6 && file.unsavedPresets.map(\.name) == ["one", "two", "three"])
    }
}
