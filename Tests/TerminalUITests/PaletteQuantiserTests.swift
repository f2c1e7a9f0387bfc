import Foundation
import Imaging
import Testing

@testable import TerminalUI

@Suite struct PaletteQuantiserTests {
    /// `count` pixels of one colour as R, G, B bytes.
    private func flat(_ color: RGBA8, count: Int) -> [UInt8] {
        Array((0..<count).map { _ in [color.r, color.g, color.b] }.joined())
    }

    /// The mean linear light of the palette colours `indices` show.
    private func meanLinear(_ indices: [UInt8]) -> (Double, Double, Double) {
        var sum = (0.0, 0.0, 0.0)
        for index in indices {
            let color = XtermPalette.color(ofIndex: index)
            sum.0 += ColorReference.linear(color.r)
            sum.1 += ColorReference.linear(color.g)
            sum.2 += ColorReference.linear(color.b)
        }
        let count = Double(indices.count)
        return (sum.0 / count, sum.1 / count, sum.2 / count)
    }

    @Test func temperedMixesAFlatColorOnlyFromEntriesNearIt() {
        // A muted purple between far-apart entries: unrestricted, the error piling up in a flat field flipped
        // pixels to entries 0.11 and 0.12 away (a magenta and olive checkerboard on a purple tile).
        let purple = RGBA8(r: 162, g: 89, b: 182)
        let quantiser = PaletteQuantiser.extended, reach = quantiser.tempered.reach
        let indices = quantiser.quantise(flat(purple, count: 32 * 32), width: 32, height: 32, dither: .tempered)
        let own = OKLab(r: purple.r, g: purple.g, b: purple.b)
        let nearest = XtermPalette.nearestExtendedIndex(r: purple.r, g: purple.g, b: purple.b)
        // Near: well inside the 0.11-0.12 steps that made the checkerboard.
        #expect(reach < 0.1)
        #expect(indices.count == 32 * 32)
        #expect(Set(indices).count > 1, "a colour between entries is still mixed")
        for index in Set(indices) {
            let color = XtermPalette.color(ofIndex: index)
            let distance = OKLab(r: color.r, g: color.g, b: color.b).squaredDistance(to: own).squareRoot()
            #expect(distance <= reach || index == nearest, "index \(index) is \(distance) away")
        }
    }

    @Test func darkSkinIsNotMaroon() {
        // CIEDE2000 over the whole palette prefers #5F0000 for this colour; the chosen entry must keep the
        // lightness and must not double the chroma.
        let skin = RGBA8(r: 86, g: 51, b: 33)
        let index = XtermPalette.nearestExtendedIndex(r: skin.r, g: skin.g, b: skin.b)
        #expect(index != 52)
        let chosen = ColorReference.lab(
            XtermPalette.color(ofIndex: index).r, XtermPalette.color(ofIndex: index).g,
            XtermPalette.color(ofIndex: index).b)
        let target = ColorReference.lab(skin.r, skin.g, skin.b)
        #expect(abs(chosen.l - target.l) < 5)
        #expect(hypot(chosen.a, chosen.b) < hypot(target.a, target.b) * 1.5)
    }

    @Test func skinTonesKeepTheirHueFamily() {
        // From dark to light: every choice keeps the lightness and is never much more saturated (maroon for
        // the dark tone had twice the chroma).
        let tones: [RGBA8] = [
            RGBA8(r: 60, g: 38, b: 28), RGBA8(r: 86, g: 51, b: 33), RGBA8(r: 120, g: 80, b: 60),
            RGBA8(r: 160, g: 110, b: 85), RGBA8(r: 200, g: 150, b: 120),
            RGBA8(r: 224, g: 172, b: 140),
        ]
        for tone in tones {
            let color = XtermPalette.color(ofIndex: XtermPalette.nearestExtendedIndex(r: tone.r, g: tone.g, b: tone.b))
            let chosen = ColorReference.lab(color.r, color.g, color.b)
            let target = ColorReference.lab(tone.r, tone.g, tone.b)
            #expect(hypot(chosen.a, chosen.b) <= hypot(target.a, target.b) * 1.7, "\(tone) -> \(color)")
            #expect(abs(chosen.l - target.l) <= 8, "\(tone) -> \(color)")
        }
    }

    @Test func tableIsTheCIEDE2000BestOfTheNearlyNearestInOKLab() {
        let palette = (16...255).map { XtermPalette.color(ofIndex: UInt8($0)) }
        let paletteOKLab = palette.map(ColorReference.oklab)
        var seed: UInt32 = 7
        for _ in 0..<200 {
            seed = seed &* 1_103_515_245 &+ 12345
            let color = RGBA8(
                r: UInt8(truncatingIfNeeded: seed >> 8), g: UInt8(truncatingIfNeeded: seed >> 16),
                b: UInt8(truncatingIfNeeded: seed >> 24))
            // The colour the table slot stands for: top 6 bits widened back to 8.
            func widened(_ v: UInt8) -> UInt8 { v & 0xFC | v >> 6 }
            let slot = RGBA8(r: widened(color.r), g: widened(color.g), b: widened(color.b))
            // Squared distances: within 1.3 times the nearest distance is within 1.69 times its square.
            let target = ColorReference.oklab(slot)
            let distances = paletteOKLab.map { entry in
                (entry.l - target.l) * (entry.l - target.l) + (entry.a - target.a) * (entry.a - target.a)
                    + (entry.b - target.b) * (entry.b - target.b)
            }
            let closest = distances.min() ?? 0
            let nearest = zip(palette, distances).filter { $0.1 <= closest * 1.69 }.map(\.0)
            let best = nearest.map { ColorReference.deltaE2000($0, slot) }.min() ?? 0
            let chosen = XtermPalette.color(
                ofIndex: XtermPalette.nearestExtendedIndex(
                    r: color.r, g: color.g,
                    b: color.b))
            #expect(ColorReference.deltaE2000(chosen, slot) - best < 1e-6, "\(color) -> \(chosen)")
        }
    }

    @Test func withoutDitherEveryPixelTakesTheNearestColor() {
        let skin = RGBA8(r: 86, g: 51, b: 33)
        let indices = PaletteQuantiser.extended.quantise(flat(skin, count: 64), width: 8, height: 8, dither: .none)
        #expect(Set(indices) == [XtermPalette.nearestExtendedIndex(r: 86, g: 51, b: 33)])
    }

    @Test(arguments: [DitherMode.diffusion, .ordered])
    func ditheringKeepsTheMeanColorOfFlatAreas(_ dither: DitherMode) {
        // Colours between palette entries: the dark skin tone and the default light-grey background.
        for color in [RGBA8(r: 86, g: 51, b: 33), RGBA8.lightGrey, RGBA8(r: 30, g: 140, b: 200)] {
            let indices = PaletteQuantiser.extended.quantise(
                flat(color, count: 32 * 32), width: 32, height: 32,
                dither: dither)
            #expect(indices.allSatisfy { $0 >= 16 })
            let mean = meanLinear(indices)
            let target = (
                ColorReference.linear(color.r), ColorReference.linear(color.g),
                ColorReference.linear(color.b)
            )
            let achieved = RGBA8(
                r: ColorReference.encoded(mean.0), g: ColorReference.encoded(mean.1),
                b: ColorReference.encoded(mean.2))
            let single = XtermPalette.color(
                ofIndex: XtermPalette.nearestExtendedIndex(
                    r: color.r, g: color.g,
                    b: color.b))
            // The mix must be closer than any single entry; diffusion, free to use any number of colours, must
            // also be close in absolute terms (ordered mixes two, which for dark brown is maroon and grey).
            let mixed = ColorReference.deltaE2000(achieved, color)
            #expect(mixed < ColorReference.deltaE2000(single, color), "\(color) \(dither): \(achieved)")
            if dither == .diffusion { #expect(mixed < 3, "\(color): \(achieved) \(target)") }
        }
    }

    @Test func orderedDitherRepeatsEveryTwoPixels() {
        let indices = PaletteQuantiser.extended.quantise(
            flat(RGBA8(r: 86, g: 51, b: 33), count: 16 * 16),
            width: 16, height: 16, dither: .ordered)
        for y in 0..<14 {
            for x in 0..<14 {
                #expect(indices[y * 16 + x] == indices[y * 16 + x + 2])
                #expect(indices[y * 16 + x] == indices[(y + 2) * 16 + x])
            }
        }
        #expect(Set(indices).count == 2)
    }

    @Test func sixteenColorsUseTheANSIEntriesOnly() {
        let indices = PaletteQuantiser.ansi.quantise(
            flat(RGBA8(r: 120, g: 60, b: 30), count: 100), width: 10,
            height: 10, dither: .diffusion)
        #expect(indices.allSatisfy { $0 < 16 })
        #expect(Set(indices).count > 1)
    }

    @Test func badSizesGiveNothing() {
        #expect(PaletteQuantiser.extended.quantise([1, 2, 3], width: 2, height: 1, dither: .diffusion).isEmpty)
        #expect(PaletteQuantiser.extended.quantise([], width: 0, height: 0, dither: .none).isEmpty)
    }
}

@Suite struct DitherQualityTests {
    /// Mean CIEDE2000 between the cells' pixels and the area-averaged source, after the blur of
    /// `ColorReference.blurred` when `blur` is set.
    private func score(_ source: RGBAImage, dither: DitherMode, blur: Bool) -> Double {
        let grid = HalfBlockRenderer.render(
            source, columns: 40, rows: 20, mode: .palette256,
            backdrop: .solid(.black), dither: dither)
        var drawn = ColorReference.pixels(of: grid)
        var reference = ColorReference.boxAverage(source, width: 40, height: 40, backdrop: .black)
        if blur {
            drawn = ColorReference.blurred(drawn, width: 40)
            reference = ColorReference.blurred(reference, width: 40)
        }
        return zip(drawn, reference).map { ColorReference.deltaE2000($0, $1) }.reduce(0, +) / Double(drawn.count)
    }

    @Test func diffusionIsTheMostFaithfulSeenFromADistance() {
        // 160 pixels a side: four source pixels per output pixel keep the area averaging honest at a fraction
        // of the work of the 512-pixel version (these tests also run under the sanitizers).
        let source = ColorReference.photoLike(side: 160)
        let none = score(source, dither: .none, blur: true)
        let ordered = score(source, dither: .ordered, blur: true)
        let diffusion = score(source, dither: .diffusion, blur: true)
        #expect(diffusion < none * 0.75, "diffusion \(diffusion), none \(none)")
        #expect(ordered < none, "ordered \(ordered), none \(none)")
        #expect(diffusion < ordered)
    }

    @Test func gradientsDoNotBand() {
        // A slow dark-brown-to-tan ramp: without dither it falls into a few flat bands; diffused, the mean of
        // every 4-column strip follows the ramp. The outer strips are left out: error diffusion starts each
        // row with no error to draw on, so the first pixels at an image edge are near-nearest colours.
        var source = RGBAImage(width: 64, height: 32)
        for x in 0..<64 {
            for y in 0..<32 {
                source[x, y] = RGBA8(r: UInt8(60 + x * 2), g: UInt8(38 + x * 3 / 2), b: UInt8(28 + x))
            }
        }
        func worstBlockError(_ dither: DitherMode) -> Double {
            let grid = HalfBlockRenderer.render(
                source, columns: 64, rows: 16, mode: .palette256,
                backdrop: .solid(.black), dither: dither)
            let pixels = ColorReference.pixels(of: grid)
            var worst = 0.0
            for blockX in stride(from: 8, to: 56, by: 4) {
                var sum = (0.0, 0.0, 0.0), target = (0.0, 0.0, 0.0)
                for x in blockX..<blockX + 4 {
                    for y in 0..<32 {
                        let pixel = pixels[y * 64 + x], wanted = source[x, y]
                        sum.0 += ColorReference.linear(pixel.r); sum.1 += ColorReference.linear(pixel.g)
                        sum.2 += ColorReference.linear(pixel.b)
                        target.0 += ColorReference.linear(wanted.r); target.1 += ColorReference.linear(wanted.g)
                        target.2 += ColorReference.linear(wanted.b)
                    }
                }
                func color(_ value: (Double, Double, Double)) -> RGBA8 {
                    RGBA8(
                        r: ColorReference.encoded(value.0 / 128), g: ColorReference.encoded(value.1 / 128),
                        b: ColorReference.encoded(value.2 / 128))
                }
                worst = max(worst, ColorReference.deltaE2000(color(sum), color(target)))
            }
            return worst
        }
        let banded = worstBlockError(.none), diffused = worstBlockError(.diffusion)
        #expect(diffused < 3, "diffused \(diffused)")
        #expect(diffused < banded / 2, "diffused \(diffused), banded \(banded)")
    }
}

/// The default mapping on real faces: the sample's nine-member family composite (the pipeline's WeChat golden,
/// dark skin among its faces), drawn as the list's 8x4-cell thumbnail and as a 40x20-cell preview.
@Suite struct FaceDitherTests {
    private struct Drawing {
        var drawn: [RGBA8]
        var reference: [RGBA8]
        var width: Int
    }

    private static func family() throws -> RGBAImage {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GroupIconTests/Resources/golden/wechat-family.png")
        return try ImageDecoder.decode(Array(try Data(contentsOf: url)))
    }

    private func drawing(_ mode: ColorMode, columns: Int, dither: DitherMode) throws -> Drawing {
        let family = try Self.family(), rows = columns / 2
        let grid = HalfBlockRenderer.render(
            family, columns: columns, rows: rows, mode: mode, backdrop: .solid(.black), dither: dither)
        return Drawing(
            drawn: ColorReference.pixels(of: grid),
            reference: ColorReference.boxAverage(family, width: columns, height: rows * 2, backdrop: .black),
            width: columns)
    }

    /// Mean CIEDE2000 after `ColorReference.blurred`: how the eye mixes neighbouring cells.
    private func blurredError(_ drawing: Drawing) -> Double {
        let drawn = ColorReference.blurred(drawing.drawn, width: drawing.width)
        let reference = ColorReference.blurred(drawing.reference, width: drawing.width)
        return zip(drawn, reference).map { ColorReference.deltaE2000($0, $1) }.reduce(0, +) / Double(drawn.count)
    }

    /// The contrast the mapping adds between neighbours: over horizontally and vertically adjacent pixels, the
    /// mean of the drawn pair's CIEDE2000 minus the source pair's, where positive (`bench/cell_render.py`'s
    /// `grain`). A smooth area drawn as two far-apart palette entries in turn scores high, drawn flat 0.
    private func grain(_ drawing: Drawing) -> Double {
        let width = drawing.width, height = drawing.drawn.count / width
        var sum = 0.0, pairs = 0
        for y in 0..<height {
            for x in 0..<width {
                let here = y * width + x
                for neighbour in [x + 1 < width ? here + 1 : nil, y + 1 < height ? here + width : nil] {
                    guard let neighbour else { continue }
                    let made = ColorReference.deltaE2000(drawing.drawn[here], drawing.drawn[neighbour])
                    let there = ColorReference.deltaE2000(drawing.reference[here], drawing.reference[neighbour])
                    sum += max(0, made - there)
                    pairs += 1
                }
            }
        }
        return sum / Double(pairs)
    }

    @Test func theDefaultIsTempered() {
        #expect(DitherMode.standard(for: .palette256) == .tempered)
        #expect(DitherMode.standard(for: .palette16) == .tempered)
    }

    @Test(arguments: [(ColorMode.palette256, 8), (.palette256, 40), (.palette16, 8), (.palette16, 40)])
    func temperedIsCloserThanNoneSeenFromADistance(_ mode: ColorMode, columns: Int) throws {
        let none = try blurredError(drawing(mode, columns: columns, dither: .none))
        let tempered = try blurredError(drawing(mode, columns: columns, dither: .tempered))
        // Measured: 256 colours 0.62 (8x4) and 0.67 (40x20) of none's error, 16 colours 0.75 and 0.54.
        #expect(tempered < none * 0.8, "tempered \(tempered), none \(none)")
    }

    @Test(arguments: [(ColorMode.palette256, 8), (.palette256, 40), (.palette16, 8), (.palette16, 40)])
    func temperedHasLessGrainThanDiffusion(_ mode: ColorMode, columns: Int) throws {
        let diffusion = try grain(drawing(mode, columns: columns, dither: .diffusion))
        let tempered = try grain(drawing(mode, columns: columns, dither: .tempered))
        // Measured: 256 colours 0.75 (8x4) and 0.68 (40x20) of diffusion's grain (0.83 at 40x20 before
        // tempering kept to entries near each pixel's colour), 16 colours 0.59 and 0.83.
        let bound = mode == .palette16 ? (columns == 8 ? 0.7 : 0.9) : (columns == 8 ? 0.9 : 0.8)
        #expect(
            tempered < diffusion * bound,
            "tempered \(tempered), diffusion \(diffusion)")
    }

    @Test func sixteenColorThumbnailsAreNotNoise() throws {
        // At 8x4 cells full diffusion scatters white, yellow and black pixels over the faces (measured: 3.2
        // times the grain of no dithering); tempered adds less than half as much grain to no dithering's
        // (measured: 3.4 against 8.5).
        let none = try grain(drawing(.palette16, columns: 8, dither: .none))
        let diffusion = try grain(drawing(.palette16, columns: 8, dither: .diffusion))
        let tempered = try grain(drawing(.palette16, columns: 8, dither: .tempered))
        #expect(diffusion > none * 2, "diffusion \(diffusion), none \(none)")
        #expect(tempered - none < (diffusion - none) / 2, "tempered \(tempered), none \(none), diffusion \(diffusion)")
    }
}
