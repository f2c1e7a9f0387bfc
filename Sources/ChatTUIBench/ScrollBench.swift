import ChatTUIApp
import ChatTUITestSupport
import Fixtures
import Foundation
import GroupIcon
import TerminalUI

/// Scrolling the large chat list page by page in real pixels (kitty, then sixel, at 10 x 20 px cells): each
/// page's frame built from composites and list pictures already made (the views and `PictureLayer`'s encoding),
/// on one thread, as the app's loop does it; 20 pages down, then 5 back up to pages already seen. Composing a
/// page's new composites and scaling them to the list's avatar size happen off the loop and are measured apart.
enum ScrollBench {
    static func scroll(_ inputs: BenchInputs, _ configuration: BenchConfiguration) async throws -> [ScrollFigures] {
        let fixture = try FixtureLoader.load(path: inputs.fixturePath)
        let tiny = configuration.timing.runs <= 1
        let (downPages, upPages) = tiny ? (3, 2) : (20, 5)
        var figures: [ScrollFigures] = []
        for graphicsProtocol in [GraphicsProtocol.kitty, .sixel] {
            let setup = ResponseBench.benchSetup(graphicsProtocol)
            var context = ScreenBench.context
            context.graphics = setup
            let parameters = CompositionParameters(
                size: configuration.compositeSize, scale: configuration.compositeScale)
            let avatarPixels = Int((AppController.Options().listAvatarPoints * Double(parameters.scale)).rounded())
            context.listAvatarPixels = avatarPixels
            let layout = ScreenLayout(
                width: configuration.screenWidth, height: configuration.screenHeight,
                avatarRows: ScreenLayout.avatarCells(pixels: avatarPixels, cell: setup.cellPixelSize).rows)
            var state = AppState(groups: fixture.groups, parameters: parameters, exportDirectory: ".")
            // The list's composites are made at their avatars' pixels, as the app makes them.
            let listParameters = ChatListView.avatarParameters(state, context: context)
            let rows = layout.listMetrics.visibleRowCount
            let pages = (0...downPages).map { $0 * rows }
            guard fixture.groups.count >= (downPages + 1) * rows, let selected = state.selectedGroup else {
                throw BenchError(message: "the generated fixture has too few groups to scroll \(downPages) pages")
            }
            // Every composite the pages show, made before the timing (the loop only draws them).
            let composer = ScreenBench.makeComposer()
            let store = CompositeStore(renderImage: { ScreenBench.imageCells($0, columns: $1, rows: $2) })
            let previewParameters = PreviewGeometry.imageParameters(
                state, width: layout.preview.width, height: layout.preview.height, pixelCell: setup.cellPixelSize)
            store.store(
                try await composer.composite(for: selected, parameters: previewParameters),
                for: store.key(for: selected.id, parameters: previewParameters))
            // The app frames each list avatar for the list where it composes it, off the loop, as here.
            let listRequest = ChatListView.avatarRequest(rowHeight: layout.rowHeight, context: context)
            var listPictures: [Int: (key: PreviewKey, picture: PixelPicture)] = [:]
            // Each avatar's off-loop CPU, so that a page's whole cost is its frame's plus its new avatars'.
            var avatarSeconds: [Int: Double] = [:]
            let composeStart = ResponseBench.processCPUSeconds()
            for position in 0..<((downPages + 1) * rows) {
                let avatarStart = ResponseBench.processCPUSeconds()
                defer { avatarSeconds[position] = ResponseBench.processCPUSeconds() - avatarStart }
                guard let group = state.group(atPosition: position) else { continue }
                let composite = try await composer.composite(for: group, parameters: listParameters)
                let key = store.key(for: group.id, parameters: listParameters)
                store.store(composite, for: key)
                if let listRequest,
                    let picture = CompositeStore.readyPicture(composite.image, request: listRequest, graphics: setup)
                {
                    listPictures[position] = (key, picture)
                }
            }
            let composeSeconds = (ResponseBench.processCPUSeconds() - composeStart) / Double((downPages + 1) * rows)
            let terminal = InMemoryTerminal(width: layout.width, height: layout.height)
            terminal.graphics = setup
            func show(_ offset: Int) -> (cpu: Double, bytes: Int, transmitted: Int, placed: Int) {
                state.scrollOffset = offset
                // The page's pictures arrive before its frame, as the app's look-ahead has them (the store keeps
                // fewer than 21 pages of them).
                for position in offset..<(offset + rows) {
                    guard let listRequest, let (key, picture) = listPictures[position] else { continue }
                    store.storePicture(picture, for: key, request: listRequest)
                }
                let cpuStart = threadCPUSeconds()
                let frame = ScreenView.frame(state, layout: layout, source: store, context: context)
                terminal.draw(frame.grid, pictures: frame.pictures)
                let cpu = threadCPUSeconds() - cpuStart
                let update = terminal.pictureUpdates[terminal.pictureUpdates.count - 1]
                return (cpu, update.output.utf8.count, update.sent.count, update.placed.count)
            }
            _ = show(0)
            let down = pages.dropFirst().map(show)
            // A new page's whole CPU: its frame on the loop and, off it, composing and framing (and for sixel
            // encoding) each of its avatars, none of which an earlier page showed.
            let whole = zip(pages.dropFirst(), down).map { offset, page in
                page.cpu + (offset..<(offset + rows)).reduce(0) { $0 + (avatarSeconds[$1] ?? 0) }
            }
            let up = pages.dropLast().suffix(upPages).reversed().map(show)
            func milliseconds(_ values: [Double], _ fraction: Double) -> Double {
                ResponseBench.percentile(values, fraction) * 1000
            }
            func median(_ values: [Int]) -> Int { Int(ResponseBench.percentile(values.map(Double.init), 0.5)) }
            figures.append(
                ScrollFigures(
                    graphicsProtocol: graphicsProtocol.rawValue, groups: fixture.groups.count, rowsPerPage: rows,
                    pagesDown: down.count, pagesBack: up.count,
                    cpuPerPageP50Milliseconds: milliseconds(down.map(\.cpu), 0.5),
                    cpuPerPageP95Milliseconds: milliseconds(down.map(\.cpu), 0.95),
                    wholeCPUPerPageP50Milliseconds: milliseconds(whole, 0.5),
                    wholeCPUPerPageP95Milliseconds: milliseconds(whole, 0.95),
                    bytesPerPage: median(down.map(\.bytes)),
                    picturesSentPerPage: median(down.map(\.transmitted)),
                    backCPUPerPageP50Milliseconds: milliseconds(up.map(\.cpu), 0.5),
                    backBytesPerPage: median(up.map(\.bytes)),
                    backPicturesSent: up.map(\.transmitted).reduce(0, +),
                    backPicturesPlaced: up.map(\.placed).reduce(0, +),
                    composeCPUPerThumbnailMilliseconds: composeSeconds * 1000))
        }
        return figures
    }

    /// CPU time of the calling thread, in seconds: the loop's own work, not the pool's.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// One protocol's scrolling: per page going down (new groups: their thumbnails scaled and sent), the loop's CPU
/// p50/p95 and bytes written, and the whole CPU of the page (the loop's and its new avatars' off-loop work);
/// going back up to pages seen (kitty places the images it holds again, sending no pixels; sixel sends them
/// again); and, apart, the CPU to compose one thumbnail's composite and scale it to the list's avatar size, which
/// a page of new groups needs `rowsPerPage` times off the loop. The target is <= 16 ms of our CPU per
/// page: the whole figure.
struct ScrollFigures: Codable, Sendable {
    var graphicsProtocol: String
    var groups: Int
    var rowsPerPage: Int
    var pagesDown: Int
    var pagesBack: Int
    var cpuPerPageP50Milliseconds: Double
    var cpuPerPageP95Milliseconds: Double
    var wholeCPUPerPageP50Milliseconds: Double
    var wholeCPUPerPageP95Milliseconds: Double
    var bytesPerPage: Int
    var picturesSentPerPage: Int
    var backCPUPerPageP50Milliseconds: Double
    var backBytesPerPage: Int
    var backPicturesSent: Int
    var backPicturesPlaced: Int
    var composeCPUPerThumbnailMilliseconds: Double
}
