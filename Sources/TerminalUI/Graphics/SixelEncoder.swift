import CSixel
import Foundation
import Imaging
import Support

/// Sixel output: libsixel builds the palette (median cut over a histogram, high quality, each entry the mean of
/// the pixels it stands for), and the bands are written here, one pass over the pixels.
///
/// libsixel's own encoder maps and writes a megapixel in 50-100 ms of CPU (it scans the band once per colour,
/// and diffuses the error); a live preview is re-sent on every parameter key, so the pixels are mapped to the
/// nearest palette colour through a cache of 32 768 RGB555 entries (each cell's entry searched outwards by
/// green, `PaletteSearch`) and each band is written from lists of the columns each colour occupies,
/// in about a tenth of that. Without error diffusion the decoded picture is also
/// closer to the source (PSNR about 1.5 dB higher on photographs), at the price of visible steps in wide,
/// smooth gradients, which composites of photographs do not have.
package enum SixelEncoder {
    /// The most colour registers asked for; every sixel terminal has at least 256.
    package static let maximumColors = 256

    /// `image` composited over `backdrop` (sixel has no partial transparency) as one DCS sixel sequence
    /// (`ESC P ... q` ... `ESC \`) with an adaptive palette of up to `colors` entries. The image is shown at
    /// the cursor at one image pixel per screen pixel, so size it with `CellPixelSize.imagePixels`. With
    /// `paletteFrom`, the palette is the one that image would get: a part of a picture (`PixelPicture.uncovered`)
    /// so shows exactly the colours the whole picture shows.
    package static func encode(
        _ image: RGBAImage, backdrop: Backdrop, colors: Int = maximumColors, paletteFrom: RGBAImage? = nil
    ) throws(GraphicsError) -> String {
        // An opaque picture (the usual case: laid over its backdrop already) comes back as it is.
        let opaque = backdrop.composite(image)
        let width = opaque.width
        let height = opaque.height
        guard width > 0, height > 0, opaque.pixels.count == width * height * 4 else {
            return "\u{1B}Pq\u{1B}\\"
        }
        let pixels = opaque.pixels[...]
        let source = paletteFrom.map { backdrop.composite($0) }
        let palette =
            if let source, source.width > 0, source.height > 0,
                source.pixels.count == source.width * source.height * 4
            {
                try Self.palette(source.pixels[...], width: source.width, height: source.height, colors: colors)
            } else {
                try Self.palette(pixels, width: width, height: height, colors: colors)
            }
        // A large picture's bands are mapped and written on every core at once, each run of whole bands on
        // its own (the palette is the whole picture's), and joined in order: the same text as in one piece.
        let runs = ParallelRuns.runs(rows: height, width: width, granule: 6)
        let bodies = ParallelRuns.map(runs) { run in
            let start = pixels.startIndex + run.lowerBound * width * 4
            let indices = map(pixels[start..<(start + run.count * width * 4)], to: palette)
            return bands(indices, width: width, height: run.count, endsPicture: run.upperBound == height)
        }
        var output = SixelWriter(capacity: bodies.reduce(palette.count * 6 + 64) { $0 + $1.count })
        defer { output.deallocate() }
        output.append("\u{1B}Pq\"1;1;\(width);\(height)")
        for entry in 0..<palette.count / 3 {
            let percent = (0..<3).map { (Int(palette[entry * 3 + $0]) * 100 + 127) / 255 }
            output.append("#\(entry);2;\(percent[0]);\(percent[1]);\(percent[2])")
        }
        for body in bodies { output.append(body) }
        output.append("\u{1B}\\")
        return output.string()
    }

    /// libsixel's adaptive palette for `width` x `height` RGBA pixels, as RGB triples.
    static func palette(
        _ pixels: ArraySlice<UInt8>, width: Int, height: Int, colors: Int
    ) throws(GraphicsError) -> [UInt8] {
        // libsixel 1.10's histogram (quality high) reads only every (pixels / 18 383)th pixel of a picture that
        // has at least twice that many: only those pixels are copied (as one row), which gives it the same
        // histogram and so the same palette without converting a megapixel to RGB888 for it. Of an input under
        // 18 383 pixels it reads every sixth. A smaller picture (a list avatar) gives it every other pixel, so
        // that its histogram holds one pixel in twelve: its median cut, which sorts the distinct colours it is
        // given, then takes about half as long (a 144 px avatar: 0.8-1.0 ms against 1.7-1.8) for a palette
        // 0.5 dB further from the pixels (PSNR 37.2 against 37.7 on the sample's avatars; 128 colours from all
        // of them lose 1.8 dB), and no spread of the same number of pixels over the picture did better.
        let pixelCount = width * height
        let step = max(pixelCount >= halvedSamplingPixels ? 2 : 1, pixelCount / libsixelSamples)
        let sampled = step > 1 ? (pixelCount + step - 1) / step : pixelCount
        var rgb = [UInt8](unsafeUninitializedCapacity: sampled * 3) { buffer, initialised in
            pixels.withUnsafeBufferPointer { rgba in
                for sample in 0..<sampled {
                    let pixel = sample &* step
                    buffer[sample &* 3] = rgba[pixel &* 4]
                    buffer[sample &* 3 &+ 1] = rgba[pixel &* 4 &+ 1]
                    buffer[sample &* 3 &+ 2] = rgba[pixel &* 4 &+ 2]
                }
            }
            initialised = sampled * 3
        }
        return try libsixelPalette(
            &rgb, width: step > 1 ? sampled : width, height: step > 1 ? 1 : height, colors: colors)
    }

    /// The pixels libsixel's histogram reads at most, at `SIXEL_QUALITY_HIGH` (libsixel 1.10's quant.c).
    static let libsixelSamples = 18_383

    /// The fewest pixels a picture has for its palette to be made from every other one; below, all of them are
    /// handed over (a small picture's palette is quick, and it may have few enough colours to keep them all).
    static let halvedSamplingPixels = 4096

    /// libsixel's palette (median cut over its histogram, each entry the mean of its pixels) for `rgb`,
    /// `width` x `height` RGB888 pixels.
    static func libsixelPalette(
        _ rgb: inout [UInt8], width: Int, height: Int, colors: Int
    ) throws(GraphicsError) -> [UInt8] {
        // libsixel 1.10's median cut passes the colour plane it sorts by to qsort's comparator through a static
        // variable: two palettes made at once (list thumbnails and the preview are encoded on several threads)
        // sort each other's boxes and come out different. One palette at a time, then; it takes about a
        // millisecond. A plain lock: a `LockedState` of nothing made ThreadSanitizer report its zero-sized
        // state's accesses as a race.
        libsixelQuantiser.lock()
        defer { libsixelQuantiser.unlock() }
        return try unlockedLibsixelPalette(&rgb, width: width, height: height, colors: colors)
    }

    private static let libsixelQuantiser = NSLock()

    private static func unlockedLibsixelPalette(
        _ rgb: inout [UInt8], width: Int, height: Int, colors: Int
    ) throws(GraphicsError) -> [UInt8] {
        var dither: OpaquePointer?
        try check(
            sixel_dither_new(&dither, Int32(min(max(colors, 2), maximumColors)), nil),
            step: "sixel_dither_new")
        defer { sixel_dither_unref(dither) }
        try rgb.withUnsafeMutableBufferPointer { (pixels) throws(GraphicsError) in
            try check(
                sixel_dither_initialize(
                    dither, pixels.baseAddress, Int32(width), Int32(height), CSIXEL_PIXELFORMAT_RGB888,
                    SIXEL_LARGE_AUTO, SIXEL_REP_AVERAGE_PIXELS, SIXEL_QUALITY_HIGH),
                step: "sixel_dither_initialize")
        }
        let count = Int(sixel_dither_get_num_of_palette_colors(dither))
        guard count > 0, let entries = sixel_dither_get_palette(dither) else {
            throw .sixel(step: "sixel_dither_get_palette", message: "libsixel made no palette")
        }
        return Array(UnsafeBufferPointer(start: entries, count: count * 3))
    }

    /// Each pixel's palette index (from RGBA bytes): the entry nearest (in RGB) to the centre of its RGB555
    /// cell, found once per cell the picture uses.
    private static func map(_ rgba: ArraySlice<UInt8>, to palette: [UInt8]) -> [UInt8] {
        let pixelCount = rgba.count / 4
        var indices = [UInt8](repeating: 0, count: pixelCount)
        var cache = [Int16](repeating: -1, count: 1 << 15)
        let search = PaletteSearch(palette)
        indices.withUnsafeMutableBufferPointer { indices in
            cache.withUnsafeMutableBufferPointer { cache in
                rgba.withUnsafeBytes { rgba in
                    search.entries.withUnsafeBufferPointer { entries in
                        for pixel in 0..<pixelCount {
                            // R, G and B's top five bits, from one little-endian word per pixel.
                            let word = UInt32(
                                littleEndian: rgba.loadUnaligned(fromByteOffset: pixel &* 4, as: UInt32.self))
                            let red: UInt32 = (word & 0xF8) << 7, green: UInt32 = (word >> 6) & 0x3E0
                            let key = Int(red | green | (word >> 19) & 0x1F)
                            if cache[key] < 0 {
                                cache[key] = Int16(
                                    PaletteSearch.nearest(
                                        red: Int32(key >> 10) << 3 | 4, green: Int32(key >> 5 & 31) << 3 | 4,
                                        blue: Int32(key & 31) << 3 | 4, in: entries))
                            }
                            indices[pixel] = UInt8(truncatingIfNeeded: cache[key])
                        }
                    }
                }
            }
        }
        return indices
    }

    /// A palette sorted by green (then by index), so that a colour's nearest entry is searched outwards from its
    /// green and the search stops where green alone is farther than the nearest found: a few dozen entries
    /// instead of all 256 for each of the thousands of RGB555 cells a photograph uses.
    struct PaletteSearch {
        /// Green, red, blue and the palette index of each entry, by green, then index.
        var entries: [SIMD4<Int32>]

        init(_ palette: [UInt8]) {
            var entries: [SIMD4<Int32>] = []
            for entry in 0..<palette.count / 3 {
                let red = Int32(palette[entry * 3]), green = Int32(palette[entry * 3 + 1])
                entries.append(SIMD4(green, red, Int32(palette[entry * 3 + 2]), Int32(entry)))
            }
            self.entries = entries.sorted { ($0[0], $0[3]) < ($1[0], $1[3]) }
        }

        /// The index of the entry nearest to the colour (squared RGB distance), the first of equally near ones;
        /// 0 for an empty palette.
        static func nearest(
            red: Int32, green: Int32, blue: Int32, in entries: UnsafeBufferPointer<SIMD4<Int32>>
        ) -> Int {
            var low = 0, high = entries.count
            while low < high {
                let middle = (low &+ high) >> 1
                if entries[middle][0] < green { low = middle &+ 1 } else { high = middle }
            }
            var least = Int32.max, best = Int32(0)
            // Returns false where green alone is farther than the nearest so far (an equal distance still goes
            // on: a lower index may tie).
            func consider(_ entry: SIMD4<Int32>) -> Bool {
                let dg = entry[0] &- green, dr = entry[1] &- red, db = entry[2] &- blue
                let greenOnly = dg &* dg
                guard greenOnly <= least else { return false }
                let distance = greenOnly &+ dr &* dr &+ db &* db
                if distance < least || (distance == least && entry[3] < best) { (least, best) = (distance, entry[3]) }
                return true
            }
            var up = low
            while up < entries.count, consider(entries[up]) { up &+= 1 }
            var down = low &- 1
            while down >= 0, consider(entries[down]) { down &-= 1 }
            return Int(best)
        }
    }

    /// The bands of `height` rows of palette `indices`, `width` to a row: every band of six rows, each colour
    /// of the band in the order it first appears, its columns as sixel characters (runs of four or more as
    /// `!count`), gaps as `?`, `$` between colours and `-` between bands (after the last one too unless it
    /// `endsPicture`). The DCS sequence around them, with the raster attributes and the palette in percent, is
    /// `encode`'s.
    private static func bands(_ indices: [UInt8], width: Int, height: Int, endsPicture: Bool) -> [UInt8] {
        var output = SixelWriter(capacity: width * height / 3 + 64)
        defer { output.deallocate() }
        // The band's cells as a list per colour, in column order: column, six-bit mask, next entry.
        let capacity = 6 * width
        let columns = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        let masks = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        let next = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        // Per colour: first and last entry, last column seen; then the colours in the order they appear.
        let head = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
        let tail = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
        let lastColumn = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
        let order = UnsafeMutablePointer<Int>.allocate(capacity: 256)
        defer {
            for pointer in [
                UnsafeMutableRawPointer(columns), UnsafeMutableRawPointer(masks),
                UnsafeMutableRawPointer(next), UnsafeMutableRawPointer(head), UnsafeMutableRawPointer(tail),
                UnsafeMutableRawPointer(lastColumn), UnsafeMutableRawPointer(order),
            ] {
                pointer.deallocate()
            }
        }
        indices.withUnsafeBufferPointer { indices in
            guard let indices = indices.baseAddress else { return }
            for top in stride(from: 0, to: height, by: 6) {
                let rows = min(6, height - top)
                var entries = 0, colorsInBand = 0
                head.update(repeating: -1, count: 256)
                lastColumn.update(repeating: -1, count: 256)
                /// Adds `mask` to `color`'s cell in `column`, a new cell if it has none there yet.
                func add(_ color: Int, _ mask: UInt8, column: Int32) {
                    if lastColumn[color] == column {
                        masks[Int(tail[color])] |= mask
                        return
                    }
                    let entry = Int32(truncatingIfNeeded: entries)
                    columns[entries] = column
                    masks[entries] = mask
                    next[entries] = -1
                    if head[color] < 0 {
                        head[color] = entry
                        order[colorsInBand] = color
                        colorsInBand &+= 1
                    } else {
                        next[Int(tail[color])] = entry
                    }
                    tail[color] = entry
                    lastColumn[color] = column
                    entries &+= 1
                }
                for x in 0..<width {
                    let column = indices + (top &* width &+ x)
                    let first = column[0]
                    if rows == 6, column[width] == first, column[2 &* width] == first, column[3 &* width] == first,
                        column[4 &* width] == first, column[5 &* width] == first
                    {
                        // A column of one colour: one cell, without a look-up per pixel.
                        add(Int(first), 0x3F, column: Int32(truncatingIfNeeded: x))
                        continue
                    }
                    for row in 0..<rows {
                        add(Int(column[row &* width]), 1 << row, column: Int32(truncatingIfNeeded: x))
                    }
                }
                // At most `#255$`, and a gap and a run of up to `!` and ten digits each, per colour and cell.
                output.reserve(colorsInBand &* 5 &+ entries &* 24 &+ 1)
                for place in 0..<colorsInBand {
                    let color = order[place]
                    output.appendUnchecked(UInt8(ascii: "#"))
                    output.appendDecimalUnchecked(color)
                    var cursor = 0
                    var entry = Int(head[color])
                    while entry >= 0 {
                        let x = Int(columns[entry]), mask = masks[entry]
                        if x > cursor { output.appendRunUnchecked(x &- cursor, of: 0x3F) }
                        var count = 1
                        var following = Int(next[entry])
                        while following >= 0, Int(columns[following]) == x &+ count, masks[following] == mask {
                            count &+= 1
                            following = Int(next[following])
                        }
                        output.appendRunUnchecked(count, of: 0x3F &+ mask)
                        cursor = x &+ count
                        entry = following
                    }
                    if place < colorsInBand &- 1 { output.appendUnchecked(UInt8(ascii: "$")) }
                }
                // No `-` after the picture's last band: it would move the cursor below the picture.
                if top + 6 < height || !endsPicture { output.appendUnchecked(UInt8(ascii: "-")) }
            }
        }
        return output.writtenBytes()
    }

    /// A growing byte buffer for the sixel text, written through its pointer: `reserve` makes room once for
    /// what the `Unchecked` appends after it write.
    private struct SixelWriter {
        private var bytes: UnsafeMutablePointer<UInt8>
        private var count = 0
        private var capacity: Int

        init(capacity: Int) {
            self.capacity = max(64, capacity)
            bytes = .allocate(capacity: self.capacity)
        }

        func deallocate() { bytes.deallocate() }

        mutating func reserve(_ extra: Int) {
            guard count + extra > capacity else { return }
            let grown = max(capacity * 2, count + extra)
            let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            moved.update(from: bytes, count: count)
            bytes.deallocate()
            (bytes, capacity) = (moved, grown)
        }

        mutating func append(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                reserve(utf8.count)
                for byte in utf8 { appendUnchecked(byte) }
            }
        }

        mutating func append(_ bytes: [UInt8]) {
            reserve(bytes.count)
            bytes.withUnsafeBufferPointer { bytes in
                guard let source = bytes.baseAddress else { return }
                (self.bytes + count).update(from: source, count: bytes.count)
            }
            count &+= bytes.count
        }

        mutating func appendUnchecked(_ byte: UInt8) {
            bytes[count] = byte
            count &+= 1
        }

        /// `count` sixel characters `character`: as `!count` when that is shorter.
        mutating func appendRunUnchecked(_ run: Int, of character: UInt8) {
            if run > 3 {
                appendUnchecked(UInt8(ascii: "!"))
                appendDecimalUnchecked(run)
                appendUnchecked(character)
            } else {
                for _ in 0..<run { appendUnchecked(character) }
            }
        }

        /// `value` (not negative) in decimal digits.
        mutating func appendDecimalUnchecked(_ value: Int) {
            var divisor = 1
            while divisor * 10 <= value { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                appendUnchecked(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }

        /// The bytes written.
        func writtenBytes() -> [UInt8] { Array(UnsafeBufferPointer(start: bytes, count: count)) }

        /// The text written (sixel text is ASCII).
        func string() -> String {
            String(unsafeUninitializedCapacity: count) { target in
                _ = target.initialize(from: UnsafeBufferPointer(start: bytes, count: count))
                return count
            }
        }
    }

    private static func check(_ status: SIXELSTATUS, step: String) throws(GraphicsError) {
        guard csixel_succeeded(status) == 0 else { return }
        let message = sixel_helper_format_error(status).map { String(cString: $0) } ?? "status \(status)"
        throw .sixel(step: step, message: message)
    }
}
