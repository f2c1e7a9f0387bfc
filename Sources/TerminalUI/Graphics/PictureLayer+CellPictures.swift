import Foundation
import Imaging

/// Pictures that are part of the cells: sixel and iTerm2 pixels, and kitty images shown by Unicode placeholders
/// (text in the cells). Text written into a cell replaces them there, so a picture the driver's diff paints into
/// is sent again, and one that goes away (or shrinks, or moves) has its old rows repainted, unless a picture of
/// the same size is sent into exactly its cells.
extension PictureLayer {
    /// The frame's change for pictures in the cells (`update`, after its checks).
    mutating func updateCellPictures(
        to wanted: [PixelPicture], painted: [ChangedCells.Paint], fullRepaint: Bool
    ) -> Update {
        var update = Update()
        let previous = Dictionary(shown.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var rows = Set<Int>()
        // Pictures sent in full over the cells of one that leaves (another group's avatar in the same list row,
        // at the same size): they hide every pixel it had, so its rows need no repainting, and the pictures
        // beside it on those rows (the preview) stay as they are.
        // Not through tmux: there a thumbnail sent over another's cells was seen (graphics-tmux.sh, about one run
        // in three) to leave a wrong picture on screen, so the old rows are repainted as before.
        var covering = Set<UInt32>()
        if !fullRepaint {
            for old in shown where !(wanted.first { $0.id == old.id }.map { $0.hasSameGeometry(as: old) } ?? false) {
                if setup.passthrough == nil,
                    let cover = wanted.first(where: { $0.id != old.id && $0.hasSameGeometry(as: old) })
                {
                    covering.insert(cover.id)
                    continue
                }
                rows.formUnion(max(0, old.area.y)..<max(0, old.area.y + old.area.height))
            }
        }
        update.rowsToRepaint = rows.sorted()
        let toSend = wanted.filter { picture in
            fullRepaint || covering.contains(picture.id) || previous[picture.id] != picture
                || rows.contains { $0 >= picture.area.y && $0 < picture.area.y + picture.area.height }
                || painted.contains { picture.area.contains(x: $0.x, y: $0.y) }
        }
        var sequences: [String] = []
        if setup.usesUnicodePlaceholders {
            // Only a picture that went frees its id; one sent again keeps it (its image is replaced).
            let staying = Set(wanted.map(\.id))
            for old in shown where !staying.contains(old.id) {
                guard let imageID = placeholderIDs.removeValue(forKey: old.id) else { continue }
                sequences.append(passed(KittyGraphics.free(id: imageID)))
            }
        }
        let unsent = Set(toSend.map(\.id))
        var onScreen = wanted.filter { !unsent.contains($0.id) }
        for picture in toSend {
            do {
                sequences.append(try cellSequence(for: picture))
                update.sent.append(picture.id)
                onScreen.append(picture)
            } catch {
                update.failures.append(error)
            }
        }
        shown = onScreen
        update.output = output(sequences)
        return update
    }

    /// The cursor move to the picture's top-left cell, then the picture in the protocol (through tmux, both
    /// wrapped in its passthrough, the move counted from the pane's corner on the outer screen). A sixel picture
    /// always goes whole, with its own palette: rows sent alone had a palette of their own, and a band of it
    /// stayed on screen (issue 35).
    private mutating func cellSequence(for picture: PixelPicture) throws(GraphicsError) -> String {
        let area = picture.area
        let move = cursorMove(to: area)
        switch setup.graphicsProtocol {
        case .kitty:
            return try placeholderSequence(for: picture)
        case .iterm:
            return passed(
                move + ITermImages.display(payload: try pngPayload(picture), columns: area.width, rows: area.height))
        case .sixel:
            // Sixel draws one image pixel per screen pixel from the cursor, so the image goes as it is: bytes
            // encoded off the loop when the image is the one they were made from (it fits its cells unscaled).
            let cells = setup.cellPixelSize.imagePixels(columns: area.width, rows: area.height)
            if let bytes = picture.encodedBytes(.sixel(colors: setup.sixelColors)),
                !picture.isScaledByTerminal, picture.image.width <= cells.width, picture.image.height <= cells.height
            {
                return passed(move + bytes)
            }
            let image = fitted(picture, filling: false)
            return passed(
                move
                    + (try SixelEncoder.encode(
                        image, backdrop: .checkerboard, colors: setup.sixelColors, paletteFrom: picture.paletteSource)))
        case .halfblock:
            return ""
        }
    }

    /// A kitty picture shown by Unicode placeholders: the image transmitted and placed virtually (through
    /// tmux's passthrough when there is one), then the placeholder text written into its cells row by row,
    /// past tmux like any text.
    private mutating func placeholderSequence(for picture: PixelPicture) throws(GraphicsError) -> String {
        let area = picture.area
        guard let imageID = placeholderIDs[picture.id] ?? freePlaceholderID() else {
            throw .noImageID(limit: Self.placeholderIDLimit)
        }
        let chunks = KittyGraphics.transmitChunks(payload: try pngPayload(picture), id: imageID)
        placeholderIDs[picture.id] = imageID
        var output = (chunks + [KittyGraphics.virtualPlacement(id: imageID, columns: area.width, rows: area.height)])
            .map(passed).joined()
        let rows = KittyGraphics.placeholderRows(id: imageID, columns: area.width, rows: area.height)
        for (row, text) in rows.enumerated() {
            output += "\u{1B}[\(area.y + row + 1);\(area.x + 1)H" + text
        }
        return output
    }

    /// The kitty image ids placeholders use: 256-colour foregrounds above the 16 ANSI colours, which tmux
    /// rewrites as `SGR 30`-`37`/`90`-`97`.
    static let placeholderImageIDs: ClosedRange<UInt32> = 16...255
    /// The most pictures Unicode placeholders show at once.
    static var placeholderIDLimit: Int { placeholderImageIDs.count }

    /// The lowest kitty image id no placeholder picture holds, nil when all are taken.
    private func freePlaceholderID() -> UInt32? {
        let taken = Set(placeholderIDs.values)
        return Self.placeholderImageIDs.first { !taken.contains($0) }
    }
}
