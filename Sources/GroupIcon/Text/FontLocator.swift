import CFreeType
internal import FileSystem
import Imaging

/// A face in a font file on disk, as fontconfig found it.
struct FontFile: Hashable, Sendable {
    /// The file's absolute path.
    var path: String
    /// The face's index in the file (a `.ttc` collection holds several).
    var index: Int

    /// Path, face index, byte size and modification time (nanoseconds): changes whenever the file does, so a
    /// cache key built from it never serves pixels drawn with another font.
    var identity: String {
        guard let status = FileIO.status(of: path) else { return "\(path)#\(index) (unreadable)" }
        return "\(path)#\(index) \(status.size) bytes mtime \(status.modificationNanoseconds)"
    }
}

/// Finds the placeholder fonts through fontconfig: the only file that calls fontconfig.
enum FontLocator {
    /// fontconfig's version (`FcGetVersion` packs it as major * 10000 + minor * 100 + revision).
    static var version: String { LinkedLibrary.dotted(Int(FcGetVersion()), base: 100) }

    /// The fonts placeholders are drawn with; either may be missing.
    struct Fonts: Hashable, Sendable {
        /// For initials and CJK names: the bold sans-serif face fontconfig picks for Simplified Chinese
        /// (Noto Sans CJK SC Bold from Debian's fonts-noto-cjk). When no installed font covers CJK, the best
        /// sans-serif face is still used for Latin initials and CJK names fall back to the silhouette.
        var text: FontFile?
        /// For emoji names: a colour emoji face (Noto Color Emoji from fonts-noto-color-emoji).
        var emoji: FontFile?
    }

    /// Asks fontconfig (its configuration and cache, loaded once for this call) for both fonts. A font is
    /// only accepted when it really has the character it is for ("A" for text, U+1F600 for emoji):
    /// fontconfig always answers with *some* font, even when nothing suitable is installed.
    static func locate() -> Fonts {
        guard let config = FcInitLoadConfigAndFonts() else { return Fonts() }
        defer { FcConfigDestroy(config) }
        return Fonts(
            text: match(textQuery, covering: 0x41, config: config),
            emoji: match(emojiQuery, covering: 0x1F600, config: config))
    }

    /// The fontconfig pattern the text font is looked up by (what `fc-match` takes, for a user checking it).
    static let textQuery = "sans-serif:lang=zh-cn:weight=bold"
    /// The fontconfig pattern the emoji font is looked up by.
    static let emojiQuery = "emoji:color=true"

    /// The best match for a fontconfig pattern string, if it covers `character`.
    private static func match(_ description: String, covering character: UInt32, config: OpaquePointer)
        -> FontFile?
    {
        let parsed = description.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: description.utf8.count + 1) { FcNameParse($0) }
        }
        guard let pattern = parsed else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(font) }
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
            FcCharSetHasChar(charset, character) != 0
        else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        let path = String(cString: file)
        guard path.hasPrefix("/") else { return nil }
        return FontFile(path: path, index: Int(index))
    }
}
