import FileSystem
import Foundation
import Support

@testable import GroupIcon

/// A decoder failure with a user-facing description, like the real codecs'.
struct FakeCodecError: Error, CustomStringConvertible {
    var description: String
}

/// Holds the fake decoder until a test opens it, so that concurrent requests provably overlap.
///
/// It blocks a cooperative thread while closed, so suites using it run serialized; it opens by itself after
/// 5 minutes so that a broken pipeline fails its expectations instead of hanging the test run (a short limit
/// would open it early on a loaded machine and break the overlap the tests arrange).
final class DecodeGate: Sendable {
    private let isOpen = LockedState(false)
    func open() { isOpen.withLock { $0 = true } }
    func wait() {
        let deadline = ContinuousClock.now + .seconds(300)
        while !isOpen.withLock({ $0 }), ContinuousClock.now < deadline { usleep(1000) }
    }
}

/// A temporary folder with fake avatar files and fake dependencies that count their calls.
///
/// Fake image files are text: `FAKE <width> <height> <r> <g> <b>`, decoded to a solid image. Like TurboJPEG,
/// the fake decoder halves the image (up to 1/8) while the shorter side stays at least the minimum side.
/// The fake layout puts `count` tiles of size/3 points in rows of three; the fake compositor fills each tile's
/// pixels with the colour of its image's top-left pixel, on the parameters' background.
final class FakeEnvironment: Sendable {
    let root: String
    let gate: DecodeGate?
    private let decodeCount = LockedState(0)
    private let decodedSides = LockedState<[Int]>([])

    init(gate: DecodeGate? = nil) throws {
        root = FileManager.default.temporaryDirectory.path + "/pipeline-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        self.gate = gate
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    var cacheDirectory: String { root + "/cache" }
    var decodes: Int { decodeCount.withLock { $0 } }
    /// Shorter sides of the images the fake decoder returned, in order.
    var sidesDecoded: [Int] { decodedSides.withLock { $0 } }

    @discardableResult
    func writeImage(_ name: String, width: Int, height: Int, color: RGBA8) -> String {
        writeFile(name, Array("FAKE \(width) \(height) \(color.r) \(color.g) \(color.b)".utf8))
    }

    @discardableResult
    func writeFile(_ name: String, _ bytes: [UInt8]) -> String {
        let path = root + "/" + name
        try? Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func pipeline(disk: DiskCacheLocation? = nil, sourceLimits: MemoryCacheLimits? = nil) -> AvatarPipeline {
        var configuration = PipelineConfiguration(
            compositeCache: DiskCache(location: disk ?? .directory(cacheDirectory)))
        if let sourceLimits { configuration.sourceCacheLimits = sourceLimits }
        return AvatarPipeline(dependencies: dependencies, configuration: configuration)
    }

    static func placeholderColor(memberID: String, name: String) -> RGBA8 {
        RGBA8(r: UInt8(memberID.utf8.count * 40 % 256), g: UInt8(name.utf8.count * 30 % 256), b: 200)
    }

    var dependencies: PipelineDependencies {
        PipelineDependencies(
            readFile: { path, maxBytes in
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw FakeCodecError(description: "cannot read")
                }
                guard data.count <= maxBytes else { throw FakeCodecError(description: "too large") }
                return Array(data)
            },
            decode: { [self] bytes, minimumSide in
                gate?.wait()
                decodeCount.withLock { $0 += 1 }
                let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
                guard fields.count == 6, fields[0] == "FAKE", let width = Int(fields[1]), let height = Int(fields[2]),
                    let r = UInt8(fields[3]), let g = UInt8(fields[4]), let b = UInt8(fields[5])
                else { throw FakeCodecError(description: "not a JPEG or PNG image") }
                var factor = 1
                if let minimumSide {
                    while factor < 8, min(width, height) / (factor * 2) >= minimumSide { factor *= 2 }
                }
                let image = RGBAImage(width: width / factor, height: height / factor, fill: RGBA8(r: r, g: g, b: b))
                decodedSides.withLock { $0.append(min(image.width, image.height)) }
                return image
            },
            layoutTiles: { count, parameters in
                let side = parameters.size / 3
                return (0..<min(count, parameters.layout.layout.maximumMembers)).map { index in
                    let frame = Rect(
                        x: Double(index % 3) * side, y: Double(index / 3) * side, width: side, height: side)
                    return Tile(frame: frame, shape: .rect(frame))
                }
            },
            compose: { input in
                let (tiles, images, parameters) = (input.tiles, input.images, input.parameters)
                var canvas = RGBAImage(
                    width: parameters.pixelSize, height: parameters.pixelSize,
                    fill: parameters.resolvedBackground)
                for (tile, image) in zip(tiles, images) {
                    let frame = tile.frame.scaled(by: Double(parameters.scale))
                    for y in Int(frame.minY)..<min(canvas.height, Int(frame.maxY)) {
                        for x in Int(frame.minX)..<min(canvas.width, Int(frame.maxX)) { canvas[x, y] = image[0, 0] }
                    }
                }
                return canvas
            },
            placeholder: { id, name, side, _ in
                RGBAImage(width: side, height: side, fill: FakeEnvironment.placeholderColor(memberID: id, name: name))
            })
    }
}

/// Sets a file's modification time to `secondsAgo` before now.
func age(_ path: String, secondsAgo: TimeInterval) {
    FileIO.setModificationTime(of: path, to: Date().addingTimeInterval(-secondsAgo))
}
