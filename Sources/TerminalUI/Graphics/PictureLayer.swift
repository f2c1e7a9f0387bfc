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
/// rows repainted in full, since cells whose text did not change would otherwise keep its pixels, unless a
/// picture of the same size is sent into exactly its cells (the next group's avatar in a list row). A sixel
/// picture is always sent whole, with its own palette.
///
/// Through tmux (`GraphicsSetup.passthrough`) every picture sequence goes wrapped in tmux's passthrough, after a
/// cursor move of its own: tmux does not move the outer terminal's cursor before passing a sequence on, so the
/// move goes to the outer terminal too, counted from the pane's corner. The frame's pictures start with a
/// sequence that makes tmux send the frame's cells out first (`flushTmuxCells`). Kitty pictures shown by Unicode
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
    package internal(set) var shown: [PixelPicture] = []
    /// The kitty image id (1...255) of each picture shown by Unicode placeholders, by picture id.
    var placeholderIDs: [UInt32: UInt32] = [:]
    /// The kitty images the terminal holds (placed kitty pictures, not placeholders), least recently shown first.
    package internal(set) var held: [HeldImage] = []

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
    var released: [UInt32] = []
    /// Set by `invalidateAll`: the next `update` believes the terminal holds nothing.
    private(set) var forgetsTerminal = false

    /// Kitty images kept by the terminal while off the screen: a few pages of a tall list scrolled away and
    /// back (list avatars are about 144 px, 81 kB each in the terminal), and the preview's.
    package static let heldImageLimit = 48

    package init(setup: GraphicsSetup) { self.setup = setup }

    /// A new cell size (the window was resized, or its font changed). Pictures sized for the old cells are
    /// replaced by the next frame's.
    package mutating func setCellPixelSize(_ size: CellPixelSize) { setup.cellPixelSize = size }

    /// The tmux pane moved on the outer screen (a split, a zoom): the next pictures are placed by its new corner.
    package mutating func setPassthrough(_ multiplexer: Multiplexer) { setup.passthrough = multiplexer }

    /// Forgets everything it believes the terminal holds (a full repaint: Ctrl-L, the window's focus back after
    /// a tmux window switch, SIGCONT): the next `update` sends every picture whole, as on a first frame, and for
    /// kitty first deletes every image the terminal may still hold, since which ones it does is unknown.
    package mutating func invalidateAll() {
        shown = []
        held = []
        released = []
        placeholderIDs = [:]
        forgetsTerminal = true
    }

    /// Plans the change from the pictures on screen to `next`.
    ///
    /// - Parameters:
    ///   - painted: the cells the driver repaints in this frame (its diff); a sixel or iTerm2 picture under
    ///     one of them is sent again.
    ///   - fullRepaint: whether the driver clears the screen first (the first frame, a new size): every
    ///     picture is sent again (kitty's are deleted first).
    package mutating func update(to next: [PixelPicture], painted: [ChangedCells.Paint], fullRepaint: Bool) -> Update {
        guard setup.drawsPixels else { return Update() }
        var seen = Set<UInt32>()
        let wanted = next.filter {
            $0.area.width > 0 && $0.area.height > 0 && $0.image.width > 0 && $0.image.height > 0
                && seen.insert($0.id).inserted
        }
        let forgets = forgetsTerminal
        forgetsTerminal = false
        let full = fullRepaint || forgets
        // The seam between the protocols: kitty's placed images live above the text, the others in the cells.
        var update =
            placesKittyImages
            ? updateKittyPlacements(to: wanted, fullRepaint: full)
            : updateCellPictures(to: wanted, painted: painted, fullRepaint: full)
        if forgets && setup.graphicsProtocol == .kitty {
            let clear = passed(KittyGraphics.deleteAll)
            let opening = output([""])
            let start = String(opening.dropLast(Self.restoreCursor.count))
            update.output =
                update.output.isEmpty ? output([clear]) : start + clear + update.output.dropFirst(start.count)
        }
        return update
    }

    /// Whether pictures are kitty images placed by id over the text (not Unicode placeholders in the cells).
    var placesKittyImages: Bool { setup.graphicsProtocol == .kitty && !setup.usesUnicodePlaceholders }

    /// The output of a frame's `sequences`: between a cursor save and restore, nothing when there are none.
    /// Through tmux, the cursor save is followed by `flushTmuxCells`.
    func output(_ sequences: [String]) -> String {
        guard !sequences.isEmpty else { return "" }
        return Self.saveCursor + (setup.passthrough == nil ? "" : Self.flushTmuxCells) + sequences.joined()
            + Self.restoreCursor
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
            ? output([frees])
            : String(removal.output.dropLast(Self.restoreCursor.count)) + frees + Self.restoreCursor
        return removal
    }

    /// DECSC / DECRC: the cursor's place and attributes, which sixel and iTerm2 images move.
    static let saveCursor = "\u{1B}7"
    static let restoreCursor = "\u{1B}8"

    /// DECSTBM over the whole screen (the scroll region curses leaves): tmux (3.3 to 3.6 at least) keeps the
    /// cells of a line it is given and sends them out at the end of what it read, but sends a passthrough
    /// sequence at once. Cells written just before a picture would so reach the outer terminal after it and
    /// wipe it (graphics-tmux.sh caught a list thumbnail blanked so). Setting the scroll region is one of the
    /// few sequences that make tmux send the kept cells first, and the only one that changes nothing on screen;
    /// the cursor it homes is put back by the restore.
    static let flushTmuxCells = "\u{1B}[r"

    /// The cursor move to the top-left cell of `area`, counted from the tmux pane's corner through tmux, where
    /// it hides the outer cursor first (`hideCursor`).
    func cursorMove(to area: CellRect) -> String {
        let origin = (column: setup.passthrough?.paneColumn ?? 0, row: setup.passthrough?.paneRow ?? 0)
        return (setup.passthrough == nil ? "" : Self.hideCursor)
            + "\u{1B}[\(area.y + origin.row + 1);\(area.x + origin.column + 1)H"
    }

    /// DECTCEM off, sent to the terminal outside tmux at the start of each picture's passthrough: after every
    /// passthrough sequence tmux shows the outer cursor and homes it (its `tty_invalidate`) until its next
    /// redraw, so the cursor could be shown on a picture's first cell while the picture is drawn, and xterm
    /// repaints a cell the cursor leaves from its text: a black cell at a sixel picture's corner.
    static let hideCursor = "\u{1B}[?25l"

    /// `sequence` as it goes to the terminal: wrapped in tmux's passthrough when there is a tmux in between.
    func passed(_ sequence: String) -> String {
        setup.passthrough == nil ? sequence : TmuxPassthrough.wrap(sequence)
    }

    /// `picture.fitted` to this terminal's cells.
    func fitted(_ picture: PixelPicture, filling: Bool) -> RGBAImage {
        picture.fitted(cell: setup.cellPixelSize, filling: filling)
    }

    /// `picture`'s base64 PNG (kitty, iTerm2): its bytes encoded ahead when they were made for these cells,
    /// else encoded now.
    func pngPayload(_ picture: PixelPicture) throws(GraphicsError) -> String {
        let format = EncodedPicture.Format.png(
            cell: setup.cellPixelSize, columns: picture.area.width, rows: picture.area.height)
        if let bytes = picture.encodedBytes(format) { return bytes }
        return try PNGPayload.base64(fitted(picture, filling: true))
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
