import Imaging

extension LinkedLibrary {
    /// The placeholder text's libraries: FreeType draws the glyphs, HarfBuzz shapes them, fontconfig finds the
    /// fonts.
    package static var text: [LinkedLibrary] {
        [
            LinkedLibrary(name: "FreeType", version: FontFace.libraryVersion ?? "unavailable"),
            LinkedLibrary(name: "HarfBuzz", version: TextShaper.version),
            LinkedLibrary(name: "fontconfig", version: FontLocator.version),
        ]
    }
}
