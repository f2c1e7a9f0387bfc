import Imaging
import Support

/// The tile geometry of one composite as the `layout --json` contract shows it (README.md, "Headless").
///
/// The key order is part of the contract (`JSONWriter` keeps it). Numbers have at most four decimals and no
/// trailing zeros (`formatNumber`).
public struct LayoutDescription: Hashable, Sendable {
    /// The layout the tiles come from.
    public var layout: LayoutKind
    /// The canvas side in points (0 when the requested size was unusable, see `Layouts`).
    public var size: Double
    /// The canvas in points (`Layouts.canvas`): `size` square unless a grid grows to fit.
    public var canvas: Size
    /// The margin the layout used (`Layouts.resolvedMargin`); for QQ the notch gap.
    public var margin: Double
    /// The tiles drawn, in member order.
    public var tiles: [Tile]

    /// Describes the composite of `count` members drawn with `parameters`.
    public init(count: Int, parameters: CompositionParameters) {
        layout = parameters.layout
        size = parameters.layoutSide
        canvas = Layouts.canvas(count: count, parameters: parameters)
        margin = Layouts.resolvedMargin(count: count, parameters: parameters)
        tiles = Layouts.tiles(count: count, parameters: parameters)
    }

    /// One line of JSON plus a trailing newline:
    /// `{"layout":"wechat","count":5,"size":132,"margin":7.3333,"tiles":[{"x":..,"y":..,"width":..,"height":..},...]}`;
    /// for circle layouts (QQ) each tile is `{"cx":..,"cy":..,"diameter":..,"notch":DEGREES|null}` with the QQ reference's angle.
    /// `count` is the number of tiles drawn. A canvas that is not `size` square (a grid that grows to fit)
    /// adds `"width":..,"height":..` after `size`.
    public var jsonText: String {
        let canvasMembers: [(key: String, value: JSONWriter.Value)] =
            isSquare ? [] : [("width", Self.number(canvas.width)), ("height", Self.number(canvas.height))]
        let tileValues = tiles.map {
            layout.layout.tileForm == .circle ? Self.circleJSON($0) : Self.frameJSON($0.frame)
        }
        let members: [(key: String, value: JSONWriter.Value)] =
            [
                ("layout", .string(layout.rawValue)), ("count", .number(String(tiles.count))),
                ("size", Self.number(size)),
            ]
            + canvasMembers + [("margin", Self.number(margin)), ("tiles", .array(tileValues))]
        return JSONWriter.text(.object(members)) + "\n"
    }

    /// Whether the canvas is `size` × `size`.
    public var isSquare: Bool {
        canvas == Size(width: size, height: size)
    }

    /// `LayoutDescription(count:parameters:).jsonText`.
    public static func json(count: Int, parameters: CompositionParameters) -> String {
        LayoutDescription(count: count, parameters: parameters).jsonText
    }

    private static func number(_ value: Double) -> JSONWriter.Value {
        .number(formatNumber(value))
    }

    /// `frame` as `layout --json` writes a rectangular tile, `{"x":..,"y":..,"width":..,"height":..}`, numbers
    /// as `formatNumber` writes them (the spec hand-off writes every tile's frames so, in points and pixels).
    package static func frameJSON(_ frame: Rect) -> JSONWriter.Value {
        .object([
            ("x", number(frame.minX)), ("y", number(frame.minY)), ("width", number(frame.width)),
            ("height", number(frame.height)),
        ])
    }

    /// A tile as `layout --json` writes a circle layout's: `{"cx":..,"cy":..,"diameter":..,"notch":..}`.
    package static func circleJSON(_ tile: Tile) -> JSONWriter.Value {
        var notch = JSONWriter.Value.null
        if case .notchedCircle(_, _, let notches) = tile.shape, let first = notches.first {
            notch = number(first.degrees)
        }
        let frame = tile.frame
        return .object([
            ("cx", number(frame.midX)), ("cy", number(frame.midY)), ("diameter", number(frame.width)),
            ("notch", notch),
        ])
    }
}
