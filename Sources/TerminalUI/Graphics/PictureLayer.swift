import Foundation
import Imaging

/// The pictures on screen and what it takes to change them: the part of a terminal driver that draws pixel
/// pictures over its cells, as plain values (the driver writes what `update` returns, tests read it).
///
/// A picture is sent only when it is new, when its pixels or place changed, or when something wiped it.
/// How a picture leaves depends on the protocol. Kitty keeps images apart from the text, above it: a picture
/// that goes or changes has its placement deleted by id, and text drawn under one does not harm it. The terminal
/// keeps an image's pixels after its placement goes, so a picture that comes back with the same pixels (a list
/// avatar scrolled back into view, the pictures under a closed overlay) is placed again without sending them;
/// up to `heldImageLimit` images off the screen are kept so, the least recently shown freed first. A frame
/// without any picture (an overlay covers the screen) ends that: the pictures that come back are sent again, and
/// the images that do not are freed. Sixel and iTerm2
/// pictures are pixels in the cells themselves: text written into a cell replaces them there, so a picture
/// the driver's diff paints into is sent again, and one that goes away (or shrinks, or moves) has its old
/// rows repainted in full, since cells whose text did not change would otherwise keep its pixels. A sixel
/// picture that stays in place is sent again only from its first to its last cell row whose pixels changed or
/// were painted over.
///
/// Through tmux (`GraphicsSetup.passthrough`) every picture sequence goes wrapped in tmux's passthrough, after a
/// cursor move of its own: tmux does not move the outer terminal's cursor before passing a sequence on, so the
/// move goes to the outer terminal too, counted from the pane's corner. Kitty pictures shown by Unicode
/// placeholders (`GraphicsSetup.usesUnicodePlaceholders`) are text in the cells, like sixel: their cells are
/// written again when something painted over them, and the rows of one that goes are repainted (its image is
/// freed as well). Their image ids are the placeholders' 256-colour foreground, so each picture on screen holds
/// one of the ids 16...255 while it stays.
package struct PictureLayer {
    /// What one frame takes.
    package struct Update: Equatable, Sendable {
        /// Rows to repaint in full before the pictures are sent (sixel, iTerm2): a picture left them.
        package var rowsToRepaint: [Int] = []
        /// Bytes to write after the cells: deletions and pictures, each picture after a cursor move to its
        /// top-left cell, all between a cursor save and restore so the cell diff's idea of the cursor holds.
        package var output: String = ""
        /// The ids of the pictures whose pixels were sent (all of them or, for sixel, some rows), in order.
        package var sent: [UInt32] = []
        /// The ids of kitty pictures placed again from the image the terminal holds, no pixels sent.
        package var placed: [UInt32] = []
        /// Pictures that could not be encoded (they are left off the screen).
        package var failures: [GraphicsError] = []

        package init() {}
    }

    /// The protocol and cell size pictures are sent with.
    package private(set) var setup: GraphicsSetup
    /// The pictures on screen, as last sent.
    package private(set) var shown: [PixelPicture] = []
    /// The kitty image id (1...255) of each picture shown by Unicode placeholders, by picture id.
    private var placeholderIDs: [UInt32: UInt32] = [:]
    /// The kitty images the terminal holds (placed kitty pictures, not placeholders), least recently shown first.
    package private(set) var held: [HeldImage] = []

    /// A kitty image transmitted under `id`: the picture's pixels for cells of `columns` x `rows` of `cell`.
    package struct HeldImage: Equatable, Sendable {
        package var id: UInt32
        package var image: RGBAImage
        package var columns: Int
        package var rows: Int
        package var cell: CellPixelSize

        /// Whether `picture`, drawn with `cell`, shows exactly these pixels.
        func shows(_ picture: PixelPicture, cell: CellPixelSize) -> Bool {
            id == picture.id && columns == picture.area.width && rows == picture.area.height && self.cell == cell
                && image == picture.image
        }
    }

    /// Kitty images the terminal still holds that are not placed again: after a frame without pictures, they are
    /// sent again when they come back, and the others are freed by the next frame that has pictures.
    private var released: [UInt32] = []

    /// Kitty images kept by the terminal while off the screen: a few pages of a tall list scrolled away and
    /// back (list avatars are about 144 px, 81 kB each in the terminal), and the preview's.
    package static let heldImageLimit = 48

    package init(setup: GraphicsSetup) { self.setup = setup }

    /// A new cell size (the window was resized, or its font changed). Pictures sized for the old cells are
    /// replaced by the next frame's.
    package mutating func setCellPixelSize(_ size: CellPixelSize) { setup.cellPixelSize = size }

    /// The tmux pane moved on the outer screen (a split, a zoom): the next pictures are placed by its new corner.
    package mutating func setPassthrough(_ multiplexer: Multiplexer) { setup.passthrough = multiplexer }

    /// Plans the change from the pictures on screen to `next`.
    ///
    /// - Parameters:
    ///   - painted: the cells the driver repaints in this frame (its diff); a sixel or iTerm2 picture under
    ///     one of them is sent again.
    ///   - fullRepaint: whether the driver clears the screen first (the first frame, a new size): every
    ///     picture is sent again (kitty's are deleted first).
    package mutating func update(to next: [PixelPicture], painted: [ChangedCells.Paint], fullRepaint: Bool) -> Update {
        var update = Update()
        guard setup.drawsPixels else { return update }
        var seen = Set<UInt32>()
        let wanted = next.filter {
            $0.area.width > 0 && $0.area.height > 0 && $0.image.width > 0 && $0.image.height > 0
                && seen.insert($0.id).inserted
        }
        let previous = Dictionary(shown.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var deletions: [UInt32] = []
        var toSend: [PixelPicture] = []
        let inCells = setup.graphicsProtocol != .kitty || setup.usesUnicodePlaceholders
        if setup.graphicsProtocol == .kitty {
            deletions = shown.filter { old in fullRepaint || !wanted.contains(old) }.map(\.id)
            toSend = wanted.filter { fullRepaint || previous[$0.id] != $0 }
        }
        if inCells {
            var rows = Set<Int>()
            if !fullRepaint {
                for old in shown where !(wanted.first { $0.id == old.id }.map { $0.hasSameGeometry(as: old) } ?? false)
                {
                    rows.formUnion(max(0, old.area.y)..<max(0, old.area.y + old.area.height))
                }
            }
            update.rowsToRepaint = rows.sorted()
            toSend = wanted.filter { picture in
                fullRepaint || previous[picture.id] != picture
                    || rows.contains { $0 >= picture.area.y && $0 < picture.area.y + picture.area.height }
                    || painted.contains { picture.area.contains(x: $0.x, y: $0.y) }
            }
        }
        // Sixel pictures that stay where they were: the cell rows to send again (absent: all of them).
        var sixelRows: [UInt32: ClosedRange<Int>] = [:]
        if setup.graphicsProtocol == .sixel && !fullRepaint {
            for picture in toSend {
                guard let old = previous[picture.id], old.hasSameGeometry(as: picture),
                    let changed = changedRows(from: old, to: picture, painted: painted, repainted: update.rowsToRepaint)
                else { continue }
                sixelRows[picture.id] = changed
            }
        }
        var sequences: [String] = []
        if setup.usesUnicodePlaceholders {
            // Only a picture that went frees its id; one sent again keeps it (its image is replaced).
            let staying = Set(wanted.map(\.id))
            for id in deletions where !staying.contains(id) {
                guard let imageID = placeholderIDs.removeValue(forKey: id) else { continue }
                sequences.append(passed(KittyGraphics.free(id: imageID)))
            }
        } else {
            sequences = deletions.map { passed(KittyGraphics.delete(id: $0)) }
        }
        let unsent = Set(toSend.map(\.id))
        var onScreen = wanted.filter { !unsent.contains($0.id) }
        let placesKitty = setup.graphicsProtocol == .kitty && !setup.usesUnicodePlaceholders
        for picture in toSend {
            if placesKitty && !fullRepaint, let index = held.firstIndex(where: { $0.id == picture.id }),
                held[index].shows(picture, cell: setup.cellPixelSize)
            {
                sequences.append(placement(of: picture))
                update.placed.append(picture.id)
                onScreen.append(picture)
                let image = held.remove(at: index)
                held.append(image)
                continue
            }
            do {
                sequences.append(try sequence(for: picture, rows: sixelRows[picture.id]))
                update.sent.append(picture.id)
                onScreen.append(picture)
                if placesKitty {
                    held.removeAll { $0.id == picture.id }
                    held.append(
                        HeldImage(
                            id: picture.id, image: picture.image, columns: picture.area.width,
                            rows: picture.area.height, cell: setup.cellPixelSize))
                }
            } catch {
                update.failures.append(error)
            }
        }
        if placesKitty && wanted.isEmpty {
            released += held.map(\.id)
            held = []
        } else if placesKitty {
            let resent = Set(update.sent)
            sequences += released.filter { !resent.contains($0) }.map { passed(KittyGraphics.free(id: $0)) }
            released = []
            // Images off the screen beyond the limit are freed, the least recently shown first.
            let visible = Set(onScreen.map(\.id))
            let offScreen = held.filter { !visible.contains($0.id) }.map(\.id)
            let freed = Set(offScreen.prefix(max(0, offScreen.count - Self.heldImageLimit)))
            sequences += offScreen.filter(freed.contains).map { passed(KittyGraphics.free(id: $0)) }
            held.removeAll { freed.contains($0.id) }
        }
        shown = onScreen
        if !sequences.isEmpty { update.output = Self.saveCursor + sequences.joined() + Self.restoreCursor }
        return update
    }

    /// Takes every picture off the screen (on the way out): kitty's are deleted and the images the terminal
    /// holds freed, the rows of the others are to be repainted.
    package mutating func removeAll() -> Update {
        var removal = update(to: [], painted: [], fullRepaint: false)
        guard !released.isEmpty else { return removal }
        let frees = released.map { passed(KittyGraphics.free(id: $0)) }.joined()
        released = []
        removal.output =
            removal.output.isEmpty
            ? Self.saveCursor + frees + Self.restoreCursor
            : String(removal.output.dropLast(Self.restoreCursor.count)) + frees + Self.restoreCursor
        return removal
    }

    /// The cell rows of a sixel picture that stays in place to send again, nil when it goes in full: those
    /// whose pixels changed, were painted over or are repainted.
    private func changedRows(
        from old: PixelPicture, to picture: PixelPicture, painted: [ChangedCells.Paint], repainted: [Int]
    ) -> ClosedRange<Int>? {
        let area = picture.area
        let cellHeight = max(1, setup.cellPixelSize.height)
        let rowBytes = picture.image.width * 4
        guard old.image.pixels.count == picture.image.pixels.count,
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

    /// A kitty picture placed again from the image the terminal holds: the cursor move, then the placement.
    private func placement(of picture: PixelPicture) -> String {
        let area = picture.area
        let origin = (column: setup.passthrough?.paneColumn ?? 0, row: setup.passthrough?.paneRow ?? 0)
        let move = "\u{1B}[\(area.y + origin.row + 1);\(area.x + origin.column + 1)H"
        let place = KittyGraphics.place(id: picture.id, columns: area.width, rows: area.height)
        return setup.passthrough == nil ? move + place : passed(move) + passed(place)
    }

    /// DECSC / DECRC: the cursor's place and attributes, which sixel and iTerm2 images move.
    static let saveCursor = "\u{1B}7"
    static let restoreCursor = "\u{1B}8"

    /// The cursor move to the picture's top-left cell, then the picture in the protocol (through tmux, both
    /// wrapped in its passthrough, the move counted from the pane's corner on the outer screen). `rows`: for
    /// sixel, only these cell rows of the picture.
    private mutating func sequence(
        for picture: PixelPicture, rows: ClosedRange<Int>? = nil
    ) throws(GraphicsError) -> String {
        var area = picture.area
        if let rows, setup.graphicsProtocol == .sixel { area.y += rows.lowerBound }
        let origin = (column: setup.passthrough?.paneColumn ?? 0, row: setup.passthrough?.paneRow ?? 0)
        let move = "\u{1B}[\(area.y + origin.row + 1);\(area.x + origin.column + 1)H"
        switch setup.graphicsProtocol {
        case .kitty where setup.usesUnicodePlaceholders:
            return try placeholderSequence(for: picture)
        case .kitty:
            let chunks = try KittyGraphics.displayChunks(
                fitted(picture, filling: true), id: picture.id, columns: area.width, rows: area.height)
            guard setup.passthrough != nil, let last = chunks.last else { return move + chunks.joined() }
            // kitty places the picture at the cursor when the last chunk arrives, and tmux moves the outer cursor
            // back to its own pane's cursor between passthrough sequences: the move goes in the last chunk's.
            return (chunks.dropLast().map(passed) + [passed(move + last)]).joined()
        case .iterm:
            return passed(
                move
                    + (try ITermImages.display(
                        fitted(picture, filling: true), columns: area.width,
                        rows: area.height)))
        case .sixel:
            // Sixel draws one image pixel per screen pixel from the cursor, so the image goes as it is.
            var image = fitted(picture, filling: false)
            if let rows {
                let cellHeight = max(1, setup.cellPixelSize.height)
                image = image.rows(
                    rows.lowerBound * cellHeight..<min(image.height, (rows.upperBound + 1) * cellHeight))
            }
            return passed(
                move + (try SixelEncoder.encode(image, backdrop: .checkerboard, colors: setup.sixelColors)))
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
        let chunks = try KittyGraphics.transmitChunks(fitted(picture, filling: true), id: imageID)
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

    /// `sequence` as it goes to the terminal: wrapped in tmux's passthrough when there is a tmux in between.
    private func passed(_ sequence: String) -> String {
        setup.passthrough == nil ? sequence : TmuxPassthrough.wrap(sequence)
    }

    /// The picture cut to its cells' pixels, so that it never reaches beyond them; with `filling`, also laid
    /// on transparent pixels that fill the cells exactly. Kitty and iTerm2 stretch an image over the cells they
    /// are given, so an image of exactly their pixels is shown one to one, and the part of the last column and
    /// row the picture does not reach shows the cells' own background.
    private func fitted(_ picture: PixelPicture, filling: Bool) -> RGBAImage {
        let cells = setup.cellPixelSize.imagePixels(columns: picture.area.width, rows: picture.area.height)
        let image = picture.image
        return image.placed(
            width: filling ? cells.width : min(image.width, cells.width),
            height: filling ? cells.height : min(image.height, cells.height))
    }
}

extension RGBAImage {
    /// The rows `range` of this image (clamped to it), as an image of its width.
    package func rows(_ range: Range<Int>) -> RGBAImage {
        let range = range.clamped(to: 0..<height)
        var slice = RGBAImage(width: width, height: range.count)
        guard pixels.count == width * height * 4 else { return slice }
        slice.pixels = Array(pixels[(range.lowerBound * width * 4)..<(range.upperBound * width * 4)])
        return slice
    }

    /// This image at the top-left of a transparent `width` x `height` canvas, cut where it does not fit.
    package func placed(width: Int, height: Int) -> RGBAImage {
        guard self.width != width || self.height != height else { return self }
        // `pixels` is mutable, so its length is checked before the copy reads it.
        guard pixels.count == self.width * self.height * 4 else { return RGBAImage(width: width, height: height) }
        var canvas = RGBAImage(width: width, height: height)
        let rowBytes = min(self.width, canvas.width) * 4
        canvas.pixels.withUnsafeMutableBufferPointer { target in
            pixels.withUnsafeBufferPointer { source in
                guard let target = target.baseAddress, let source = source.baseAddress else { return }
                for y in 0..<min(self.height, canvas.height) {
                    (target + y * canvas.width * 4).update(from: source + y * self.width * 4, count: rowBytes)
                }
            }
        }
        return canvas
    }
}
