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
    /// The parameters given relative to the canvas or the tile, in catalogue order, with the points each
    /// resolves to (a tile radius of the tile: on the smallest tile drawn).
    package var relativeLengths: [ResolvedLength]

    /// A relative parameter and what it came to.
    package struct ResolvedLength: Hashable, Sendable {
        /// The parameter's name (`margin`).
        package var name: String
        package var length: RelativeLength
        package var points: Double
    }

    /// Describes the composite of `count` members drawn with `parameters`.
    public init(count: Int, parameters: CompositionParameters) {
        layout = parameters.layout
        size = parameters.layoutSide
        canvas = Layouts.canvas(count: count, parameters: parameters)
        margin = Layouts.resolvedMargin(count: count, parameters: parameters)
        tiles = Layouts.tiles(count: count, parameters: parameters)
        relativeLengths = ParameterCatalogue.fields(for: parameters.layout).compactMap { field in
            guard case .relative(let length)? = field.value(in: parameters) else { return nil }
            let points = field.points(of: .relative(length), in: parameters, memberCount: count) ?? 0
            return ResolvedLength(name: field.name, length: length, points: points)
        }
    }

    /// One line of JSON plus a trailing newline:
    /// `{"layout":"wechat","count":5,"size":132,"margin":7.3333,"tiles":[{"x":..,"y":..,"width":..,"height":..},...]}`;
    /// for circle layouts (QQ) each tile is `{"cx":..,"cy":..,"diameter":..,"notch":DEGREES|null}` with the QQ reference's angle.
    /// `count` is the number of tiles drawn. A canvas that is not `size` square (a grid that grows to fit)
    /// adds `"width":..,"height":..` after `size`. Parameters given relative to the canvas or the tile add
    /// `"relative":{"margin":{"value":"5%","pt":6.6},...}` after `margin`.
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
            + canvasMembers + [("margin", Self.number(margin))] + relativeMembers + [("tiles", .array(tileValues))]
        return JSONWriter.text(.object(members)) + "\n"
    }

    /// `"relative"` with each relative parameter's value as given and in points; nothing when there is none.
    private var relativeMembers: [(key: String, value: JSONWriter.Value)] {
        guard !relativeLengths.isEmpty else { return [] }
        let values = relativeLengths.map { resolved -> (key: String, value: JSONWriter.Value) in
            (
                resolved.name,
                .object([("value", .string(resolved.length.description)), ("pt", Self.number(resolved.points))])
            )
        }
        return [("relative", .object(values))]
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
