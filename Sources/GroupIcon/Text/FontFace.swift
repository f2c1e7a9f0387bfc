import CFreeType
import Foundation
import Imaging

/// An axis-aligned box, x right and y up (font convention), in whatever unit its producer says.
struct InkBox: Hashable, Sendable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }

    /// The smallest box containing both.
    func union(_ other: InkBox) -> InkBox {
        InkBox(
            minX: min(minX, other.minX), minY: min(minY, other.minY),
            maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }
}

/// Colour glyphs drawn at a bitmap font's largest strike, before scaling to the placeholder.
struct ColorGlyphs: Sendable {
    /// The glyphs' union, straight alpha: their bitmaps' bounds plus `margin`.
    var image: RGBAImage
    /// Transparent pixels around the bitmaps on every side, so that a resampler reaching past the image's
    /// edge (which it continues) finds transparency there, not the outermost pixels of a glyph.
    var margin: Int
}

/// One FreeType face: the only file that calls FreeType.
///
/// FreeType faces are not thread-safe (loading a glyph writes into the face's glyph slot and size), so every
/// use of the face takes `lock`; each face has its own `FT_Library`, so different faces never contend.
/// Placeholders need a few glyph loads each, microseconds against the resampling of a composite, which is
/// why one locked face is shared rather than one face per thread. `@unchecked Sendable` is sound because
/// the FreeType handles are private and touched only while `lock` is held (or in `init`/`deinit`).
final class FontFace: @unchecked Sendable {
    private let lock = NSLock()
    private let library: FT_Library
    private let face: FT_Face
    /// Whether the glyphs are colour bitmaps at fixed sizes (a CBDT or sbix emoji font) rather than outlines.
    let hasColorBitmaps: Bool

    /// Opens a face of a font file; nil when FreeType cannot read it, or it has neither scalable outlines nor
    /// colour bitmaps.
    init?(file: FontFile) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        var face: FT_Face?
        guard FT_New_Face(library, file.path, FT_Long(file.index), &face) == 0, let face else {
            FT_Done_FreeType(library)
            return nil
        }
        let flags = face.pointee.face_flags
        let color =
            flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 && flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES) != 0
            && face.pointee.num_fixed_sizes > 0
        guard color || flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            return nil
        }
        self.library = library
        self.face = face
        hasColorBitmaps = color
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// FreeType's version, part of the placeholder font identity (the rasteriser decides the pixels).
    var version: String { Self.version(of: library) }

    /// FreeType's version without a face (`chat-tui --version` lists it also when no font is installed); nil
    /// when FreeType cannot start.
    static var libraryVersion: String? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        return version(of: library)
    }

    private static func version(of library: FT_Library) -> String {
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// The exact bounds of the glyphs' outlines in font units (y up), nil when none has any ink (spaces) or a
    /// glyph cannot be loaded.
    func inkBox(of glyphs: [ShapedGlyph]) -> InkBox? {
        lock.lock()
        defer { lock.unlock() }
        var box: InkBox?
        for glyph in glyphs {
            // Unscaled outlines (no hinting either) scale linearly, so the box holds at every pixel size.
            guard let outline = loadOutline(glyph.glyph, flags: Int32(FT_LOAD_NO_SCALE)) else { return nil }
            guard outline.pointee.n_points > 0 else { continue }
            var bounds = FT_BBox()
            guard FT_Outline_Get_BBox(outline, &bounds) == 0 else { return nil }
            let glyphBox = InkBox(
                minX: Double(bounds.xMin + FT_Pos(glyph.x)), minY: Double(bounds.yMin + FT_Pos(glyph.y)),
                maxX: Double(bounds.xMax + FT_Pos(glyph.x)), maxY: Double(bounds.yMax + FT_Pos(glyph.y)))
            box = box.map { $0.union(glyphBox) } ?? glyphBox
        }
        return box
    }

    /// Anti-aliased coverage (0...1, row-major, `side` x `side`) of outline glyphs drawn unhinted at
    /// `pixelsPerEm`, with the string's origin at `origin` (image pixels, y down). Glyph parts outside the
    /// image are cut off. Nil when the size is unusable or a glyph cannot be loaded or rendered.
    func coverage(of glyphs: [ShapedGlyph], pixelsPerEm: Double, origin: (x: Double, y: Double), side: Int)
        -> [Float]?
    {
        coverage(of: glyphs, pixelsPerEm: pixelsPerEm, origin: origin, width: side, height: side)
    }

    /// The same over a `width` x `height` image (a line of text rather than a square label).
    func coverage(
        of glyphs: [ShapedGlyph], pixelsPerEm: Double, origin: (x: Double, y: Double), width: Int, height: Int
    ) -> [Float]? {
        let size = FT_F26Dot6((pixelsPerEm * 64).rounded())
        guard width > 0, height > 0, size >= 1, size < 1 << 24 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard FT_Set_Char_Size(face, 0, size, 72, 72) == 0 else { return nil }
        let unitsPerEm = Double(face.pointee.units_per_EM)
        guard unitsPerEm > 0 else { return nil }
        let scale = pixelsPerEm / unitsPerEm
        var coverage = [Float](repeating: 0, count: width * height)
        for glyph in glyphs {
            guard let outline = loadOutline(glyph.glyph, flags: Int32(FT_LOAD_NO_HINTING)) else { return nil }
            guard outline.pointee.n_points > 0 else { continue }
            // FreeType's y axis points up with its origin at the image's bottom-left corner here.
            let dx = origin.x + Double(glyph.x) * scale, dy = Double(height) - origin.y + Double(glyph.y) * scale
            FT_Outline_Translate(outline, FT_Pos((dx * 64).rounded()), FT_Pos((dy * 64).rounded()))
            guard let slot = face.pointee.glyph, FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
            let bitmap = slot.pointee.bitmap
            guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), bitmap.pitch >= 0 else { return nil }
            guard let buffer = bitmap.buffer else { continue }
            let left = Int(slot.pointee.bitmap_left), top = height - Int(slot.pointee.bitmap_top)
            let maximum = Float(max(1, Int(bitmap.num_grays) - 1))
            coverage.withUnsafeMutableBufferPointer { out in
                for row in 0..<Int(bitmap.rows) where (0..<height).contains(top + row) {
                    let source = buffer + row * Int(bitmap.pitch)
                    for column in 0..<Int(bitmap.width) where (0..<width).contains(left + column) {
                        let value = Float(source[column]) / maximum
                        let i = (top + row) * width + left + column
                        // Glyphs of one string may touch; the larger coverage keeps their edges smooth.
                        if value > out[i] { out[i] = value }
                    }
                }
            }
        }
        return coverage
    }

    /// Colour bitmap glyphs drawn at the face's largest strike, laid out from their pen positions (in font
    /// units of `unitsPerEm`, scaled to the strike; FreeType reports no units per em for a face without
    /// outlines, so the shaper's value comes in). Nil when the face has no colour bitmaps, a glyph cannot be
    /// loaded, or nothing has any pixels.
    func colorGlyphs(_ glyphs: [ShapedGlyph], unitsPerEm: Int) -> ColorGlyphs? {
        guard hasColorBitmaps else { return nil }
        lock.lock()
        defer { lock.unlock() }
        let sizes = UnsafeBufferPointer(start: face.pointee.available_sizes, count: Int(face.pointee.num_fixed_sizes))
        guard let strike = sizes.indices.max(by: { sizes[$0].y_ppem < sizes[$1].y_ppem }),
            FT_Select_Size(face, FT_Int(strike)) == 0
        else { return nil }
        let pixelsPerEm = Double(sizes[strike].y_ppem) / 64
        let unitsPerEm = Double(unitsPerEm)
        guard pixelsPerEm > 0, unitsPerEm > 0 else { return nil }
        // Each glyph's premultiplied RGBA pixels at its place (x right, y down from the baseline).
        var pieces: [(box: PixelBox, pixels: [SIMD4<Float>])] = []
        for glyph in glyphs {
            guard FT_Load_Glyph(face, glyph.glyph, Int32(FT_LOAD_COLOR)) == 0, let slot = face.pointee.glyph else {
                return nil
            }
            let bitmap = slot.pointee.bitmap
            guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), bitmap.pitch >= 0 else { return nil }
            guard let buffer = bitmap.buffer, bitmap.width > 0, bitmap.rows > 0 else { continue }
            let x = Int((Double(glyph.x) * pixelsPerEm / unitsPerEm).rounded()) + Int(slot.pointee.bitmap_left)
            let y = -Int((Double(glyph.y) * pixelsPerEm / unitsPerEm).rounded()) - Int(slot.pointee.bitmap_top)
            let box = PixelBox(x: x, y: y, width: Int(bitmap.width), height: Int(bitmap.rows))
            var pixels = [SIMD4<Float>](repeating: .zero, count: box.pixelCount)
            for row in 0..<box.height {
                let source = buffer + row * Int(bitmap.pitch)
                for column in 0..<box.width {
                    let bgra = source + 4 * column
                    pixels[row * box.width + column] = SIMD4(
                        Float(bgra[2]), Float(bgra[1]), Float(bgra[0]),
                        Float(bgra[3]))
                }
            }
            pieces.append((box, pixels))
        }
        guard !pieces.isEmpty else { return nil }
        let minX = pieces.map(\.box.x).min() ?? 0, minY = pieces.map(\.box.y).min() ?? 0
        let maxX = pieces.map(\.box.maxX).max() ?? 0, maxY = pieces.map(\.box.maxY).max() ?? 0
        let margin = 2
        let bounds = PixelBox(
            x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin,
            height: maxY - minY + 2 * margin)
        var canvas = [SIMD4<Float>](repeating: .zero, count: bounds.pixelCount)
        for piece in pieces {
            for row in 0..<piece.box.height {
                for column in 0..<piece.box.width {
                    let color = piece.pixels[row * piece.box.width + column]
                    let i = (piece.box.y - bounds.y + row) * bounds.width + piece.box.x - bounds.x + column
                    canvas[i] = color + canvas[i] * (1 - color[3] / 255)
                }
            }
        }
        guard let image = PremultipliedPixels(box: bounds, values: canvas).straightImage() else { return nil }
        return ColorGlyphs(image: image, margin: margin)
    }

    /// Loads a glyph into the face's slot and returns its outline; nil when it fails or is not an outline.
    /// The caller holds `lock`.
    private func loadOutline(_ glyph: UInt32, flags: Int32) -> UnsafeMutablePointer<FT_Outline>? {
        guard FT_Load_Glyph(face, glyph, flags | Int32(FT_LOAD_NO_BITMAP)) == 0, let slot = face.pointee.glyph,
            slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        else { return nil }
        return cft_slot_outline(slot)
    }
}
