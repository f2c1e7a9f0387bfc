import FileSystem
import Foundation
import Imaging
import TerminalUI

/// Writes the driver's `ScreenDump` after every frame to the file `CHAT_TUI_SCREEN_DUMP` names, for the
/// end-to-end checks (docs/DEVELOPMENT.md): the JSON atomically (a reader never sees half of it), each picture's
/// pixels as a PNG beside it (`FILE.pictures/ID-N.png`, written once per new image). Nothing goes to the
/// terminal, and a write that fails is skipped (the next frame tries again): the dump serves tests, never the
/// user.
final class ScreenDumpWriter {
    /// The variable naming the dump file.
    static let variable = "CHAT_TUI_SCREEN_DUMP"

    private let path: String
    private let pictureFolder: String
    private var dump = ScreenDump()
    /// The image last written for each picture id, and its file's name.
    private var written: [UInt32: (image: RGBAImage, name: String)] = [:]
    private var serial = 0

    private init(path: String) {
        self.path = path
        pictureFolder = path + ".pictures"
    }

    /// A writer when the environment names a dump file, else nil (and no frame costs anything).
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> ScreenDumpWriter?
    {
        guard let path = environment[variable], !path.isEmpty else { return nil }
        return ScreenDumpWriter(path: path)
    }

    /// Records a drawn frame: the `paints` sent on a screen of `size` (cleared first when `cleared`), the
    /// `pictures` now on screen, colours as the terminal was asked for them (`resolve`).
    func frameDrawn(
        paints: [ChangedCells.Paint], size: TerminalSize, cleared: Bool, pictures: [PixelPicture],
        resolve: (TerminalColor) -> ScreenDump.ResolvedColor
    ) {
        dump.apply(paints, size: size, cleared: cleared)
        let entries = pictures.map { picture in
            ScreenDump.Picture(
                id: picture.id, area: picture.area, shownWidth: picture.shownWidth,
                shownHeight: picture.shownHeight, image: imageFile(picture))
        }
        let text = dump.json(pictures: entries, resolve: resolve)
        try? FileIO.writeAtomically(Array(text.utf8), to: path, options: AtomicWriteOptions(durability: .deferred))
    }

    /// The name (relative to the dump's folder) of the PNG holding `picture`'s pixels, written when they are new.
    private func imageFile(_ picture: PixelPicture) -> String? {
        if let last = written[picture.id], last.image == picture.image { return last.name }
        serial += 1
        let name = "\(picture.id)-\(serial).png"
        guard (try? FileIO.createDirectory(pictureFolder)) != nil,
            let bytes = try? PNGPayload.encode(picture.image),
            (try? FileIO.writeAtomically(
                bytes, to: pictureFolder + "/" + name, options: AtomicWriteOptions(durability: .deferred))) != nil
        else { return nil }
        let relative = (pictureFolder as NSString).lastPathComponent + "/" + name
        written[picture.id] = (picture.image, relative)
        return relative
    }
}
