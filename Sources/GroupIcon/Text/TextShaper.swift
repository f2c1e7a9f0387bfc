import CFreeType

/// One glyph of a shaped string: the font's glyph index and its pen position, in font units from the
/// string's origin (x right, y up, as in the font).
struct ShapedGlyph: Hashable, Sendable {
    var glyph: UInt32
    var x: Int
    var y: Int
}

/// Shapes text with HarfBuzz: the only file that calls HarfBuzz.
///
/// The HarfBuzz font reads the file itself (memory-mapped) through HarfBuzz's own OpenType functions, not
/// through a FreeType face, so shaping needs no lock: a HarfBuzz font made immutable may be used by any
/// number of threads at once. `@unchecked Sendable` rests on that: the pointers are written only in `init`.
final class TextShaper: @unchecked Sendable {
    private let font: OpaquePointer
    /// Font units per em: the scale of every `ShapedGlyph` position.
    let unitsPerEm: Int

    /// The shaper for a face of a font file; nil when HarfBuzz cannot open it.
    init?(file: FontFile) {
        guard let blob = hb_blob_create_from_file_or_fail(file.path) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(clamping: file.index)) else { return nil }
        defer { hb_face_destroy(face) }
        let upem = Int(hb_face_get_upem(face))
        guard upem > 0, hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else { return nil }
        hb_font_make_immutable(font)
        self.font = font
        unitsPerEm = upem
    }

    deinit { hb_font_destroy(font) }

    /// HarfBuzz's version, part of the placeholder font identity (shaping decides glyphs and positions).
    static var version: String { String(cString: hb_version_string()) }

    /// The glyphs of `text`, nil when the font lacks any of its characters (HarfBuzz gives glyph 0 for
    /// those) or the text is empty. Direction, script and language are guessed from the text.
    func shape(_ text: String) -> [ShapedGlyph]? {
        guard let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, text, -1, 0, -1)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), count > 0,
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return nil }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        var penX = 0, penY = 0
        for i in 0..<Int(count) {
            guard infos[i].codepoint != 0 else { return nil }
            let position = positions[i]
            glyphs.append(
                ShapedGlyph(
                    glyph: infos[i].codepoint, x: penX + Int(position.x_offset),
                    y: penY + Int(position.y_offset)))
            penX += Int(position.x_advance)
            penY += Int(position.y_advance)
        }
        return glyphs
    }
}
