@testable import TerminalUI

extension GraphicsSetup {
    /// The cell the picture-layer tests draw with: 4 x 8 px, known from the terminal's reply.
    static let testCell = CellPixelSize(width: 4, height: 8)

    /// `graphicsProtocol` on `testCell`, as the picture-layer tests set a terminal up.
    static func forTests(_ graphicsProtocol: GraphicsProtocol, sixelColors: Int = 256) -> GraphicsSetup {
        GraphicsSetup(
            graphicsProtocol: graphicsProtocol, reason: "test", cellPixelSize: testCell, cellSizeIsKnown: true,
            sixelColors: sixelColors)
    }
}
