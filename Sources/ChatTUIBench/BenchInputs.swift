import FileSystem
import Foundation
import GroupIcon

/// The files a benchmark run works on, written at the start of the run into one folder so that the peer
/// tools (`bench/compare.sh`) can read exactly the same inputs:
///
/// - `member-1.jpg` ... `member-9.jpg`: generated portraits (`SyntheticPhoto`), JPEG quality 90;
/// - `cells-source.png`: an opaque WeChat composite of them, the picture the cell renderers draw;
/// - `png-source.png`: the measured WeChat composite (rounded canvas, so translucent corners), which we and
///   the peers encode as PNG: the same pixels on every side;
/// - `geometry.json`: every measured composite's tiles and shapes in pixels, for the peers' masks;
/// - `big-fixture.json`: the large chat list, avatars pointing at the members.
struct BenchInputs {
    let directory: URL
    let memberPaths: [String]
    let cellSourcePath: String
    let pngSourcePath: String
    let fixturePath: String

    static let memberCount = 9

    /// Writes every input for `configuration` into `directory` (created when missing).
    static func write(to directory: URL, configuration: BenchConfiguration) throws -> BenchInputs {
        try FileIO.createDirectory(directory.path)
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        var memberPaths: [String] = []
        var members: [RGBAImage] = []
        for index in 1...memberCount {
            let portrait = SyntheticPhoto.portrait(index: index, side: configuration.sourceSide)
            let memberPath = path("member-\(index).jpg")
            try FileIO.writeAtomically(try JPEGCodec.encode(portrait, quality: 90), to: memberPath)
            memberPaths.append(memberPath)
            // What the benchmarks see is the decoded JPEG, artefacts included.
            members.append(try ImageDecoder.decode(try FileIO.readRegularFile(path: memberPath, maxBytes: 1 << 26)))
        }
        var opaque = configuration.parameters(for: .wechat)
        opaque.cornerRadius = 0
        let tiles = Layouts.tiles(count: memberCount, parameters: opaque)
        let cellSource = Compositor.compose(tiles: tiles, images: members, parameters: opaque)
        let cellSourcePath = path("cells-source.png")
        try FileIO.writeAtomically(try PNGCodec.encode(cellSource), to: cellSourcePath)
        let measured = configuration.parameters(for: .wechat)
        let pngSource = Compositor.compose(
            tiles: Layouts.tiles(count: memberCount, parameters: measured),
            images: members, parameters: measured)
        let pngSourcePath = path("png-source.png")
        try FileIO.writeAtomically(try PNGCodec.encode(pngSource), to: pngSourcePath)
        try FileIO.writeAtomically(geometryJSON(configuration, memberPaths: memberPaths), to: path("geometry.json"))
        let fixturePath = path("big-fixture.json")
        try FileIO.writeAtomically(
            fixtureJSON(groups: configuration.fixtureGroups, memberPaths: memberPaths),
            to: fixturePath)
        return BenchInputs(
            directory: directory, memberPaths: memberPaths, cellSourcePath: cellSourcePath,
            pngSourcePath: pngSourcePath, fixturePath: fixturePath)
    }

    /// The smallest side a tile's photo must be decoded at (its pixel frame's longer side), as the pipeline
    /// asks for; the peers use it for their draft / shrink-on-load decodes.
    static func minimumSide(of tile: Tile, scale: Int) -> Int {
        Int((max(tile.frame.width, tile.frame.height) * Double(scale)).rounded(.up))
    }

    // MARK: - geometry.json

    private static func geometryJSON(_ configuration: BenchConfiguration, memberPaths: [String]) throws -> [UInt8] {
        let layouts = BenchConfiguration.layouts.map { entry -> [String: Any] in
            let parameters = configuration.parameters(for: entry.layout)
            let scale = Double(parameters.scale)
            let background = parameters.resolvedBackground
            let tiles = Layouts.tiles(count: entry.members, parameters: parameters).map { tile -> [String: Any] in
                let frame = tile.frame.scaled(by: scale)
                return [
                    "frame": [frame.minX, frame.minY, frame.width, frame.height],
                    "shape": shapeJSON(tile.shape, scale: scale),
                    "minimum_side": minimumSide(of: tile, scale: parameters.scale),
                ]
            }
            return [
                "layout": entry.layout.rawValue, "members": entry.members, "pixels": parameters.pixelSize,
                "corner_radius": parameters.cornerRadius * scale,
                "background": [background.r, background.g, background.b, background.a].map(Int.init),
                "tiles": tiles,
            ]
        }
        let root: [String: Any] = ["sources": memberPaths, "layouts": layouts]
        return Array(try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys]))
    }

    /// A shape in pixels: `rect` [x, y, w, h], `rounded_rect` + `radius`, `circle` cx, cy, r,
    /// `notched_circle` + `cuts` (discs [cx, cy, r] taken out), `intersection` a, b.
    private static func shapeJSON(_ shape: Shape, scale: Double) -> [String: Any] {
        func rect(_ r: Rect) -> [Double] { [r.minX * scale, r.minY * scale, r.width * scale, r.height * scale] }
        switch shape {
        case .rect(let r):
            return ["kind": "rect", "rect": rect(r)]
        case .roundedRect(let r, let radius):
            return ["kind": "rounded_rect", "rect": rect(r), "radius": radius * scale]
        case .circle(let centre, let radius):
            return ["kind": "circle", "cx": centre.x * scale, "cy": centre.y * scale, "r": radius * scale]
        case .notchedCircle(let centre, let radius, let notches):
            let cuts = notches.map { notch -> [Double] in
                let direction = notch.direction
                return [
                    (centre.x + direction.x * notch.cutDistance) * scale,
                    (centre.y + direction.y * notch.cutDistance) * scale, notch.cutRadius * scale,
                ]
            }
            return [
                "kind": "notched_circle", "cx": centre.x * scale, "cy": centre.y * scale, "r": radius * scale,
                "cuts": cuts,
            ]
        case .intersection(let a, let b):
            return ["kind": "intersection", "a": shapeJSON(a, scale: scale), "b": shapeJSON(b, scale: scale)]
        }
    }

    // MARK: - big-fixture.json

    /// `count` groups of 1 to 9 members cycling through the portraits, names and messages in several
    /// scripts, every fourth group muted, times a minute apart. Written as text directly: Foundation's
    /// `JSONSerialization` would take longer than everything it is an input to.
    private static func fixtureJSON(groups count: Int, memberPaths: [String]) -> [UInt8] {
        let names = ["Alice", "李雷", "韩梅梅", "田中", "Zoë", "김민준", "Дмитрий", "Priya", "Mateo"]
        let words = ["骑行", "Design", "家人", "On-call", "读书会", "Raid", "旅行", "Band", "校友"]
        let files = memberPaths.map { ($0 as NSString).lastPathComponent }
        let formatter = ISO8601DateFormatter()
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        var text = "{\"groups\":["
        for index in 0..<count {
            let size = index % 2 == 0 ? 9 : 1 + index % 9
            let members = (0..<size).map { slot in
                let person = (index + slot * 4) % names.count
                return
                    "{\"id\":\"u\(person)\",\"name\":\"\(names[person])\",\"avatar\":\"\(files[person % files.count])\"}"
            }
            let name = "\(words[index % words.count]) \(names[(index / 9) % names.count]) #\(index)"
            let updated = formatter.string(from: start.addingTimeInterval(Double(-60 * index)))
            text +=
                (index == 0 ? "" : ",") + "{\"id\":\"g\(index)\",\"name\":\"\(name)\","
                + "\"lastMessage\":\"消息 \(index): see you at 8 👌\",\"unread\":\(index % 7 == 0 ? index % 150 : 0),"
                + "\"muted\":\(index % 4 == 3),\"updatedAt\":\"\(updated)\",\"members\":[\(members.joined(separator: ","))]}\n"
        }
        return Array((text + "]}\n").utf8)
    }
}
