import ChatTUIApp
import ChatTUITestSupport
import Fixtures
import Foundation
import GroupIcon
import TerminalUI

/// How fast the interactive app answers a parameter key, through the real controller and its event loop
/// (`processEvents` / `waitForEvents`, the wake pipe, the preview-first scheduling) on an in-memory terminal:
/// from the key to the frame that shows the selected nine-member group's new preview, and to the frame in
/// which every list thumbnail the screen wants has its new composite too.
enum ResponseBench {
    /// Key presses measured (each one a parameter set not seen before, so nothing comes from a cache but the
    /// decoded photos).
    static func sampleCount(_ configuration: BenchConfiguration) -> Int {
        configuration.timing.runs <= 1 ? 3 : 100
    }

    static func response(_ inputs: BenchInputs, _ configuration: BenchConfiguration) throws -> ResponseFigures {
        try response(inputs, configuration, graphics: .halfBlocks).figures
    }

    /// The same keys with the preview and the list in real pixels (`graphics`: kitty or sixel at 10 x 20 px
    /// cells): from the key to the frame whose picture bytes carry the new preview, encoding included, and to the
    /// frame that sends the last list thumbnail the key changed.
    static func pictureResponse(
        _ inputs: BenchInputs, _ configuration: BenchConfiguration, graphicsProtocol: GraphicsProtocol
    ) throws -> PictureResponseFigures {
        let (_, keys) = try response(inputs, configuration, graphics: benchSetup(graphicsProtocol))
        let pictures = keys.compactMap(\.preview)
        let thumbnails = keys.compactMap(\.thumbnails)
        func milliseconds(_ values: [Double], _ fraction: Double) -> Double { percentile(values, fraction) * 1000 }
        return PictureResponseFigures(
            graphicsProtocol: graphicsProtocol.rawValue, samples: pictures.count,
            pictureP50Milliseconds: milliseconds(pictures.map(\.wall), 0.5),
            pictureP95Milliseconds: milliseconds(pictures.map(\.wall), 0.95),
            pictureCPUMillisecondsP50: milliseconds(pictures.map(\.cpu), 0.5),
            pictureCPUMillisecondsP95: milliseconds(pictures.map(\.cpu), 0.95),
            previewBytesPerKey: Int(percentile(keys.map { Double($0.previewBytes) }, 0.5)),
            thumbnailsP50Milliseconds: milliseconds(thumbnails.map(\.wall), 0.5),
            thumbnailsP95Milliseconds: milliseconds(thumbnails.map(\.wall), 0.95),
            thumbnailsCPUMillisecondsP50: milliseconds(thumbnails.map(\.cpu), 0.5),
            bytesPerKey: Int(percentile(keys.map { Double($0.bytes) }, 0.5)),
            cpuPerKeyMilliseconds: milliseconds(keys.map(\.cpu), 0.5), loadAverage: loadAverage())
    }

    /// A terminal with `graphicsProtocol` at 10 x 20 px cells, as the picture benchmarks draw on.
    static func benchSetup(_ graphicsProtocol: GraphicsProtocol) -> GraphicsSetup {
        GraphicsSetup(
            graphicsProtocol: graphicsProtocol, reason: "benchmark",
            cellPixelSize: CellPixelSize(width: 10, height: 20),
            cellSizeIsKnown: true, sixelColors: SixelEncoder.maximumColors)
    }

    /// A moment after a key: seconds of wall clock and of the process's CPU (all threads) since the key.
    struct Moment {
        var wall: Double
        var cpu: Double
    }

    /// What one measured key took in real pixels.
    struct PictureKey {
        /// The frame that sent the new preview picture.
        var preview: Moment?
        /// The last frame that sent list thumbnails, if any changed.
        var thumbnails: Moment?
        /// Picture bytes of the preview's frame, and of all the key's frames.
        var previewBytes: Int
        var bytes: Int
        /// CPU until every composite the screen wants had arrived and was drawn.
        var cpu: Double
    }

    private static func response(
        _ inputs: BenchInputs, _ configuration: BenchConfiguration, graphics: GraphicsSetup
    ) throws -> (figures: ResponseFigures, keys: [PictureKey]) {
        let fixture = try FixtureLoader.load(path: inputs.fixturePath)
        guard let first = fixture.groups.first, first.members.count >= 9 else {
            throw BenchError(message: "the generated fixture's first group does not have nine members")
        }
        let terminal = InMemoryTerminal(width: configuration.screenWidth, height: configuration.screenHeight)
        terminal.graphics = graphics
        var options = AppController.Options()
        options.now = { ScreenBench.context.now }
        options.timeZone = ScreenBench.context.timeZone
        // In real pixels, the designer's setting (132 pt at scale 3: list avatars of 144 px); the half-block
        // figures stay at the default scale they were first measured at.
        if graphics.drawsPixels {
            options.parameters = CompositionParameters(
                size: configuration.compositeSize, scale: configuration.compositeScale)
        }
        let controller = AppController(
            fixture: fixture, options: options, driver: terminal,
            provider: ScreenBench.makeComposer(), exporter: { _, _, _ in },
            imageCells: { ScreenBench.imageCells($0, columns: $1, rows: $2) })
        controller.redraw()
        try settle(controller)
        var previewSeconds: [Double] = []
        var listSeconds: [Double] = []
        var cpuSeconds: [Double] = []
        var keys: [PictureKey] = []
        // `]` (or `[`) steps the margin; where it stops, `)` raises the tile radius and the margin turns round,
        // so that every measured key makes a parameter set not seen before.
        var marginKey = Key.character("]")
        var key = marginKey
        while previewSeconds.count < sampleCount(configuration) {
            let before = controller.state.parameters
            terminal.pendingKeys = [key]
            let start = BenchTiming.now()
            let cpuStart = processCPUSeconds()
            func moment() -> Moment {
                Moment(wall: BenchTiming.seconds(since: start), cpu: processCPUSeconds() - cpuStart)
            }
            var preview: Double?
            var measured = PictureKey(previewBytes: 0, bytes: 0, cpu: 0)
            let updatesBefore = terminal.pictureUpdates.count
            var updatesSeen = updatesBefore
            while true {
                controller.processEvents()
                let now = moment()
                if preview == nil && controller.isPreviewSettled { preview = now.wall }
                for update in terminal.pictureUpdates[updatesSeen...] where !update.sent.isEmpty {
                    // The preview is drawn first: the first frame after it settles that sends pictures sends it.
                    if measured.preview == nil, preview != nil {
                        measured.preview = now
                        measured.previewBytes = update.output.utf8.count
                    }
                    if update.sent.contains(where: { $0 >= ChatListView.firstPictureID }) { measured.thumbnails = now }
                }
                updatesSeen = terminal.pictureUpdates.count
                if controller.isSettled { break }
                controller.waitForEvents(timeoutMilliseconds: 10_000)
            }
            measured.bytes = terminal.pictureUpdates[updatesBefore...].reduce(0) { $0 + $1.output.utf8.count }
            guard controller.state.parameters != before else {
                guard key == marginKey else { throw BenchError(message: "ran out of new parameter sets") }
                marginKey = marginKey == .character("]") ? .character("[") : .character("]")
                key = .character(")")
                continue
            }
            previewSeconds.append(preview ?? BenchTiming.seconds(since: start))
            listSeconds.append(BenchTiming.seconds(since: start))
            cpuSeconds.append(processCPUSeconds() - cpuStart)
            measured.cpu = cpuSeconds[cpuSeconds.count - 1]
            keys.append(measured)
            key = marginKey
        }
        if graphics.drawsPixels && keys.contains(where: { $0.preview == nil }) {
            throw BenchError(message: "\(graphics.graphicsProtocol) pictures were not sent after every key")
        }
        let figures = ResponseFigures(
            width: configuration.screenWidth, height: configuration.screenHeight,
            members: first.members.count, samples: previewSeconds.count,
            previewP50Milliseconds: percentile(previewSeconds, 0.5) * 1000,
            previewP95Milliseconds: percentile(previewSeconds, 0.95) * 1000,
            listP50Milliseconds: percentile(listSeconds, 0.5) * 1000,
            listP95Milliseconds: percentile(listSeconds, 0.95) * 1000,
            cpuPerKeyMilliseconds: percentile(cpuSeconds, 0.5) * 1000,
            loadAverage: loadAverage())
        return (figures, keys)
    }

    /// Runs the loop until every composite the screen wants has arrived (the start-up, photos decoded).
    private static func settle(_ controller: AppController) throws {
        let start = BenchTiming.now()
        while !controller.isSettled {
            controller.processEvents()
            controller.waitForEvents(timeoutMilliseconds: 1000)
            if BenchTiming.seconds(since: start) > 120 {
                throw BenchError(message: "the screen did not settle in 2 minutes")
            }
        }
        controller.processEvents()
    }

    /// CPU time this process has used, all threads, in seconds.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The one-minute load average when the run ended (a shared machine's latencies depend on it).
    static func loadAverage() -> Double {
        var loads = [0.0, 0.0, 0.0]
        return getloadavg(&loads, 3) > 0 ? loads[0] : 0
    }

    /// The value below which `fraction` of `values` lie (nearest rank).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(0, rank), sorted.count - 1)]
    }
}

/// A parameter key's way to the screen, through the real controller: to the selected nine-member group's new
/// preview on screen, and to every list thumbnail with its new composite (percentiles over `samples` keys).
/// The targets are p95 <= 16 ms for the preview and <= 50 ms for the list.
struct ResponseFigures: Codable, Sendable {
    var width: Int
    var height: Int
    var members: Int
    var samples: Int
    var previewP50Milliseconds: Double
    var previewP95Milliseconds: Double
    var listP50Milliseconds: Double
    var listP95Milliseconds: Double
    /// CPU time the process spent per key (all threads: the preview, the thumbnails, the frames), median.
    var cpuPerKeyMilliseconds: Double
    /// The machine's one-minute load average at the end: on a 2-core machine above 2, other work took turns.
    var loadAverage: Double
}

/// A parameter key in real pixels: to the frame that sends the new preview picture (composition, scaling and
/// the protocol's encoding on our side; the terminal's decoding not included), wall clock and the process's CPU
/// (all threads); to the frame that sends the last list thumbnail the key changed (composed, scaled and encoded
/// after the preview's frame); and the picture bytes that key wrote. The target is p95 <= 33 ms of our
/// time to the preview picture.
struct PictureResponseFigures: Codable, Sendable {
    var graphicsProtocol: String
    var samples: Int
    var pictureP50Milliseconds: Double
    var pictureP95Milliseconds: Double
    var pictureCPUMillisecondsP50: Double
    var pictureCPUMillisecondsP95: Double
    /// Median over the keys of the bytes of the preview's frame.
    var previewBytesPerKey: Int
    var thumbnailsP50Milliseconds: Double
    var thumbnailsP95Milliseconds: Double
    var thumbnailsCPUMillisecondsP50: Double
    /// Median over the keys of the bytes written for pictures (the preview and the thumbnails).
    var bytesPerKey: Int
    var cpuPerKeyMilliseconds: Double
    var loadAverage: Double
}
