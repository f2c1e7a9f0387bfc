import FileSystem
import Foundation
import GroupIcon
import Testing

/// The PNGs in Tests/GroupIconTests/Resources/golden, made by `scripts/update-golden.sh` and inspected by eye
/// when they were made, and the comparison every golden test uses.
enum GoldenImages {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folder = repository.appendingPathComponent("Tests/GroupIconTests/Resources/golden")

    /// Records an issue unless `made` matches the golden `name` within rounding noise: a mean channel
    /// difference of at most 0.5 and no channel off by more than 8.
    static func expect(_ made: RGBAImage, matches name: String) throws {
        let path = folder.appendingPathComponent(name).path
        let expected = try PNGCodec.decode(FileIO.readRegularFile(path: path, maxBytes: 1 << 22))
        #expect(made.width == expected.width && made.height == expected.height, "size against \(path)")
        guard made.pixels.count == expected.pixels.count else { return }
        var total = 0
        var largest = 0
        for (a, b) in zip(made.pixels, expected.pixels) {
            let difference = abs(Int(a) - Int(b))
            total += difference
            largest = max(largest, difference)
        }
        let mean = Double(total) / Double(made.pixels.count)
        #expect(mean <= 0.5, "mean channel difference \(mean) against \(path)")
        #expect(largest <= 8, "largest channel difference \(largest) against \(path)")
    }
}
