import GroupIcon
import TerminalUI
import Testing
@testable import ChatTUIApp

@Suite struct CompositeStoreTests {
    @Test func aCanvasThatIsNotSquareIsLetterboxedNotStretched() {
        // A 40 x 10 composite in 20 x 5 cells (20 x 10 pixels): drawn 20 x 3 cells (2.5 rounded up) in the
        // middle rows; a square one fills the cells.
        let sizes = LockedState<[[Int]]>([])
        let store = CompositeStore(renderImage: { _, columns, rows in
            sizes.withLock { $0.append([columns, rows]) }
            return CellGrid(width: columns, height: rows)
        })
        let group = ViewFixtures.groups(1)[0]
        let wide = CompositionParameters(layout: .grid), square = CompositionParameters()
        store.store(Composite(image: RGBAImage(width: 40, height: 10)), for: PreviewKey(groupID: group.id, parameters: wide))
        store.store(Composite(image: RGBAImage(width: 10, height: 10)), for: PreviewKey(groupID: group.id, parameters: square))
        let cells = store.cells(for: group, parameters: wide, columns: 20, rows: 5)
        #expect(cells?.width == 20 && cells?.height == 5)
        _ = store.cells(for: group, parameters: square, columns: 20, rows: 10)
        #expect(sizes.withLock { $0 } == [[20, 3], [20, 10]])
    }
}
