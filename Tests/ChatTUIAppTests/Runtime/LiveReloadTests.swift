import ChatTUITestSupport
import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import Support
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Draws a composite as cells of one letter naming the colour at its centre ("R", "G", "B", else "?"), so that
/// the screen's text tells which photo a picture was made from.
private func letterCells(_ image: RGBAImage, _ columns: Int, _ rows: Int) -> CellGrid {
    let centre = image[image.width / 2, image.height / 2]
    let channels = [("R", centre.r), ("G", centre.g), ("B", centre.b)]
    let strong = channels.filter { $0.1 > 180 }
    let letter = strong.count == 1 && channels.allSatisfy({ $0.1 > 180 || $0.1 < 80 }) ? strong[0].0 : "?"
    return CellGrid(width: columns, height: rows, fill: Cell(letter))
}

/// Answers with a composite in the colour `colours` holds for the group's first member photo (white when it
/// has none), recording every request.
private final class ColorProvider: CompositeProvider {
    let colors = LockedState<[String: RGBA8]>([:])
    let calls = LockedState<[String]>([])

    func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CompositionError) -> Composite
    {
        calls.withLock { $0.append(group.id) }
        let color = group.members.first?.avatarPath.flatMap { path in colors.withLock { $0[path] } } ?? .white
        return Composite(image: RGBAImage(width: 8, height: 8, fill: color))
    }
}

@Suite struct LiveReloadTests {
    private static func options(clock: LockedState<UInt64> = LockedState(0)) -> AppController.Options {
        var options = AppController.Options()
        options.now = { ViewFixtures.now }
        options.timeZone = ViewFixtures.utc
        options.exportDirectory = "out"
        options.fixturePath = "groups.json"
        options.monotonicNanoseconds = { clock.withLock { $0 } }
        return options
    }

    private static func fixture(_ groups: [ChatGroup]) -> Fixture {
        Fixture(groups: groups, baseDirectory: URL(fileURLWithPath: "/"))
    }

    /// Whether the terminal shows a picture of at least 20 cells' width in `letter` (the preview; list
    /// thumbnails are 6 wide).
    private static func previewShows(_ letter: String, _ terminal: InMemoryTerminal) -> Bool {
        terminal.text.contains(String(repeating: letter, count: 20))
    }

    @Test func aNewFixtureKeepsTheSelectionFilterParametersAndHistory() async {
        let provider = ColorProvider()
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: chars("/1") + [.enter, .down] + chars("]"))
        let controller = AppController(
            fixture: Self.fixture(ViewFixtures.groups(12)), options: Self.options(),
            driver: terminal, provider: provider, exporter: { _, _, _ in },
            imageCells: letterCells)
        await controller.driveUntilSettled()
        #expect(controller.state.selectedGroup?.id == "g10")
        let parameters = controller.state.parameters
        #expect(controller.state.undoStack.count == 1)

        // The file now has a group before the others, the rest in reverse order, and g10 renamed.
        var groups = Array(ViewFixtures.groups(12).reversed())
        groups[1].name = "Group 10 renamed"
        groups.insert(ChatGroup(id: "new", name: "Group 100", members: []), at: 0)
        let reloaded = groups
        let callsBefore = provider.calls.withLock { $0 }
        controller.reloadFixture { FixtureReload(result: .success(Self.fixture(reloaded))) }
        #expect(await controller.drive { controller.state.groups.count == 13 })
        #expect(controller.state.selectedGroup?.name == "Group 10 renamed")
        #expect(controller.state.filter == "1")
        #expect(
            controller.state.matches.map { controller.state.groups[$0].name }
                == ["Group 100", "Group 11", "Group 10 renamed", "Group 1"])
        #expect(controller.state.parameters == parameters)
        #expect(controller.state.undoStack.count == 1)
        await controller.driveUntilSettled()
        #expect(terminal.text.contains("Group 10 renamed"))
        #expect(terminal.row(29).contains("Reloaded groups.json: 13 groups"))
        // The renamed group's composite was asked for again (and the new group's); the untouched ones were not.
        let callsAfter = provider.calls.withLock { Array($0.dropFirst(callsBefore.count)) }
        #expect(callsBefore.contains("g11") && callsAfter.contains("g10") && callsAfter.contains("new"))
        #expect(!callsAfter.contains("g11") && !callsAfter.contains("g1"))
    }

    @Test func aBrokenFixtureKeepsTheLastGoodGroupsAndSaysWhyUntilItIsFixed() async {
        let clock = LockedState<UInt64>(0)
        let terminal = InMemoryTerminal(width: 120, height: 30)
        let controller = AppController(
            fixture: Self.fixture(ViewFixtures.groups(3)), options: Self.options(clock: clock),
            driver: terminal, provider: ColorProvider(), exporter: { _, _, _ in },
            imageCells: letterCells)
        await controller.driveUntilSettled()
        let error = FixtureError.schema(file: "groups.json", path: "groups[2].name", problem: .missing)
        controller.reloadFixture { FixtureReload(result: .failure(error)) }
        #expect(await controller.drive { controller.state.fixtureProblem != nil })
        #expect(controller.state.groups == ViewFixtures.groups(3))
        #expect(terminal.text.contains("Group 2"))
        #expect(terminal.row(29).contains("groups.json: groups[2].name: missing (showing the groups as they were"))
        // The message expires; what is wrong with the file stays on the status line, and in the warnings.
        clock.withLock { $0 = 10_000_000_000 }
        controller.processEvents()
        #expect(controller.state.status.isEmpty)
        #expect(terminal.row(29).contains("groups.json: groups[2].name: missing"))
        #expect(controller.state.warnings.contains { $0.hasPrefix("groups.json: groups[2].name: missing") })

        // Fixed: the new data, and the problem is gone from the status line and the warnings.
        var fixed = ViewFixtures.groups(3)
        fixed[2].name = "Group 2 fixed"
        let groups = fixed
        controller.reloadFixture { FixtureReload(result: .success(Self.fixture(groups))) }
        #expect(await controller.drive { controller.state.fixtureProblem == nil })
        #expect(terminal.text.contains("Group 2 fixed"))
        #expect(terminal.row(29).contains("Reloaded groups.json: 3 groups"))
        #expect(controller.state.warnings.isEmpty)
    }

    @Test func parametersThatBreakALimitForTheNewGroupsAreKeptAndSaid() async {
        // A 30 pt margin suits a one-member group; nine members would get 4 pt tiles.
        var options = Self.options()
        options.parameters.margin = 30
        let one = ChatGroup(id: "one", name: "One", members: [GroupMember(id: "a", name: "A")])
        let terminal = InMemoryTerminal(width: 200, height: 30)
        let controller = AppController(
            fixture: Self.fixture([one]), options: options, driver: terminal,
            provider: ColorProvider(), exporter: { _, _, _ in }, imageCells: letterCells)
        await controller.driveUntilSettled()
        let nine = ChatGroup(
            id: "nine", name: "Nine", members: (0..<9).map { GroupMember(id: "m\($0)", name: "M\($0)") })
        controller.reloadFixture { FixtureReload(result: .success(Self.fixture([one, nine]))) }
        #expect(await controller.drive { controller.state.groups.count == 2 })
        #expect(controller.state.parameters.margin == 30)
        #expect(
            controller.state.status.hasPrefix(
                "Reloaded groups.json: 2 groups; the parameters now break a limit: wechat tiles of 9-member groups"))
        #expect(controller.state.warnings == [controller.state.status])
    }

    @Test func aReadStartedWhileAnotherRunsReplacesItsResult() async {
        let controller = AppController(
            fixture: Self.fixture(ViewFixtures.groups(3)), options: Self.options(),
            driver: InMemoryTerminal(width: 100, height: 30), provider: ColorProvider(),
            exporter: { _, _, _ in }, imageCells: letterCells)
        let release = DispatchSemaphore(value: 0)
        let reads = LockedState(0)
        controller.reloadFixture {
            release.wait()
            reads.withLock { $0 += 1 }
            return FixtureReload(result: .failure(.fileNotFound(path: "groups.json")))
        }
        controller.reloadFixture {
            reads.withLock { $0 += 1 }
            return FixtureReload(result: .success(Self.fixture(ViewFixtures.groups(5))))
        }
        release.signal()
        #expect(await controller.drive { controller.state.groups.count == 5 })
        #expect(reads.withLock { $0 } == 2)
        // The first read's answer (a file caught mid-save) was never shown.
        #expect(controller.state.fixtureProblem == nil && controller.state.warnings.isEmpty)
    }

    @Test func aChangedPhotoRedrawsTheGroupsThatShowIt() async {
        let provider = ColorProvider()
        provider.colors.withLock {
            $0 = ["/p/a.png": RGBA8(r: 220, g: 0, b: 0), "/p/b.png": RGBA8(r: 0, g: 200, b: 0)]
        }
        let groups = [
            ChatGroup(id: "one", name: "One", members: [GroupMember(id: "a", name: "A", avatarPath: "/p/a.png")]),
            ChatGroup(id: "two", name: "Two", members: [GroupMember(id: "b", name: "B", avatarPath: "/p/b.png")]),
            ChatGroup(id: "own", name: "Own", avatarPath: "/p/a.png", members: []),
        ]
        let terminal = InMemoryTerminal(width: 100, height: 30)
        let controller = AppController(
            fixture: Self.fixture(groups), options: Self.options(), driver: terminal,
            provider: provider, exporter: { _, _, _ in }, imageCells: letterCells)
        await controller.driveUntilSettled()
        #expect(Self.previewShows("R", terminal))
        provider.colors.withLock { $0["/p/a.png"] = RGBA8(r: 0, g: 0, b: 220) }
        // Nothing says the photo changed: the composite on screen is the one the app has.
        await controller.driveUntilSettled()
        #expect(Self.previewShows("R", terminal))
        let before = provider.calls.withLock { $0 }
        controller.handle(.photosChanged(["/p/a.png"]))
        await controller.driveUntilSettled()
        #expect(Self.previewShows("B", terminal) && !Self.previewShows("R", terminal))
        // Asked again: the group with the member photo and the one whose own photo it is, not the other.
        #expect(provider.calls.withLock { Array($0.dropFirst(before.count)) }.sorted() == ["one", "own"])
    }

    @Test func theFixtureAndEveryLocalPhotoAreWatchedButNoURL() {
        let groups = [
            ChatGroup(
                id: "g", name: "G", avatarPath: "/f/group.png",
                members: [
                    GroupMember(id: "a", name: "A", avatarPath: "/f/a.png"),
                    GroupMember(id: "b", name: "B", avatarPath: "https://example.com/b.jpg"),
                    GroupMember(id: "c", name: "C"),
                ])
        ]
        #expect(
            LiveReload.watchedPaths(fixturePath: "groups.json", groups: groups)
                == ["groups.json", "/f/group.png", "/f/a.png"])
    }
}

/// The app on real files: the fixture and its photos in a folder, watched by `LiveReload` through the loop's
/// wake source, composed by the real pipeline.
@Suite struct LiveReloadFileTests {
    private static func writePhoto(_ path: String, _ color: RGBA8) throws {
        let png = try PNGCodec.encode(RGBAImage(width: 24, height: 24, fill: color))
        // A new file renamed over the old one, as an editor or `mv` does.
        try FileIO.writeAtomically(png, to: path)
    }

    private static func writeFixture(_ path: String, _ json: String) {
        #expect(FileManager.default.createFile(atPath: path + ".new", contents: Data(json.utf8)))
        #expect(rename(path + ".new", path) == 0)
    }

    private static let fixtureJSON = """
        {"groups": [
          {"id": "ride", "name": "Ride", "members": [{"id": "u1", "name": "Alice", "avatar": "photos/alice.png"}]},
          {"id": "family", "name": "Family", "members": [{"id": "u2", "name": "Bob", "avatar": "photos/bob.png"}]}
        ]}
        """

    /// Turns of the loop as the app runs them (a short wait on the terminal, the wake pipe and the watch, then
    /// the events) until `condition` holds or a minute passes.
    private static func run(_ controller: AppController, until condition: () -> Bool) async -> Bool {
        for _ in 0..<30_000 {
            controller.step(timeoutMilliseconds: 1)
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return false
    }

    @Test func editsOfPhotosAndFixtureShowWithoutAKey() async throws {
        let folder = try FileIO.makeTemporaryDirectory(prefix: "live-reload")
        defer { FileIO.removeTree(folder) }
        try FileIO.createDirectory(folder + "/photos")
        try Self.writePhoto(folder + "/photos/alice.png", RGBA8(r: 220, g: 0, b: 0))
        try Self.writePhoto(folder + "/photos/bob.png", RGBA8(r: 0, g: 200, b: 0))
        let fixturePath = folder + "/groups.json"
        Self.writeFixture(fixturePath, Self.fixtureJSON)

        let reload = try LiveReload(fixturePath: fixturePath, fixture: try FixtureLoader.load(path: fixturePath))
        #expect(reload.problems.isEmpty)
        var options = AppController.Options()
        options.fixturePath = fixturePath
        options.wakeSources = [reload.wakeSource]
        options.monotonicNanoseconds = { 0 }
        let pipeline = AvatarPipeline(dependencies: .live, configuration: PipelineConfiguration(compositeCache: nil))
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: chars("]"))
        let controller = AppController(
            fixture: try FixtureLoader.load(path: fixturePath), options: options,
            driver: terminal, provider: GroupComposer(pipeline: pipeline),
            exporter: { _, _, _ in }, imageCells: letterCells)
        let preview = { (letter: String) in terminal.text.contains(String(repeating: letter, count: 20)) }
        #expect(await Self.run(controller) { preview("R") })

        // Alice's photo replaced by a blue one: the preview follows, the parameters stay.
        let parameters = controller.state.parameters
        try Self.writePhoto(folder + "/photos/alice.png", RGBA8(r: 0, g: 0, b: 220))
        #expect(await Self.run(controller) { preview("B") && !preview("R") })

        // The fixture broken: the groups stay, the loader's message is on the status line.
        Self.writeFixture(fixturePath, #"{"groups": [{"id": "ride", "members": []}]}"#)
        #expect(await Self.run(controller) { terminal.row(29).contains("groups.json: groups[0].name: missing") })
        #expect(terminal.text.contains("Family"))
        #expect(preview("B"))

        // Fixed, with a group before the selected one and Bob's photo for Alice: new data, same selection.
        Self.writeFixture(
            fixturePath,
            """
            {"groups": [
              {"id": "climb", "name": "Climbing", "members": []},
              {"id": "ride", "name": "Ride again", "members": [{"id": "u1", "name": "Alice", "avatar": "photos/bob.png"}]}
            ]}
            """)
        #expect(await Self.run(controller) { terminal.text.contains("Ride again") && preview("G") })
        #expect(controller.state.selectedGroup?.id == "ride")
        #expect(controller.state.fixtureProblem == nil)
        #expect(controller.state.parameters == parameters && controller.state.undoStack.count == 1)

        // A photo the new version names is watched: deleting it draws Alice's placeholder.
        #expect(unlink(folder + "/photos/bob.png") == 0)
        #expect(await Self.run(controller) { !preview("G") })
        #expect(await Self.run(controller) { controller.state.warnings.contains { $0.contains("bob.png") } })
        // Back again: the picture, and the warning is withdrawn.
        try Self.writePhoto(folder + "/photos/bob.png", RGBA8(r: 0, g: 200, b: 0))
        #expect(await Self.run(controller) { preview("G") })
        #expect(!controller.state.warnings.contains { $0.contains("bob.png") })
    }
}
