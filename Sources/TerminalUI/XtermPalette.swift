import Foundation
import Imaging
import Synchronization

/// The xterm 256-colour palette and perceptual nearest-colour search in it.
///
/// Indices 0...15 are the ANSI colours, which terminals let the user theme; their values here are xterm's
/// defaults and are only used in `palette16` mode. Indices 16...231 are the 6x6x6 cube, 232...255 the grey ramp:
/// those are the same everywhere, so 256-colour images use them alone.
package enum XtermPalette {
    /// xterm's default values of the 16 ANSI colours.
    package static let ansi16: [RGBA8] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ].map { RGBA8(r: $0.0, g: $0.1, b: $0.2) }

    /// The channel levels of the 6x6x6 cube.
    package static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The colour of palette entry `index` (xterm's defaults for 0...15).
    package static func color(ofIndex index: UInt8) -> RGBA8 {
        switch index {
        case 0..<16:
            return ansi16[Int(index)]
        case 16..<232:
            let cube = Int(index) - 16
            return RGBA8(r: cubeLevels[cube / 36], g: cubeLevels[(cube / 6) % 6], b: cubeLevels[cube % 6])
        default:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return RGBA8(r: level, g: level, b: level)
        }
    }

    /// The index in 16...255 perceptually nearest to the colour (see `PaletteLookup`).
    package static func nearestExtendedIndex(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        extendedLookup.index(forKey: lookupKey(r: r, g: g, b: b))
    }

    /// The index in 0...15 perceptually nearest to the colour, assuming xterm's default ANSI colours.
    package static func nearestANSIIndex(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        ansiLookup.index(forKey: lookupKey(r: r, g: g, b: b))
    }

    /// The lookup table's slot for a colour: the top 6 bits of each channel.
    package static func lookupKey(r: UInt8, g: UInt8, b: UInt8) -> Int {
        Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)
    }

    /// The colour a lookup slot stands for: each 6-bit channel widened by repeating its top bits, which spreads
    /// the bins evenly over 0...255 and keeps black and white exact (a bin's middle would turn black into 2,
    /// which OKLab's steep cube root near black puts closer to grey 8 than to black 0).
    package static func representative(ofLookupKey key: Int) -> RGBA8 {
        func channel(_ bits: Int) -> UInt8 { UInt8((bits & 63) << 2 | (bits & 63) >> 4) }
        return RGBA8(r: channel(key >> 12), g: channel(key >> 6), b: channel(key))
    }

    /// The nearest-colour tables of the two palettes images use.
    package static let extendedLookup = PaletteLookup(indices: 16...255)
    package static let ansiLookup = PaletteLookup(indices: 0...15)
}

/// The best palette entry for every 6-bit-per-channel colour: 262 144 slots of one byte, so a pixel costs one
/// load once its slot is known.
///
/// The choice minimises CIEDE2000 among the entries nearly as near in OKLab as the nearest one (within 1.3
/// times its distance). CIEDE2000 ranks near colours better than OKLab distance (mean ΔE2000 4.30 instead of
/// 4.73 on the benchmark's composite at 40x20 cells), but it was fitted to small differences: for far ones it
/// undercounts a gain in chroma, so over the whole palette it sends the dark skin tone (86, 51, 33) to maroon
/// #5F0000 (ΔE2000 13.4: chroma doubled, 7.5 darker, hue 18° off) rather than to dark grey #3A3A3A (16.8).
/// OKLab, uniform at large distances too, puts maroon 1.5 times as far as the grey; keeping CIEDE2000 to
/// the candidates OKLab finds about as good keeps its fine ranking without its large-distance failures.
///
/// Slots are worked out the first time a colour asks: a screen of avatars uses a few thousand of them, and
/// filling all of them up front (~0.8 s of CPU) held back the first 256-colour frame by most of a second.
/// Slots are relaxed atomics, so renderers on several threads may fill them at once; two threads filling one
/// slot store the same value.
package final class PaletteLookup: @unchecked Sendable {
    private static let rerankCount = 16
    /// How much further than the nearest entry, in OKLab distance, a candidate may be and still be ranked.
    private static let rerankReach: Float = 1.3
    private let candidates: PaletteCandidates
    private let candidateLab: [CIELAB]
    private let candidateOKLab: [OKLab]
    /// A value no slot can hold once filled: an index outside the searched range.
    private let unfilled: UInt8
    private let slots: UnsafeMutablePointer<Atomic<UInt8>>
    private static let slotCount = 1 << 18

    package init(indices: ClosedRange<UInt8>) {
        candidates = PaletteCandidates(indices: indices)
        candidateLab = (0...255).map { index in
            let color = XtermPalette.color(ofIndex: UInt8(index))
            return CIELAB(r: color.r, g: color.g, b: color.b)
        }
        candidateOKLab = (0...255).map { index in
            let color = XtermPalette.color(ofIndex: UInt8(index))
            return OKLab(r: color.r, g: color.g, b: color.b)
        }
        unfilled = indices.lowerBound > 0 ? 0 : 255
        assert(!indices.contains(unfilled), "a palette range of all 256 indices leaves no value for unfilled slots")
        slots = .allocate(capacity: Self.slotCount)
        for slot in 0..<Self.slotCount { (slots + slot).initialize(to: Atomic(unfilled)) }
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// The palette index for lookup slot `key` (see `XtermPalette.lookupKey`).
    package func index(forKey key: Int) -> UInt8 {
        let stored = slots[key].load(ordering: .relaxed)
        if stored != unfilled { return stored }
        let best = bestIndex(forKey: key)
        slots[key].store(best, ordering: .relaxed)
        return best
    }

    private func bestIndex(forKey key: Int) -> UInt8 {
        let color = XtermPalette.representative(ofLookupKey: key)
        var nearest: [UInt8] = []
        let perceptual = OKLab(r: color.r, g: color.g, b: color.b)
        candidates.nearest(Self.rerankCount, to: perceptual, into: &nearest)
        let reach =
            candidateOKLab[Int(nearest[0])].squaredDistance(to: perceptual)
            * Self.rerankReach * Self.rerankReach
        let target = CIELAB(r: color.r, g: color.g, b: color.b)
        var best = nearest[0], bestDifference = Double.infinity
        for index in nearest where candidateOKLab[Int(index)].squaredDistance(to: perceptual) <= reach {
            let difference = candidateLab[Int(index)].deltaE2000(to: target)
            if difference < bestDifference { bestDifference = difference; best = index }
        }
        return best
    }
}

/// A set of palette entries searched for the nearest colours in OKLab.
///
/// Entries are sorted by lightness so a search can walk outwards from the query's lightness and stop as soon
/// as the lightness difference alone exceeds the best distance found: exact, and far fewer comparisons.
package struct PaletteCandidates: Sendable {
    private let colors: [OKLab]
    private let indices: [UInt8]

    package init(indices range: ClosedRange<UInt8>) {
        let entries = range.map { index in
            let color = XtermPalette.color(ofIndex: index)
            return (index: index, lab: OKLab(r: color.r, g: color.g, b: color.b))
        }.sorted { $0.lab.lightness < $1.lab.lightness }
        colors = entries.map(\.lab)
        indices = entries.map(\.index)
    }

    /// The `count` entries nearest to `target`, nearest first, written into `result` (reused to save
    /// allocations).
    package func nearest(_ count: Int, to target: OKLab, into result: inout [UInt8]) {
        let count = min(max(count, 1), colors.count)
        // Best positions so far with their distances, ascending; `worst` is the bound for pruning once full.
        var found: [(distance: Float, position: Int)] = []
        found.reserveCapacity(count + 1)
        colors.withUnsafeBufferPointer { colors in
            func consider(_ position: Int) {
                let distance = colors[position].squaredDistance(to: target)
                guard found.count < count || distance < found[found.count - 1].distance else { return }
                var slot = found.count
                while slot > 0 && found[slot - 1].distance > distance { slot -= 1 }
                found.insert((distance, position), at: slot)
                if found.count > count { found.removeLast() }
            }
            func bound() -> Float { found.count < count ? .infinity : found[found.count - 1].distance }
            // First entry not darker than the target: the walk starts on both sides of it.
            var low = 0, high = colors.count
            while low < high {
                let middle = (low + high) / 2
                if colors[middle].lightness < target.lightness { low = middle + 1 } else { high = middle }
            }
            var down = low - 1, up = low
            while down >= 0 || up < colors.count {
                if up < colors.count {
                    let dl = colors[up].lightness - target.lightness
                    if dl * dl >= bound() { up = colors.count } else { consider(up); up += 1 }
                }
                if down >= 0 {
                    let dl = target.lightness - colors[down].lightness
                    if dl * dl >= bound() { down = -1 } else { consider(down); down -= 1 }
                }
            }
        }
        result.removeAll(keepingCapacity: true)
        result.append(contentsOf: found.map { indices[$0.position] })
    }
}
