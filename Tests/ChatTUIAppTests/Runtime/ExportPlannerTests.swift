import FileSystem
import Fixtures
import Foundation
import GroupIcon
import Testing

@testable import ChatTUIApp

@Suite struct ExportPlannerTests {
    private let group = ChatGroup(id: "ride", name: "Ride", members: [])

    /// A file system holding `folders` and `files` (and a character device at /dev/null), home at /home/me.
    private func files(folders: Set<String> = ["/", "/out", "/home/me"], files: Set<String> = []) -> ExportFiles {
        ExportFiles(
            kind: { path in
                if folders.contains(path) { return .directory }
                if files.contains(path) { return .regularFile }
                return path == "/dev/null" ? .other(name: "character device") : .missing
            }, createFolder: { _ in }, homeDirectory: "/home/me")
    }

    private func request(_ target: String, scales: [Int] = [1]) -> ExportRequest {
        ExportRequest(group: group, parameters: CompositionParameters(), scales: scales, target: target)
    }

    private func paths(_ plan: ExportPlan) -> [String]? {
        guard case .write(let jobs, _) = plan else { return nil }
        return jobs.map(\.path)
    }

    @Test func scalesAreNamedLikeExportAllPlusIOSSuffixes() {
        let plan = ExportPlanner.plan(request("/out/ride.png", scales: [1, 2, 3]), files: files())
        #expect(paths(plan) == ["/out/ride.png", "/out/ride@2x.png", "/out/ride@3x.png"])
        guard case .write(let jobs, nil) = plan else { return }
        #expect(jobs.map(\.parameters.scale) == [1, 2, 3])
    }

    @Test func aFolderGetsTheDefaultName() {
        #expect(paths(ExportPlanner.plan(request("/out"), files: files())) == ["/out/ride.png"])
        #expect(paths(ExportPlanner.plan(request("/out//"), files: files())) == ["/out/ride.png"])
        #expect(paths(ExportPlanner.plan(request("/"), files: files())) == ["/ride.png"])
    }

    @Test func tildeIsHome() {
        #expect(paths(ExportPlanner.plan(request("~/ride.png"), files: files())) == ["/home/me/ride.png"])
        #expect(paths(ExportPlanner.plan(request("~"), files: files())) == ["/home/me/ride.png"])
        #expect(
            ExportPlanner.plan(request("~bob/x.png"), files: files())
                == .refuse("Cannot export to ~bob/x.png: only ~ and ~/... are expanded; write the full path"))
        var homeless = files()
        homeless.homeDirectory = nil
        #expect(
            ExportPlanner.plan(request("~/x.png"), files: homeless)
                == .refuse("Cannot export to ~/x.png: HOME is not set, so ~ means nothing"))
    }

    @Test func aMissingFolderIsCreatedOnlyAfterAsking() {
        let first = ExportPlanner.plan(request("/out/new/deeper/"), files: files())
        guard case .ask(let question, let agreed) = first else {
            Issue.record("did not ask: \(first)")
            return
        }
        #expect(question == "The folder /out/new/deeper does not exist. Create it? (y/n)")
        #expect(agreed.createsFolders)
        #expect(
            ExportPlanner.plan(agreed, files: files())
                == .write(
                    [ExportJob(parameters: CompositionParameters(), path: "/out/new/deeper/ride.png")],
                    creatingFolder: "/out/new/deeper"))
    }

    @Test func existingFilesAreReplacedOnlyAfterAsking() {
        let existing = files(files: ["/out/ride.png", "/out/ride@3x.png"])
        let first = ExportPlanner.plan(request("/out/", scales: [1, 2, 3]), files: existing)
        guard case .ask(let question, let agreed) = first else {
            Issue.record("did not ask: \(first)")
            return
        }
        #expect(question == "Replace /out/ride.png, /out/ride@3x.png? (y/n)")
        #expect(paths(ExportPlanner.plan(agreed, files: existing))?.count == 3)
    }

    @Test func foldersDevicesAndPlainWordsAreRefused() {
        #expect(
            ExportPlanner.plan(request("/dev/null"), files: files(folders: ["/", "/dev"]))
                == .refuse("Cannot export to /dev/null: it is a character device, not a file"))
        #expect(
            ExportPlanner.plan(request("/out/ride.png/x.png"), files: files(files: ["/out/ride.png"]))
                == .refuse("Cannot export to /out/ride.png/x.png: /out/ride.png is not a folder"))
        #expect(ExportPlanner.plan(request("  "), files: files()) == .refuse("No path given: nothing exported"))
        // A folder where a scale's file would go.
        var named = request("/out/ride.png", scales: [2])
        named.usesDefaultName = true
        #expect(
            ExportPlanner.plan(named, files: files(folders: ["/out", "/out/ride@2x.png"]))
                == .refuse("Cannot export to /out/ride@2x.png: it is a folder (end the path with / to save inside it)"))
    }
}

/// Issue 24, defect 2: `E` appended `@2x` to whatever path was typed (`/dev/null` became `/dev/null@2x`).
@Suite struct TypedExportPathTests {
    private let group = ChatGroup(id: "ride", name: "Ride", members: [])

    private func files() -> ExportFiles {
        ExportFiles(
            kind: { path in
                if ["/", "/out", "/dev"].contains(path) { return .directory }
                return path == "/dev/null" ? .other(name: "character device") : .missing
            }, createFolder: { _ in }, homeDirectory: "/home/me")
    }

    private func plan(_ target: String, scales: [Int], defaultName: Bool = false) -> ExportPlan {
        var request = ExportRequest(group: group, parameters: CompositionParameters(), scales: scales, target: target)
        request.usesDefaultName = defaultName
        return ExportPlanner.plan(request, files: files())
    }

    private func paths(_ plan: ExportPlan) -> [String]? {
        guard case .write(let jobs, _) = plan else { return nil }
        return jobs.map(\.path)
    }

    /// Issue 39: `e` wrote through a dangling link out of the export folder without a question, and `y` to
    /// "Replace out/ride.png?" replaced the file the link led to. Now the plan refuses both, naming the target.
    @Test func aLinkOutOfTheExportFolderIsRefusedBeforeAnyQuestion() throws {
        let root = try FileIO.makeTemporaryDirectory(prefix: "planner-links")
        defer { _ = FileIO.removeTree(root) }
        try FileIO.createDirectory(root + "/out")
        try FileIO.writeAtomically([1], to: root + "/precious.txt")
        try FileManager.default.createSymbolicLink(
            atPath: root + "/out/ride.png", withDestinationPath: "../precious.txt")
        try FileManager.default.createSymbolicLink(
            atPath: root + "/out/kittens.png", withDestinationPath: root + "/gone/kittens.png")
        let real = try #require(FileIO.realPath(of: root))
        for (id, target) in [("ride", real + "/precious.txt"), ("kittens", root + "/gone/kittens.png")] {
            var export = ExportRequest(
                group: ChatGroup(id: id, name: id, members: []), parameters: CompositionParameters(), scales: [1],
                target: root + "/out/")
            export.replacesFiles = true
            #expect(
                ExportPlanner.plan(export, files: .live)
                    == .refuse(
                        "Cannot export to \(root)/out/\(id).png: is a symbolic link to \(target), outside the export"
                            + " folder \(root)/out: exports never write through a link out of their folder (remove the"
                            + " link, or export elsewhere)"))
        }
        #expect(try FileIO.readRegularFile(path: root + "/precious.txt", maxBytes: 10) == [1])
    }

    @Test func aTypedPathIsUsedAsTypedForOneScale() {
        #expect(paths(plan("/out/a.png", scales: [2])) == ["/out/a.png"])
        #expect(paths(plan("/out/a.png", scales: [2, 3])) == ["/out/a@2x.png", "/out/a@3x.png"])
        // The app's default name (e, or a folder) keeps its suffix, as export --all names it.
        #expect(paths(plan("/out/ride.png", scales: [2], defaultName: true)) == ["/out/ride@2x.png"])
        #expect(paths(plan("/out/", scales: [2])) == ["/out/ride@2x.png"])
    }

    @Test func devicesAndSystemFoldersAreNeverWritten() {
        #expect(
            plan("/dev/null", scales: [2])
                == .refuse("Cannot export to /dev/null: it is a character device, not a file"))
        guard case .refuse(let message) = plan("/dev/null", scales: [1, 2]) else {
            Issue.record("/dev/null@2x was planned")
            return
        }
        #expect(message.contains("/dev"))
        guard case .refuse = plan("/proc/../proc/x.png", scales: [1]) else {
            Issue.record("a new name inside /proc was planned")
            return
        }
    }

    @Test func thePromptNamesMatchThePlan() {
        #expect(ExportPlanner.names("/out/a.png", group: group, scales: [2], usesDefaultName: false) == ["/out/a.png"])
        #expect(
            ExportPlanner.names("/out/", group: group, scales: [1, 2], usesDefaultName: false)
                == ["/out/ride.png", "/out/ride@2x.png"])
        #expect(ExportPlanner.names("", group: group, scales: [1], usesDefaultName: false).isEmpty)
    }
}

/// `e` and `E` with the spec hand-off: planned last, named after the 1x file (or the only file), listed in the
/// prompt, asked about before it is replaced, and refused where an image would be.
@Suite struct SpecExportPlanTests {
    private let group = ChatGroup(id: "ride", name: "Ride", members: [])

    private func files(_ existing: Set<String> = []) -> ExportFiles {
        ExportFiles(
            kind: { path in
                if ["/", "/out", "/dev"].contains(path) { return .directory }
                if existing.contains(path) { return .regularFile }
                if path == "/out/tty.spec.json" { return .other(name: "character device") }
                return path == "/dev/null" ? .other(name: "character device") : .missing
            }, createFolder: { _ in }, homeDirectory: "/home/me")
    }

    private func plan(_ target: String, scales: [Int], defaultName: Bool = false, existing: Set<String> = [])
        -> ExportPlan
    {
        var request = ExportRequest(group: group, parameters: CompositionParameters(), scales: scales, target: target)
        request.usesDefaultName = defaultName
        request.writesSpec = true
        return ExportPlanner.plan(request, files: files(existing))
    }

    private func jobs(_ plan: ExportPlan) -> [ExportJob] {
        guard case .write(let jobs, _) = plan else { return [] }
        return jobs
    }

    @Test func theSpecIsPlannedAfterTheImagesNamedAfterTheFirstFile() {
        let several = jobs(plan("/out/a.png", scales: [1, 2, 3]))
        #expect(several.map(\.path) == ["/out/a.png", "/out/a@2x.png", "/out/a@3x.png", "/out/a.spec.json"])
        #expect(several.last?.kind == .spec(output: "/out/a.png"))
        #expect(several.dropLast().allSatisfy { $0.kind == .image })
        // One scale: beside the only file, so that its command (`--output` that file) writes it there again.
        let one = jobs(plan("/out/", scales: [2]))
        #expect(one.map(\.path) == ["/out/ride@2x.png", "/out/ride@2x.spec.json"])
        #expect(one.last?.kind == .spec(output: "/out/ride@2x.png") && one.last?.parameters.scale == 2)
        #expect(jobs(plan("/out/a", scales: [1])).map(\.path) == ["/out/a", "/out/a.spec.json"])
        // Without the spec, the plan is the images alone.
        let plain = ExportPlanner.plan(
            ExportRequest(group: group, parameters: CompositionParameters(), scales: [1], target: "/out/a.png"),
            files: files())
        #expect(jobs(plain).map(\.path) == ["/out/a.png"])
    }

    @Test func thePromptListsTheSpec() {
        #expect(
            ExportPlanner.names("/out/a.png", group: group, scales: [1, 2], usesDefaultName: false, writesSpec: true)
                == ["/out/a.png", "/out/a@2x.png", "/out/a.spec.json"])
        #expect(
            ExportPlanner.names("/out/a.png", group: group, scales: [3], usesDefaultName: false, writesSpec: true)
                == ["/out/a.png", "/out/a.spec.json"])
    }

    @Test func anExistingSpecIsReplacedOnlyAfterAsking() {
        guard case .ask(let question, _) = plan("/out/a.png", scales: [1], existing: ["/out/a.spec.json"]) else {
            Issue.record("replaced a spec without asking")
            return
        }
        #expect(question == "Replace /out/a.spec.json? (y/n)")
    }

    @Test func aSpecWhereNoFileMayBeIsRefused() {
        #expect(
            plan("/out/tty.png", scales: [1])
                == .refuse("Cannot export to /out/tty.spec.json: it is a character device, not a file"))
        guard case .refuse(let message) = plan("/dev/null", scales: [1]) else {
            Issue.record("an export to /dev/null was planned")
            return
        }
        #expect(message.contains("/dev"))
    }
}
