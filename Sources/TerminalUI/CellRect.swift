/// A rectangle of terminal cells.
package struct CellRect: Hashable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Whether the cell (x, y) lies inside.
    package func contains(x: Int, y: Int) -> Bool {
        x >= self.x && y >= self.y && x < self.x + width && y < self.y + height
    }
}
