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
        // Sixel pictures that stay where they were: the cell rows to send again (absent: all of them). One
        // encoded off the loop goes whole when at least half its rows changed (a list avatar's new composite
        // usually changes all but its edge rows): its bytes are ready, where the rows would be encoded again
        // here, libsixel's palette and all, to save a few bytes.
        var sixelRows: [UInt32: ClosedRange<Int>] = [:]
        if setup.graphicsProtocol == .sixel && !fullRepaint {
            for picture in toSend where !covering.contains(picture.id) {
                guard let old = previous[picture.id], old.hasSameGeometry(as: picture),
                    let changed = changedRows(from: old, to: picture, painted: painted, repainted: update.rowsToRepaint)
                else { continue }
                let encoded = picture.encodedBytes(.sixel(colors: setup.sixelColors)) != nil
                if encoded, changed.count * 2 >= picture.area.height { continue }
                sixelRows[picture.id] = changed
            }
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
                sequences.append(try cellSequence(for: picture, rows: sixelRows[picture.id]))
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

    /// The cell rows of a sixel picture that stays in place to send again, nil when it goes in full: those
    /// whose pixels changed, were painted over or are repainted.
    private func changedRows(
        from old: PixelPicture, to picture: PixelPicture, painted: [ChangedCells.Paint], repainted: [Int]
    ) -> ClosedRange<Int>? {
        let area = picture.area
        let cellHeight = max(1, setup.cellPixelSize.height)
        let rowBytes = picture.image.width * 4
        guard !picture.isScaledByTerminal, old.image.pixels.count == picture.image.pixels.count,
            picture.image.pixels.count == rowBytes * picture.image.height
        else { return nil }
        // The first and last cell row to send; none yet.
        var first = Int.max, last = Int.min
        func include(_ row: Int) { (first, last) = (min(first, row), max(last, row)) }
        old.image.pixels.withUnsafeBufferPointer { before in
            picture.image.pixels.withUnsafeBufferPointer { after in
                guard let before = before.baseAddress, let after = after.baseAddress else { return }
                for y in 0..<picture.image.height
                where memcmp(before + y * rowBytes, after + y * rowBytes, rowBytes) != 0 {
                    include(y / cellHeight)
                }
            }
        }
        for paint in painted where area.contains(x: paint.x, y: paint.y) { include(paint.y - area.y) }
        for row in repainted where row >= area.y && row < area.y + area.height { include(row - area.y) }
        guard first <= last, first > 0 || last < area.height - 1 else { return nil }
        return first...last
    }

    /// The cursor move to the picture's top-left cell, then the picture in the protocol (through tmux, both
    /// wrapped in its passthrough, the move counted from the pane's corner on the outer screen). `rows`: for
    /// sixel, only these cell rows of the picture.
    private mutating func cellSequence(
        for picture: PixelPicture, rows: ClosedRange<Int>?
    ) throws(GraphicsError) -> String {
        var area = picture.area
        if let rows, setup.graphicsProtocol == .sixel { area.y += rows.lowerBound }
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
            if rows == nil, let bytes = picture.encodedBytes(.sixel(colors: setup.sixelColors)),
                !picture.isScaledByTerminal, picture.image.width <= cells.width, picture.image.height <= cells.height
            {
                return passed(move + bytes)
            }
            let image = fitted(picture, filling: false)
            let cellHeight = max(1, setup.cellPixelSize.height)
            let pixelRows = rows.map { $0.lowerBound * cellHeight..<($0.upperBound + 1) * cellHeight }
            return passed(
                move
                    + (try SixelEncoder.encode(
                        image, rows: pixelRows, backdrop: .checkerboard, colors: setup.sixelColors)))
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
