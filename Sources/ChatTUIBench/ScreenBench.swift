import ChatTUIApp
import ChatTUITestSupport
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import TerminalUI

/// The interactive screen: opening a large chat list, and one frame after a parameter change.
enum ScreenBench {
    /// A fixed clock and zone, so every run draws the same text.
    static let context = ViewContext(
        now: Date(timeIntervalSince1970: 1_795_000_000),
        timeZone: TimeZone(identifier: "UTC") ?? .current)

    /// How the app turns composites into cells in a truecolor terminal.
    static func imageCells(_ image: RGBAImage, columns: Int, rows: Int) -> CellGrid {
        HalfBlockRenderer.render(image, columns: columns, rows: rows, mode: .truecolor, backdrop: .checkerboard)
    }

    /// A pipeline as the app makes it, without the disk cache (so every composite is really made).
    static func makeComposer() -> GroupComposer {
        GroupComposer(
            pipeline: AvatarPipeline(
                dependencies: .live,
                configuration: PipelineConfiguration(compositeCache: nil)))
    }

    /// Measured once (it is a start-up): meant to run first in the process, so that the memory figures are
    /// the app's own and not left over from other sections.
    static func bigFixture(_ inputs: BenchInputs, _ configuration: BenchConfiguration) async throws -> BigFixtureFigures
    {
        let before = ProcessMemory.resident()
        let start = BenchTiming.now()
        let fixture = try FixtureLoader.load(path: inputs.fixturePath)
        let loaded = BenchTiming.seconds(since: start)
        let driver = InMemoryTerminal(width: configuration.screenWidth, height: configuration.screenHeight)
        var options = AppController.Options()
        options.now = { context.now }
        options.timeZone = context.timeZone
        let composer = makeComposer()
        let controller = AppController(
            fixture: fixture, options: options, driver: driver, provider: composer,
            exporter: { _, _, _ in }, imageCells: { imageCells($0, columns: $1, rows: $2) })
        controller.redraw()
        let firstFrame = BenchTiming.seconds(since: start)
        // The app's loop: start the requests the screen wants, take in what finished, redraw; until nothing
        // is wanted any more.
        while true {
            controller.step(timeoutMilliseconds: 0)
            if controller.runningRequestCount == 0 { break }
            controller.waitForBackgroundWork(seconds: 30)
        }
        let composed = BenchTiming.seconds(since: start)
        let after = ProcessMemory.resident()
        return BigFixtureFigures(
            groups: fixture.groups.count, loadMilliseconds: loaded * 1000,
            firstFrameMilliseconds: firstFrame * 1000,
            visibleCompositesMilliseconds: composed * 1000,
            compositesMade: composer.pipeline.statistics.compositesMade,
            residentMegabytesBefore: before.current, residentMegabytes: after.current,
            peakResidentMegabytes: after.peak)
    }

    static func frame(_ inputs: BenchInputs, _ configuration: BenchConfiguration) async throws -> FrameFigures {
        let fixture = try FixtureLoader.load(path: inputs.fixturePath)
        let layout = ScreenLayout(width: configuration.screenWidth, height: configuration.screenHeight)
        let metrics = layout.listMetrics
        let before = AppState(groups: fixture.groups, parameters: CompositionParameters(), exportDirectory: ".")
        let (after, _) = AppReducer.reduce(before, .key(.character("]")), metrics: metrics)
        let composer = makeComposer()
        let shown = (0..<metrics.visibleRowCount).compactMap { before.group(atPosition: $0) }
        var composites: [[(PreviewKey, Composite)]] = []
        for state in [before, after] {
            var made: [(PreviewKey, Composite)] = []
            for group in shown {
                guard let composite = try? await composer.composite(for: group, parameters: state.parameters) else {
                    continue
                }
                made.append((PreviewKey(groupID: group.id, parameters: state.parameters), composite))
            }
            composites.append(made)
        }
        let states = [before, after]
        let driver = InMemoryTerminal(width: layout.width, height: layout.height)
        func store(_ sets: [[(PreviewKey, Composite)]]) -> CompositeStore {
            let store = CompositeStore(renderImage: { imageCells($0, columns: $1, rows: $2) })
            for (key, composite) in sets.joined() { store.store(composite, for: key) }
            return store
        }
        // Each call is a parameter change: it draws the other state over the one on screen, with a store that
        // has the new composites but has not drawn them into cells yet.
        var showing = 0
        var painted = 0
        let frame = await configuration.timing.secondsPerCall {
            showing = 1 - showing
            let source = store([composites[showing]])
            driver.draw(ScreenView.render(states[showing], layout: layout, source: source, context: context))
            painted = driver.lastPaintCount
        }
        let warmStore = store(composites)
        let cachedFrame = await configuration.timing.secondsPerCall {
            showing = 1 - showing
            driver.draw(ScreenView.render(states[showing], layout: layout, source: warmStore, context: context))
        }
        // A new margin each call (whole steps, as `[`/`]` make): new tile sizes, so the photos are restyled
        // and composed again, while the decoded photos stay in the pipeline's memory cache.
        guard let selected = before.selectedGroup else {
            throw BenchError(message: "the generated fixture has no groups")
        }
        var step = 0
        let composite = await BenchTiming(
            runs: configuration.timing.runs, warmupCalls: configuration.timing.warmupCalls,
            minimumSampleSeconds: 0
        ).secondsPerCall {
            step += 1
            var parameters = after.parameters
            parameters.margin = Double(step % 30) + 0.5
            _ = try? await composer.composite(for: selected, parameters: parameters)
        }
        return FrameFigures(
            width: layout.width, height: layout.height, frameMilliseconds: frame * 1000,
            cachedCellsFrameMilliseconds: cachedFrame * 1000, paintedCells: painted,
            selectedCompositeMilliseconds: composite * 1000)
    }
}
