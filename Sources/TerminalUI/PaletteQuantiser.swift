import Foundation
import Synchronization

/// Maps a picture's pixels to palette indices, dithered or not.
///
/// Colours are chosen perceptually (`PaletteLookup`: OKLab's nearest four, ranked by CIEDE2000) and mixed in
/// linear light, where neighbouring pixels really add up when the eye (or a blurred quality score) blends
/// them: error diffused in linear light scored 1.38 mean ΔE2000 after blur on the benchmark's composite at
/// 40x20 cells, the same diffused in OKLab 1.44. All the perceptual work is in lookup tables filled on first
/// use, so a pixel costs a few table loads and multiply-adds.
package struct PaletteQuantiser: Sendable {
    /// Indices 16...255, the colours every 256-colour terminal shows alike.
    ///
    /// Tempered, a pixel drawn in an entry more than 0.08 (OKLab distance) from its own colour takes its own
    /// colour's nearest instead: tempering alone still let error pile up in a flat tile until it flipped pixels
    /// to entries 0.11-0.12 away (a muted purple drawn as a magenta and olive checkerboard, specks of blue on
    /// teal and of maroon on dark skin). On the sample's faces at 40x20 cells the reach cut grain by 10-18 %
    /// and kept blurred ΔE2000 at 0.69-0.75 of none's; a prototype at 0.06 was calmer on the purple but scored
    /// 0.83 of none's.
    package static let extended = PaletteQuantiser(
        lookup: XtermPalette.extendedLookup,
        plans: MixPlanLookup(indices: 16...255),
        tempered: Tempering(strength: 0.75, limit: 0.05, reach: 0.08))
    /// The 16 ANSI colours at xterm's default values. Their entries are far apart, so tempered diffusion lets
    /// more error through than in 256 colours: limited to 0.05, faces in a 16-colour thumbnail scored hardly
    /// closer than without dithering (blurred ΔE2000 11.3 against 11.8), at 0.15 clearly (9.8).
    /// Any entry may be chosen: the 16 are so far apart that a reach keeping the checkerboards out would keep
    /// the dithering out too.
    package static let ansi = PaletteQuantiser(
        lookup: XtermPalette.ansiLookup,
        plans: MixPlanLookup(indices: 0...15),
        tempered: Tempering(strength: 0.75, limit: 0.15, reach: .infinity))

    /// How much error tempered diffusion passes on (`DitherMode.tempered`); chosen on the sample's faces by
    /// blurred ΔE2000 and grain (README, "Real faces").
    package struct Tempering: Hashable, Sendable {
        /// The share of a pixel's error that is spread.
        package var strength: Float
        /// The most error spread from one pixel, in linear light per channel: enough to lean a neighbour to the
        /// next palette entry in a smooth area, too little to flip it to a far one.
        package var limit: Float
        /// The farthest (OKLab distance) the entry chosen for a pixel may be from the pixel's own colour,
        /// however much error it received; a farther one gives way to the own colour's nearest entry. A flat
        /// area then mixes only entries close to its colour, or stays flat. Infinite: any entry.
        package var reach: Float

        /// Plain Floyd–Steinberg: all of the error, unlimited, any entry.
        package static let full = Tempering(strength: 1, limit: .infinity, reach: .infinity)
    }

    private let lookup: PaletteLookup
    private let plans: MixPlanLookup
    /// The tempering of `DitherMode.tempered` for this palette.
    package let tempered: Tempering

    /// Palette indices for `width` x `height` pixels given as R, G, B bytes row by row (as `AreaAverager`
    /// writes them); one index per pixel. Empty when the sizes and the byte count disagree.
    package func quantise(_ rgb: [UInt8], width: Int, height: Int, dither: DitherMode) -> [UInt8] {
        guard width > 0, height > 0, rgb.count == width * height * 3 else { return [] }
        var indices = [UInt8](repeating: 0, count: width * height)
        rgb.withUnsafeBufferPointer { rgb in
            indices.withUnsafeMutableBufferPointer { indices in
                switch dither {
                case .none:
                    for pixel in 0..<width * height {
                        indices[pixel] = lookup.index(
                            forKey: XtermPalette.lookupKey(
                                r: rgb[pixel * 3], g: rgb[pixel * 3 + 1], b: rgb[pixel * 3 + 2]))
                    }
                case .ordered:
                    ordered(rgb, width: width, height: height, into: indices)
                case .diffusion:
                    diffuse(rgb, width: width, height: height, into: indices, tempering: .full)
                case .tempered:
                    diffuse(rgb, width: width, height: height, into: indices, tempering: tempered)
                }
            }
        }
        return indices
    }

    /// Each pixel takes one of its colour's two-colour mix (see `MixPlanLookup`), picked by the 2x2 Bayer
    /// threshold of its position: a mix of a quarter shows the second colour on one pixel in four.
    ///
    /// 2x2 rather than 4x4: the pattern must be fine enough to blend at a cell's size, and the 3x3 blur scored
    /// 1.96 for 2x2 against 2.09 for 4x4.
    private func ordered(
        _ rgb: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
        into indices: UnsafeMutableBufferPointer<UInt8>
    ) {
        // Thresholds of the pattern [[0, 2], [3, 1]] at the middle of each quarter, in the plans' 0...255 scale.
        let thresholds: [UInt32] = [32, 160, 224, 96]
        for y in 0..<height {
            for x in 0..<width {
                let pixel = y * width + x
                let plan = plans.plan(
                    forKey: XtermPalette.lookupKey(
                        r: rgb[pixel * 3], g: rgb[pixel * 3 + 1], b: rgb[pixel * 3 + 2]))
                indices[pixel] = plan.share > thresholds[(y & 1) << 1 | (x & 1)] ? plan.second : plan.first
            }
        }
    }

    /// Serpentine Floyd–Steinberg: each pixel's error (its colour plus the error it received, minus the palette
    /// colour chosen for it), scaled and limited by `tempering`, goes 7/16 to the next pixel, 3/16, 5/16 and 1/16
    /// to the three below.
    ///
    /// The colour is looked up clamped to the displayable range, but the error is taken from the unclamped
    /// target: clamping it there would throw away the error of colours near the cube's faces (a dark brown,
    /// whose neighbours in the palette all have more blue, came out 50 % too blue). The target is only kept
    /// within half the range beyond each face, which no in-gamut picture reaches, so error can never run away.
    ///
    /// An entry further than `tempering.reach` from the pixel's own colour gives way to that colour's nearest.
    private func diffuse(
        _ rgb: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
        into indices: UnsafeMutableBufferPointer<UInt8>, tempering: Tempering
    ) {
        // The tables as local buffers: a static array read in the loop costs an initialisation check and a
        // retain per access.
        LinearLight.fromByte.withUnsafeBufferPointer { toLinear in
            LinearLight.palette.withUnsafeBufferPointer { palette in
                LinearLight.toByte.withUnsafeBufferPointer { toByte in
                    Self.paletteOKLab.withUnsafeBufferPointer { paletteOKLab in
                        diffuse(
                            rgb, width: width, height: height, into: indices, tempering: tempering,
                            tables: (toLinear: toLinear, palette: palette, toByte: toByte, oklab: paletteOKLab))
                    }
                }
            }
        }
    }

    private func diffuse(
        _ rgb: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
        into indices: UnsafeMutableBufferPointer<UInt8>, tempering: Tempering,
        tables: (
            toLinear: UnsafeBufferPointer<Float>, palette: UnsafeBufferPointer<SIMD4<Float>>,
            toByte: UnsafeBufferPointer<UInt8>, oklab: UnsafeBufferPointer<OKLab>
        )
    ) {
        // Error waiting for this row and the next, each with a slot of padding at both ends so the kernel
        // never needs a bounds check; the two rows swap roles every row.
        let rowLength = width + 2
        let errors = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: 2 * rowLength)
        errors.initialize(repeating: .zero)
        defer { errors.deallocate() }
        let lowest = SIMD4<Float>(repeating: -0.5), highest = SIMD4<Float>(1.5, 1.5, 1.5, 0)
        let top = SIMD4<Float>(1, 1, 1, 0), steps = Float(LinearLight.steps - 1)
        let strength = tempering.strength, limit = tempering.limit
        let reach = tempering.reach, reachSquared = reach * reach
        let spreadLow = SIMD4<Float>(repeating: -limit), spreadHigh = SIMD4<Float>(repeating: limit)
        for y in 0..<height {
            let forward = y % 2 == 0
            let current = UnsafeMutableBufferPointer(rebasing: errors[(y % 2) * rowLength..<(y % 2 + 1) * rowLength])
            let next = UnsafeMutableBufferPointer(
                rebasing: errors[(1 - y % 2) * rowLength..<(2 - y % 2) * rowLength])
            for step in 0..<width {
                let x = forward ? step : width - 1 - step
                let pixel = y * width + x
                let source = SIMD4<Float>(
                    tables.toLinear[Int(rgb[pixel * 3])], tables.toLinear[Int(rgb[pixel * 3 + 1])],
                    tables.toLinear[Int(rgb[pixel * 3 + 2])], 0)
                let target = clamp(source + current[x + 1], lowest, highest)
                let scaled = clamp(target, .zero, top) * steps + 0.5
                var index = lookup.index(
                    forKey: XtermPalette.lookupKey(
                        r: tables.toByte[Int(scaled.x)], g: tables.toByte[Int(scaled.y)],
                        b: tables.toByte[Int(scaled.z)]))
                // Infinite: the cube roots are skipped, not only the comparison.
                if reach.isFinite {
                    let own = OKLab(linearRed: source.x, green: source.y, blue: source.z)
                    if tables.oklab[Int(index)].squaredDistance(to: own) > reachSquared {
                        index = lookup.index(
                            forKey: XtermPalette.lookupKey(
                                r: rgb[pixel * 3], g: rgb[pixel * 3 + 1], b: rgb[pixel * 3 + 2]))
                    }
                }
                indices[pixel] = index
                let error = clamp((target - tables.palette[Int(index)]) * strength, spreadLow, spreadHigh)
                let ahead = forward ? x + 2 : x, behind = forward ? x : x + 2
                current[ahead] += error * (7.0 / 16)
                next[behind] += error * (3.0 / 16)
                next[x + 1] += error * (5.0 / 16)
                next[ahead] += error * (1.0 / 16)
            }
            // This row's slots become the row after next.
            current.update(repeating: .zero)
        }
    }

    /// OKLab of every palette index 0...255 (xterm's values), for `Tempering.reach`.
    private static let paletteOKLab: [OKLab] = (0...255).map { index in
        let color = XtermPalette.color(ofIndex: UInt8(index))
        return OKLab(r: color.r, g: color.g, b: color.b)
    }

    /// `value` clamped lane by lane; written out because the generic `clamped(lowerBound:upperBound:)` is not
    /// inlined here and cost more than the rest of a pixel's work.
    @inline(__always)
    private func clamp(_ value: SIMD4<Float>, _ low: SIMD4<Float>, _ high: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(
            Swift.min(Swift.max(value.x, low.x), high.x), Swift.min(Swift.max(value.y, low.y), high.y),
            Swift.min(Swift.max(value.z, low.z), high.z), Swift.min(Swift.max(value.w, low.w), high.w))
    }
}

/// Conversions between 8-bit sRGB and linear light as tables.
package enum LinearLight {
    /// Linear light of each 8-bit sRGB channel value.
    package static let fromByte: [Float] = SRGB.linearLight.map(Float.init)

    /// Linear light of every palette index 0...255 (xterm's values), the fourth lane 0.
    package static let palette: [SIMD4<Float>] = (0...255).map { index in
        let color = XtermPalette.color(ofIndex: UInt8(index))
        return SIMD4(fromByte[Int(color.r)], fromByte[Int(color.g)], fromByte[Int(color.b)], 0)
    }

    /// Steps of the linear-to-sRGB table: 4096 keeps every step below one 8-bit sRGB level except in the
    /// darkest few, far finer than the 6-bit keys it feeds.
    package static let steps = 4096

    /// The 8-bit sRGB value of each of `steps` evenly spaced linear values.
    package static let toByte: [UInt8] = (0..<steps).map { step in
        let value = Double(step) / Double(steps - 1)
        let encoded = value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
        return UInt8(min(max(encoded * 255 + 0.5, 0), 255))
    }
}

/// The best two-colour mix of palette entries for every 6-bit-per-channel colour, for ordered dithering.
///
/// For a colour, every pair among its ten nearest entries (a pair of one entry twice included) is mixed in
/// linear light at the share of the second colour that comes closest, rounded to the quarters a 2x2 pattern
/// can show; the pair whose mix is nearest in OKLab wins, with a small penalty on the distance between the
/// two colours so that a mix of near colours beats one of far colours averaging the same (far colours make a
/// visible pattern). Slots are filled on first use, like `PaletteLookup`'s.
package final class MixPlanLookup: @unchecked Sendable {
    /// A slot's answer: `second` on a `share` (0...255) of the pattern's pixels, `first` on the others.
    package struct Plan: Hashable, Sendable {
        package var first: UInt8
        package var second: UInt8
        package var share: UInt32
    }

    private static let candidateCount = 10
    /// Squared OKLab distance between the two colours of a mix, weighted against the mix's own error.
    private static let spreadPenalty: Float = 0.01
    /// Quarters: the levels a 2x2 pattern shows.
    private static let levels: Float = 4
    private static let slotCount = 1 << 18
    /// Plans pack into 24 bits, so this never is one.
    private static let unfilled = UInt32.max

    private let candidates: PaletteCandidates
    private let slots: UnsafeMutablePointer<Atomic<UInt32>>

    package init(indices: ClosedRange<UInt8>) {
        candidates = PaletteCandidates(indices: indices)
        slots = .allocate(capacity: Self.slotCount)
        for slot in 0..<Self.slotCount { (slots + slot).initialize(to: Atomic(Self.unfilled)) }
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// The plan for lookup slot `key` (see `XtermPalette.lookupKey`).
    package func plan(forKey key: Int) -> Plan {
        var packed = slots[key].load(ordering: .relaxed)
        if packed == Self.unfilled {
            packed = bestPlan(forKey: key)
            slots[key].store(packed, ordering: .relaxed)
        }
        return Plan(
            first: UInt8(truncatingIfNeeded: packed), second: UInt8(truncatingIfNeeded: packed >> 8),
            share: packed >> 16)
    }

    private func bestPlan(forKey key: Int) -> UInt32 {
        let color = XtermPalette.representative(ofLookupKey: key)
        let target = OKLab(r: color.r, g: color.g, b: color.b)
        let linear = SIMD4<Float>(
            LinearLight.fromByte[Int(color.r)], LinearLight.fromByte[Int(color.g)],
            LinearLight.fromByte[Int(color.b)], 0)
        var nearest: [UInt8] = []
        candidates.nearest(Self.candidateCount, to: target, into: &nearest)
        let palette = LinearLight.palette
        var best: (cost: Float, packed: UInt32) = (.infinity, 0)
        for (position, first) in nearest.enumerated() {
            let from = palette[Int(first)]
            let firstLab = OKLab(linearRed: from.x, green: from.y, blue: from.z)
            for second in nearest[position...] {
                let to = palette[Int(second)]
                let span = to - from
                let length = (span * span).sum()
                let exact = length > 0 ? ((linear - from) * span).sum() / length : 0
                let share = (min(max(exact, 0), 1) * Self.levels).rounded() / Self.levels
                let mix = from + span * share
                let mixed = OKLab(linearRed: mix.x, green: mix.y, blue: mix.z)
                let secondLab = OKLab(linearRed: to.x, green: to.y, blue: to.z)
                let cost =
                    mixed.squaredDistance(to: target)
                    + Self.spreadPenalty * firstLab.squaredDistance(to: secondLab)
                if cost < best.cost {
                    best = (cost, UInt32(first) | UInt32(second) << 8 | UInt32((share * 255).rounded()) << 16)
                }
            }
        }
        return best.packed
    }
}
