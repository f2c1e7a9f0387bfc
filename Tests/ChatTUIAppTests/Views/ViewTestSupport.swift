import ChatTUITestSupport
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import TerminalUI

@testable import ChatTUIApp

/// A composite source that answers every request with a grid of "#" and remembers the sizes asked for.
final class FakeCellSource: CompositeCellSource {
    var requests: [(groupID: String, parameters: CompositionParameters, columns: Int, rows: Int)] = []
    var available = true
    var warningsToReport: [String] = []

    func cells(for subject: CompositeSubject, parameters: CompositionParameters, columns: Int, rows: Int) -> CellGrid? {
        requests.append((subject.groupID, parameters, columns, rows))
        return available ? CellGrid(width: columns, height: rows, fill: Cell("#")) : nil
    }

    /// A white picture filling the whole area.
    func picture(
        for subject: CompositeSubject, parameters: CompositionParameters, request: PictureRequest
    ) -> PixelPicture? {
        guard available else { return nil }
        let (width, height) = request.areaPixels
        return PixelPicture(
            id: 0, area: CellRect(x: 0, y: 0, width: request.columns, height: request.rows),
            image: RGBAImage(width: width, height: height, fill: .white))
    }

    func pictureCells(
        for subject: CompositeSubject, parameters: CompositionParameters,
        request: PictureRequest
    ) -> (cells: CellRect, grid: CellGrid)? {
        guard available else { return nil }
        return (
            CellRect(x: 0, y: 0, width: request.columns, height: request.rows),
            CellGrid(width: request.columns, height: request.rows, fill: Cell("#"))
        )
    }

    /// The composite `composites` holds for the group, if any.
    var composites: [String: RGBAImage] = [:]

    func composite(for group: ChatGroup, parameters: CompositionParameters) -> RGBAImage? { composites[group.id] }

    func warnings(for group: ChatGroup, parameters: CompositionParameters) -> [String] { warningsToReport }
}

enum ViewFixtures {
    static let utc = TimeZone(identifier: "UTC")!
    /// 2026-11-28 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_867_200)
    static let context = ViewContext(now: now, timeZone: utc, unicode: true)

    static func groups(_ count: Int) -> [ChatGroup] {
        (0..<count).map { index in
            ChatGroup(
                id: "g\(index)", name: "Group \(index)", lastMessage: "message \(index)",
                members: [GroupMember(id: "m", name: "M")])
        }
    }

    static func state(_ groups: [ChatGroup]) -> AppState {
        AppState(groups: groups, parameters: CompositionParameters(), exportDirectory: "out")
    }

    /// Rows of a grid as text (continuations left out).
    static func rows(_ grid: CellGrid) -> [String] {
        (0..<grid.height).map { y in (0..<grid.width).map { grid[$0, y].text }.joined() }
    }

    /// Whether every wide grapheme is followed by a continuation and every continuation follows one.
    static func wideCharactersIntact(_ grid: CellGrid) -> Bool {
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let cell = grid[x, y]
                if cell.isContinuation {
                    if x == 0 || TextWidth.width(of: grid[x - 1, y].text) != 2 { return false }
                } else if TextWidth.width(of: cell.text) == 2 {
                    if x + 1 >= grid.width || !grid[x + 1, y].isContinuation { return false }
                }
            }
        }
        return true
    }
}
