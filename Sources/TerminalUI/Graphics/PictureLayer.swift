import Imaging

/// The pictures on screen and what it takes to change them: the part of a terminal driver that draws pixel
/// pictures over its cells, as plain values (the driver writes what `update` returns, tests read it).
///
/// A picture is sent only when it is new, when its pixels or place changed, or when something wiped it.
/// How a picture leaves depends on the protocol. Kitty keeps images apart from the text, above it: a picture
/// that goes or changes is deleted by id, and text drawn under one does not harm it. Sixel and iTerm2
/// pictures are pixels in the cells themselves: text written into a cell replaces them there, so a picture
/// the driver's diff paints into is sent again, and one that goes away (or shrinks, or moves) has its old
/// rows repainted in full, since cells whose text did not change would otherwise keep its pixels.
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
        /// The ids of the pictures sent, in order.
        package var sent: [UInt32] = []
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
        for picture in toSend {
            do {
                sequences.append(try sequence(for: picture))
                update.sent.append(picture.id)
                onScreen.append(picture)
            } catch {
                update.failures.append(error)
            }
        }
        shown = onScreen
        if !sequences.isEmpty { update.output = Self.saveCursor + sequences.joined() + Self.restoreCursor }
        return update
    }

    /// Takes every picture off the screen (on the way out): kitty's are deleted, the rows of the others are to
    /// be repainted.
    package mutating func removeAll() -> Update {
        update(to: [], painted: [], fullRepaint: false)
    }

    /// DECSC / DECRC: the cursor's place and attributes, which sixel and iTerm2 images move.
    static let saveCursor = "\u{1B}7"
    static let restoreCursor = "\u{1B}8"

    /// The cursor move to the picture's top-left cell, then the picture in the protocol (through tmux, both
    /// wrapped in its passthrough, the move counted from the pane's corner on the outer screen).
    private mutating func sequence(for picture: PixelPicture) throws(GraphicsError) -> String {
        let area = picture.area
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
            return passed(
                move
                    + (try SixelEncoder.encode(
                        fitted(picture, filling: false), backdrop: .checkerboard,
                        colors: setup.sixelColors)))
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
