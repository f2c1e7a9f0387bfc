import Foundation
import Imaging
import Testing

/// The files written by scripts/make-codec-corpus.py, and pixel comparisons against their references.
enum CodecCorpus {
    static func bytes(_ name: String) throws -> [UInt8] {
        let resources = try #require(Bundle.module.url(forResource: "Resources", withExtension: nil))
        return Array(try Data(contentsOf: resources.appendingPathComponent("codecs").appendingPathComponent(name)))
    }

    /// The largest difference of any channel between `image` and the raw RGBA `reference`; the colour of a
    /// pixel the reference makes fully transparent is not compared (only its alpha).
    static func maxDifference(_ image: RGBAImage, _ reference: [UInt8]) -> Int {
        guard image.pixels.count == reference.count else { return Int.max }
        var worst = 0
        for pixel in stride(from: 0, to: reference.count, by: 4) {
            let channels = reference[pixel + 3] == 0 ? [3] : [0, 1, 2, 3]
            for channel in channels {
                worst = max(worst, abs(Int(image.pixels[pixel + channel]) - Int(reference[pixel + channel])))
            }
        }
        return worst
    }

    /// Whether the pixel at (x, y) is within `tolerance` of `expected` in every channel.
    static func pixel(_ image: RGBAImage, x: Int, y: Int, isNear expected: RGBA8, tolerance: Int) -> Bool {
        let actual = image[x, y]
        return [(actual.r, expected.r), (actual.g, expected.g), (actual.b, expected.b), (actual.a, expected.a)]
            .allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }
}

/// A fixed linear congruential generator, so randomised damage is the same on every run.
struct DeterministicRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A value in `0..<bound` (`bound` > 0).
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33) % bound
    }
}
