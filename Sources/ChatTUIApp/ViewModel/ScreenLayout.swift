import TerminalUI

/// Where each part of the screen goes at a terminal size: chat list left, a separator column, the preview,
/// then (when shown) a separator and the parameter panel on the right, the status line at the bottom.
package struct ScreenLayout: Hashable, Sendable {
    /// Below this the app shows `TooSmallNotice` instead of the panes.
    package static let minimumWidth = 40
    package static let minimumHeight = 8
    /// Columns of the parameter panel.
    package static let panelWidth = 42
    /// The panel is shown by default from this width on ...
    package static let automaticPanelWidth = 140
    /// ... and on request from this one (narrower, the preview would be too small).
    package static let requestedPanelWidth = 100
    /// The narrowest the chat list gets while the panel is open: the avatar and a dozen columns of name.
    package static let narrowListWidth = 22

    package let width: Int
    package let height: Int
    package let list: CellRect
    package let preview: CellRect
    /// The parameter panel, nil when it is hidden or does not fit.
    package let panel: CellRect?
    /// The row of the status line.
    package let statusRow: Int
    /// Text rows per chat-list row: the avatar is that many rows tall and twice as many columns wide in half
    /// blocks; a pixel avatar may make rows taller (`avatarRows`).
    package let rowHeight: Int

    /// - Parameter avatarRows: rows a list avatar needs (a pixel picture at `--list-avatar-size`); rows are
    ///   made that tall when the standard height is smaller, as far as the screen allows.
    package init(width: Int, height: Int, panel visibility: PanelState.Visibility = .hidden, avatarRows: Int = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        let contentHeight = max(0, self.height - 1)
        let showsPanel =
            switch visibility {
            case .automatic: self.width >= Self.automaticPanelWidth
            case .shown: self.width >= Self.requestedPanelWidth
            case .hidden: false
            }
        let panelColumns = showsPanel ? Self.panelWidth + 1 : 0
        // While the panel is open the list narrows, down to `narrowListWidth` (avatar and name), until the
        // preview has half the screen; closing the panel widens it again, so nothing is hidden for good.
        let previewShare =
            showsPanel
            ? max(Self.narrowListWidth, self.width - panelColumns - 1 - (self.width + 1) / 2)
            : Int.max
        let listWidth = min(max(self.width * 2 / 5, 28), 60, max(0, self.width - 12), previewShare)
        list = CellRect(x: 0, y: 0, width: listWidth, height: contentHeight)
        preview = CellRect(
            x: listWidth + 1, y: 0, width: max(0, self.width - listWidth - 1 - panelColumns),
            height: contentHeight)
        panel =
            showsPanel
            ? CellRect(x: self.width - Self.panelWidth, y: 0, width: Self.panelWidth, height: contentHeight)
            : nil
        statusRow = max(0, self.height - 1)
        rowHeight = max(contentHeight >= 40 ? 4 : contentHeight >= 24 ? 3 : 2, min(avatarRows, contentHeight))
    }

    /// The cells an avatar `pixels` screen pixels square covers in cells of `cell` pixels: whole cells, rounded up.
    package static func avatarCells(pixels: Int, cell: CellPixelSize) -> (columns: Int, rows: Int) {
        let side = max(1, pixels), width = max(1, cell.width), height = max(1, cell.height)
        return ((side + width - 1) / width, (side + height - 1) / height)
    }

    /// Whether the terminal is too small for the panes.
    package var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    /// What the reducer needs of the screen.
    package var listMetrics: ListMetrics {
        ListMetrics(
            visibleRowCount: max(1, list.height / rowHeight), rowHeight: rowHeight, frame: list,
            panelIsShown: panel != nil && !isTooSmall,
            panelFits: width >= Self.requestedPanelWidth && !isTooSmall, panelFrame: panel)
    }
}
