/// How this terminal shows pictures, decided once at start-up (`GraphicsDetection.setup`), and why.
package struct GraphicsSetup: Hashable, Sendable {
    /// Pictures in half blocks only: what a terminal that was not asked gets.
    package static let halfBlocks = GraphicsSetup(
        graphicsProtocol: .halfblock, reason: "--graphics halfblock",
        cellPixelSize: .fallback, cellSizeIsKnown: false,
        sixelColors: SixelEncoder.maximumColors)

    /// The protocol the preview is drawn in.
    package var graphicsProtocol: GraphicsProtocol
    /// Why that protocol, in a few words ("the terminal answered the kitty query").
    package var reason: String
    /// One cell in screen pixels: what a picture of a rectangle of cells is sized to.
    package var cellPixelSize: CellPixelSize
    /// Whether the terminal told the cell size; otherwise `cellPixelSize` is `CellPixelSize.fallback`.
    package var cellSizeIsKnown: Bool
    /// Colour registers a sixel picture may use (2...256).
    package var sixelColors: Int
    /// Why the forced protocol may not work here (`GraphicsDetection.denial`, or the tmux setting it needs), for
    /// the status line.
    package var warning: String?
    /// What would give pictures where there are none (`GraphicsDetection.passthroughAdvice`): said after the
    /// reason in `summary`.
    package var advice: String?
    /// The tmux the pictures go through, wrapped in its passthrough, and where its pane is; nil when the app
    /// talks to the terminal directly.
    package var passthrough: Multiplexer?
    /// Whether kitty pictures are shown by Unicode placeholders (text cells tmux keeps in the pane) rather
    /// than placed at the cursor.
    package var usesUnicodePlaceholders = false

    package init(
        graphicsProtocol: GraphicsProtocol, reason: String, cellPixelSize: CellPixelSize,
        cellSizeIsKnown: Bool, sixelColors: Int, warning: String? = nil
    ) {
        self.graphicsProtocol = graphicsProtocol; self.reason = reason; self.cellPixelSize = cellPixelSize
        self.cellSizeIsKnown = cellSizeIsKnown; self.sixelColors = sixelColors; self.warning = warning
    }

    /// Whether the preview is drawn in screen pixels rather than half blocks.
    package var drawsPixels: Bool { graphicsProtocol != .halfblock }

    /// What the status line says at start and the help shows: the protocol, why, and the cell size it works
    /// with (`Graphics: sixel (the terminal reports sixel in DA1), cells 10x20 px`); through tmux the reason
    /// ends `, through tmux`.
    package var summary: String {
        guard drawsPixels else { return "Graphics: half blocks (\(reason))" + (advice.map { ": " + $0 } ?? "") }
        let cell = "\(cellPixelSize.width)x\(cellPixelSize.height) px" + (cellSizeIsKnown ? "" : " (guessed)")
        let placement = usesUnicodePlaceholders ? ", Unicode placeholders" : ""
        return "Graphics: \(graphicsProtocol.rawValue) (\(reason))\(placement), cells \(cell)"
    }
}
