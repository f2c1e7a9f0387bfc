import Imaging

/// Kitty pictures placed by id over the text: a picture that goes or changes has its placement deleted, an image
/// the terminal still holds is placed again without its pixels, and up to `heldImageLimit` images off the screen
/// are kept so.
extension PictureLayer {
    /// The frame's change for kitty placements (`update`, after its checks).
    mutating func updateKittyPlacements(to wanted: [PixelPicture], fullRepaint: Bool) -> Update {
        var update = Update()
        let previous = Dictionary(shown.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let toSend = wanted.filter { fullRepaint || previous[$0.id] != $0 }
        var sequences = shown.filter { old in fullRepaint || !wanted.contains(old) }
            .map { passed(KittyGraphics.delete(id: $0.id)) }
        let unsent = Set(toSend.map(\.id))
        var onScreen = wanted.filter { !unsent.contains($0.id) }
        for picture in toSend {
            if !fullRepaint, let index = held.firstIndex(where: { $0.id == picture.id }),
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
                sequences.append(try kittySequence(for: picture))
                update.sent.append(picture.id)
                onScreen.append(picture)
                held.removeAll { $0.id == picture.id }
                held.append(
                    HeldImage(
                        id: picture.id, image: picture.image, columns: picture.area.width,
                        rows: picture.area.height, cell: setup.cellPixelSize))
            } catch {
                update.failures.append(error)
            }
        }
        if wanted.isEmpty {
            released += held.map(\.id)
            held = []
        } else {
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
        update.output = output(sequences)
        return update
    }

    /// A kitty picture placed again from the image the terminal holds: the cursor move, then the placement,
    /// through tmux in one passthrough (tmux puts the outer cursor back between passthrough sequences, and kitty
    /// places the picture at the cursor).
    private func placement(of picture: PixelPicture) -> String {
        let move = cursorMove(to: picture.area)
        let place = KittyGraphics.place(id: picture.id, columns: picture.area.width, rows: picture.area.height)
        return passed(move + place)
    }

    /// The cursor move to the picture's top-left cell, then its image transmitted and placed there (through
    /// tmux, each chunk wrapped in its passthrough).
    private func kittySequence(for picture: PixelPicture) throws(GraphicsError) -> String {
        let move = cursorMove(to: picture.area)
        let chunks = KittyGraphics.displayChunks(
            payload: try pngPayload(picture), id: picture.id, columns: picture.area.width,
            rows: picture.area.height)
        guard setup.passthrough != nil, let last = chunks.last else { return move + chunks.joined() }
        // kitty places the picture at the cursor when the last chunk arrives, and tmux moves the outer cursor
        // back to its own pane's cursor between passthrough sequences: the move goes in the last chunk's.
        return (chunks.dropLast().map(passed) + [passed(move + last)]).joined()
    }
}
