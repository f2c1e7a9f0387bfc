import Fixtures
import GroupIcon
import Support
import TerminalUI

/// The pixel inspector of the 1:1 view (`I`): where its cursor is in pixels and points, the colour of the
/// composite there, and which member's tile it is in (or the margin around the tiles, or a gap between them).
package enum PixelInspector {
    /// What lies under the cursor.
    package enum Region: Equatable, Sendable {
        /// The tile of the member at `index` (member order, as the layout draws them).
        case tile(index: Int, member: GroupMember)
        /// Outside every tile's bounding box: the margin (padding) between the tiles and the canvas edge.
        case margin
        /// Inside the tiles' bounding box but in no tile: a gap.
        case gap
    }

    /// The pixel size of the composite the 1:1 view shows for the selected group at `parameters` (the
    /// current ones when nil): the canvas at the export scale, as the compositor makes it; nil when nothing is
    /// selected.
    package static func compositeSize(
        _ state: AppState, parameters: CompositionParameters? = nil
    ) -> (width: Int, height: Int)? {
        guard let group = state.selectedGroup else { return nil }
        let parameters = parameters ?? state.parameters
        let canvas = Layouts.canvas(count: group.members.count, parameters: parameters)
        let scale = Double(parameters.scale)
        return (max(1, Int((canvas.width * scale).rounded())), max(1, Int((canvas.height * scale).rounded())))
    }

    /// What the pixel at `position` of the selected group's composite belongs to (its middle decides).
    package static func region(at position: PixelPosition, in state: AppState) -> Region? {
        guard let group = state.selectedGroup else { return nil }
        let scale = Double(state.parameters.scale)
        let point = Point(x: (Double(position.x) + 0.5) / scale, y: (Double(position.y) + 0.5) / scale)
        let tiles = Layouts.tiles(count: group.members.count, parameters: state.parameters).map(\.frame)
        func inside(_ frame: Rect) -> Bool {
            point.x >= frame.minX && point.x < frame.maxX && point.y >= frame.minY && point.y < frame.maxY
        }
        if let index = tiles.firstIndex(where: inside), index < group.members.count {
            return .tile(index: index, member: group.members[index])
        }
        guard let minX = tiles.map(\.minX).min(), let minY = tiles.map(\.minY).min(),
            let maxX = tiles.map(\.maxX).max(), let maxY = tiles.map(\.maxY).max(),
            inside(Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
        else { return .margin }
        return .gap
    }

    /// The inspector's line for the preview's title: "px 12, 40 · pt 4, 13.3333 · #AABBCC · tile 2 Alice (m1)";
    /// the colour from `composite` (the selected group's at the current parameters; "…" while it has not
    /// arrived). Nil while the inspector is off.
    package static func readout(_ state: AppState, composite: RGBAImage?, unicode: Bool) -> String? {
        guard let cursor = state.actualPixels?.cursor, let region = region(at: cursor, in: state) else { return nil }
        let scale = Double(state.parameters.scale)
        let dot = unicode ? " · " : " | "
        var color = unicode ? "…" : "~"
        if let composite, cursor.x < composite.width, cursor.y < composite.height {
            color = composite[cursor.x, cursor.y].hexString
        }
        let place: String
        switch region {
        case .tile(let index, let member):
            place = "tile \(index + 1) \(Sanitizer.clean(member.name)) (\(Sanitizer.clean(member.id)))"
        case .margin: place = "margin"
        case .gap: place = "gap"
        }
        return "px \(cursor.x), \(cursor.y)" + dot
            + "pt \(formatNumber(Double(cursor.x) / scale)), \(formatNumber(Double(cursor.y) / scale))" + dot
            + color + dot + place
    }
}
