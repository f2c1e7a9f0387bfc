import Foundation
import GroupIcon

/// Deterministic photo-like portraits for benchmarks: a two-colour gradient backdrop, a soft-edged head and
/// shoulders, and fine grain, so that JPEG coding and resampling see the smooth areas, edges and texture of a
/// real avatar (flat test patterns compress and filter unrealistically well).
enum SyntheticPhoto {
    /// Portrait number `index` (any integer gives a different one), `side` pixels square, opaque.
    static func portrait(index: Int, side: Int) -> RGBAImage {
        var random = SplitMix(seed: UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9 &+ 17)
        func color() -> SIMD3<Float> { SIMD3(random.unit() * 255, random.unit() * 255, random.unit() * 255) }
        let top = color(), bottom = color(), shirt = color()
        let skin = SIMD3<Float>(225, 180, 150) * (0.6 + 0.4 * random.unit())
        let headCentre = SIMD2<Float>(0.5 + (random.unit() - 0.5) * 0.2, 0.42)
        let headRadius: Float = 0.2 + random.unit() * 0.06
        let size = Float(side)
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<side {
                let v = (Float(y) + 0.5) / size
                let backdrop = top + (bottom - top) * v
                for x in 0..<side {
                    let u = (Float(x) + 0.5) / size
                    // Coverage with an edge about 1.5 % of the side wide, like a slightly soft photo.
                    let headDistance = ((SIMD2(u, v) - headCentre) * SIMD2(1, 0.85)).squaredLength().squareRoot()
                    let head = min(max((headRadius - headDistance) * 60, 0), 1)
                    let shoulderDistance = ((SIMD2(u, v) - SIMD2(headCentre.x, 1.05)) * SIMD2(0.8, 1.3))
                        .squaredLength().squareRoot()
                    let body = min(max((0.5 - shoulderDistance) * 60, 0), 1)
                    var pixel = backdrop + (shirt - backdrop) * body
                    pixel += (skin * (1 - 0.25 * v) - pixel) * head
                    pixel += SIMD3(repeating: (random.unit() - 0.5) * 18)
                    let i = (y * side + x) * 4
                    out[i] = byte(pixel.x); out[i + 1] = byte(pixel.y); out[i + 2] = byte(pixel.z)
                }
            }
        }
        return RGBAImage(width: side, height: side, pixels: pixels) ?? RGBAImage(width: side, height: side)
    }

    private static func byte(_ value: Float) -> UInt8 { UInt8(min(max(value, 0), 255).rounded()) }

    /// A tiny seeded generator (SplitMix64): the same portraits on every machine and run.
    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// A uniform value in 0..<1.
        mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
    }
}

extension SIMD2 where Scalar == Float {
    fileprivate func squaredLength() -> Float { (self * self).sum() }
}
