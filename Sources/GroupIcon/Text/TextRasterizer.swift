import Imaging
import Support

/// A placeholder label drawn on a `side` x `side` image, before it meets the member colour.
enum TextInk {
    /// Outline text: coverage in 0...1, `side * side` values, row-major, to be painted in white.
    case coverage([Float])
    /// Colour glyphs (emoji): premultiplied pixels over `box`, painted as they are.
    case color(PremultipliedPixels)
}

/// Draws placeholder labels: HarfBuzz shapes them, FreeType renders them, and the result is scaled to fit
/// and centred on the ink (the glyphs' exact outline bounds), not on the font's line box, so every label
/// sits in the middle of its tile whatever its letters.
///
/// Sizes, as fractions of the side: text is set at `textEm` per em, shrunk until its ink fits a
/// `textMaxWidth` x `textMaxHeight` box (two CJK characters, "WW"), leaving at least 15 % margins; emoji
/// ink fills `emojiShare` of the side.
///
/// The shared instance loads its fonts once, on first use; it is safe to use from any thread (shaping is
/// lock-free, rendering locks the FreeType face, see `FontFace`).
final class TextRasterizer: Sendable {
    static let textEm = 0.42
    static let textMaxWidth = 0.70
    static let textMaxHeight = 0.46
    static let emojiShare = 0.56

    /// A shaper and a renderer for one font file.
    private struct Font: Sendable {
        let shaper: TextShaper
        let face: FontFace
        let file: FontFile

        init?(_ file: FontFile?) {
            guard let file, let shaper = TextShaper(file: file), let face = FontFace(file: file) else { return nil }
            self.shaper = shaper; self.face = face; self.file = file
        }
    }

    private let text: Font?
    private let emoji: Font?
    /// The fontconfig queries whose missing font turned a label into a silhouette: each reported once.
    private let fallbacks = LockedState(FontFallbacks())

    private struct FontFallbacks {
        var met: Set<String> = []
        var unreported: [String] = []
    }

    /// Which fonts and library versions draw the labels; "text=none" when there is no text font (every
    /// placeholder is then a silhouette). Placed into cache keys so that a font change redraws composites.
    let identity: String

    /// The rasteriser over the fonts fontconfig finds on this machine.
    static let shared = TextRasterizer(fonts: FontLocator.locate())

    /// A rasteriser over given fonts (nil = none; a file FreeType or HarfBuzz cannot open counts as none).
    init(fonts: FontLocator.Fonts) {
        text = Font(fonts.text)
        // A colour bitmap font is the only kind the emoji path draws.
        emoji = Font(fonts.emoji).flatMap { $0.face.hasColorBitmaps ? $0 : nil }
        var parts = ["text=" + (text?.file.identity ?? "none"), "emoji=" + (emoji?.file.identity ?? "none")]
        if let face = text?.face ?? emoji?.face {
            parts += ["freetype=" + face.version, "harfbuzz=" + TextShaper.version]
        }
        identity = parts.joined(separator: "; ")
    }

    /// Whether a text font was found (without one every placeholder is a silhouette).
    var hasTextFont: Bool { text != nil }

    /// The label drawn for a `side`-pixel placeholder; nil when the font for its kind is missing, lacks one
    /// of its characters, or the label has no ink.
    func ink(for label: PlaceholderLabel, side: Int) -> TextInk? {
        guard side > 0 else { return nil }
        switch label.kind {
        case .initials, .cjk:
            guard text != nil else { return fallBack(FontLocator.textQuery) }
            return outlineInk(label.text, side: side)
        case .emoji:
            guard emoji != nil else { return fallBack(FontLocator.emojiQuery) }
            return colorInk(label.text, side: side)
        }
    }

    /// Notes that a label needed the font `query` looks for, which fontconfig did not find; no ink.
    private func fallBack(_ query: String) -> TextInk? {
        fallbacks.withLock { state in
            if state.met.insert(query).inserted { state.unreported.append(query) }
        }
        return nil
    }

    /// A warning for each missing font that made a label a silhouette since the last call, naming the
    /// fontconfig query that found nothing; each query is reported once in the rasteriser's life.
    func takeFallbackWarnings() -> [String] {
        fallbacks.withLock { state in
            defer { state.unreported = [] }
            return state.unreported.map { query in
                let package = query == FontLocator.emojiQuery ? "fonts-noto-color-emoji" : "fonts-noto-cjk"
                let kind = query == FontLocator.emojiQuery ? "emoji names" : "placeholder initials and names"
                return "\(kind) are drawn as a silhouette: fontconfig found no font for \"\(query)\" "
                    + "(check with fc-match \"\(query)\"; Debian's \(package) provides one)"
            }
        }
    }

    private func outlineInk(_ string: String, side: Int) -> TextInk? {
        guard let text, let glyphs = text.shaper.shape(string), let box = text.face.inkBox(of: glyphs),
            box.width > 0, box.height > 0
        else { return nil }
        let s = Double(side), unitsPerEm = Double(text.shaper.unitsPerEm)
        let pixelsPerEm =
            s
            * min(
                Self.textEm, Self.textMaxWidth * unitsPerEm / box.width,
                Self.textMaxHeight * unitsPerEm / box.height)
        let scale = pixelsPerEm / unitsPerEm
        // The ink's centre (font units, y up) goes to the image's centre (pixels, y down).
        let origin = (x: s / 2 - (box.minX + box.maxX) / 2 * scale, y: s / 2 + (box.minY + box.maxY) / 2 * scale)
        return text.face.coverage(of: glyphs, pixelsPerEm: pixelsPerEm, origin: origin, side: side).map(
            TextInk.coverage)
    }

    /// `string` as one line of outline text at `pixelsPerEm` (`TextLine.mask`), without the characters the
    /// font lacks, cut at the end with "…" until it is at most `maxWidth` pixels wide (`LineFitter`); nil
    /// without a text font, when no character is left, or when not even "…" fits.
    func lineMask(_ string: String, pixelsPerEm: Double, maxWidth: Int) -> CoverageMask? {
        guard let text, maxWidth > 0, let fitter = lineFitter(pixelsPerEm: pixelsPerEm),
            let shown = fitter.fit(string, maxWidth: maxWidth), let glyphs = text.shaper.shape(shown)
        else { return nil }
        let height = Int((TextLine.lineHeight * pixelsPerEm).rounded(.up))
        guard let box = text.face.inkBox(of: glyphs) else {
            return CoverageMask(box: PixelBox(x: 0, y: 0, width: 0, height: height), values: [])
        }
        let line = Self.lineExtent(of: box, scale: pixelsPerEm / Double(text.shaper.unitsPerEm))
        guard line.width <= maxWidth,
            let values = text.face.coverage(
                of: glyphs, pixelsPerEm: pixelsPerEm, origin: (line.left, (TextLine.baseline * pixelsPerEm).rounded()),
                width: line.width, height: height)
        else { return nil }
        return CoverageMask(box: PixelBox(x: 0, y: 0, width: line.width, height: height), values: values)
    }

    /// How lines at `pixelsPerEm` are measured and cut: HarfBuzz shapes, FreeType's ink box gives the width.
    /// Nil without a text font or at a size below a pixel per em.
    func lineFitter(pixelsPerEm: Double) -> LineFitter? {
        guard let text, pixelsPerEm >= 1, pixelsPerEm.isFinite else { return nil }
        let scale = pixelsPerEm / Double(text.shaper.unitsPerEm)
        return LineFitter(
            isDrawable: { text.shaper.shape($0) != nil },
            width: { string in
                guard let glyphs = text.shaper.shape(string) else { return nil }
                return text.face.inkBox(of: glyphs).map { Self.lineExtent(of: $0, scale: scale).width } ?? 0
            })
    }

    /// Where a line's ink goes in its mask (`left`, the pen origin's x) and the mask's width: one pixel of room
    /// either side for the anti-aliased edge; ink left of the pen origin moves it right.
    private static func lineExtent(of box: InkBox, scale: Double) -> (left: Double, width: Int) {
        let left = 1 - min(0, box.minX * scale)
        return (left, Int((left + box.maxX * scale).rounded(.up)) + 1)
    }

    private func colorInk(_ string: String, side: Int) -> TextInk? {
        guard let emoji, let glyphs = emoji.shaper.shape(string),
            let drawn = emoji.face.colorGlyphs(glyphs, unitsPerEm: emoji.shaper.unitsPerEm)
        else { return nil }
        let inkWidth = Double(drawn.image.width - 2 * drawn.margin)
        let inkHeight = Double(drawn.image.height - 2 * drawn.margin)
        guard inkWidth > 0, inkHeight > 0 else { return nil }
        let s = Double(side)
        let scale = min(Self.emojiShare * s / inkWidth, Self.emojiShare * s / inkHeight)
        let width = Double(drawn.image.width) * scale, height = Double(drawn.image.height) * scale
        let frame = Rect(x: (s - width) / 2, y: (s - height) / 2, width: width, height: height)
        let region = PixelBox(enclosing: frame).intersection(PixelBox(x: 0, y: 0, width: side, height: side))
        guard !region.isEmpty else { return nil }
        return .color(Resampler.premultiplied(drawn.image, frame: frame, region: region))
    }
}
