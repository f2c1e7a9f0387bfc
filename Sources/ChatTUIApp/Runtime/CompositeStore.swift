import Fixtures
import GroupExport
import GroupIcon
import TerminalUI

/// The composites that have arrived, and the cells drawn from them, for the views.
///
/// Asked for a composite that has not arrived yet, it answers with the subject's latest one in the same layout
/// and scale, else in the same layout, else the subject's latest one at all, so that the old picture stays on
/// screen until the new one is there. The scale comes first because the preview (made at a raised scale) and
/// the group's list avatar arrive in turn: a key's preview that is late keeps the previous preview on screen,
/// rather than the list avatar's smaller composite enlarged, drawn and sent again for nothing. A
/// provisional composite (loading tiles while photos download) is shown like an arrived one but does not
/// count as arrived, so the real one is still asked for and replaces it in place. After a group's data or
/// photos changed (`invalidate`), its composites count as older ones: shown until the new ones arrive, never
/// taken for them, and composites still arriving from before the change are not kept.
package final class CompositeStore: CompositeCellSource {
    private struct SubjectLayout: Hashable, Sendable {
        package var subject: CompositeSubject
        package var layout: LayoutKind
        /// nil: any scale. A list avatar made at its exact pixels is not at the scale of the preview it might
        /// otherwise stand in for.
        package var pixelsPerPoint: Double?
    }

    private struct RenderKey: Hashable, Sendable {
        package var composite: PreviewKey
        /// Cells of a provisional composite are not the cells of the real one under the same key.
        package var isProvisional: Bool
        package var columns: Int
        package var rows: Int
    }

    private struct PictureKey: Hashable, Sendable {
        package var composite: PreviewKey
        package var isProvisional: Bool
        package var request: PictureRequest
    }

    private let composites: MemoryCache<PreviewKey, Composite>
    private let rendered: MemoryCache<RenderKey, CellGrid>
    /// Framed pictures of the preview and of the list avatars in pixels, and their cells when they are drawn in
    /// half blocks: enough avatars for several pages of the list scrolled away and back (about 81 kB each at
    /// 144 px), while the byte limit bounds the preview's large ones.
    private let pictures: MemoryCache<PictureKey, PixelPicture>
    private let pictureGrids: MemoryCache<PictureKey, CellGrid>
    /// Where to look when the exact composite is missing; entries may name evicted composites, which
    /// `bestKey` skips, so nothing here has to follow the caches' evictions.
    private var latestBySubject: [CompositeSubject: PreviewKey] = [:]
    /// By subject and layout, and by subject, layout and scale.
    private var latestBySubjectLayout: [SubjectLayout: PreviewKey] = [:]
    /// Keys whose stored composite is provisional.
    private var provisional = Set<PreviewKey>()
    /// Each subject's current revision (absent: 0).
    private var revisions: [CompositeSubject: Int] = [:]
    private let renderImage: ImageCellRenderer

    /// Up to `compositeLimit` composites (and 256 MB of pixels) and `cellLimit` rendered grids are kept, least
    /// recently used dropped first.
    package init(renderImage: @escaping ImageCellRenderer, compositeLimit: Int = 256, cellLimit: Int = 512) {
        self.renderImage = renderImage
        composites = MemoryCache(costLimit: 256 << 20, countLimit: compositeLimit) { $0.image.pixels.count }
        rendered = MemoryCache(costLimit: 64 << 20, countLimit: cellLimit) { $0.cells.count * 64 }
        pictures = MemoryCache(costLimit: 64 << 20, countLimit: 128) { $0.image.pixels.count }
        pictureGrids = MemoryCache(costLimit: 16 << 20, countLimit: 16) { $0.cells.count * 64 }
    }

    /// Whether exactly this composite has arrived (a provisional one does not count).
    package func contains(_ key: PreviewKey) -> Bool { !provisional.contains(key) && composites.value(for: key) != nil }

    /// The key of `subject`'s composite at `parameters` in the subject's current revision.
    package func key(for subject: CompositeSubject, parameters: CompositionParameters) -> PreviewKey {
        PreviewKey(subject: subject, parameters: parameters, revision: revisions[subject] ?? 0)
    }

    /// The key of a group's avatar at `parameters`.
    package func key(for groupID: String, parameters: CompositionParameters) -> PreviewKey {
        key(for: .avatar(groupID: groupID), parameters: parameters)
    }

    /// Makes the composites of `subjects` outdated (their data or a photo they show changed): they stay on
    /// screen until composites of the new revision arrive.
    package func invalidate(_ subjects: some Sequence<CompositeSubject>) {
        for subject in subjects { revisions[subject, default: 0] += 1 }
    }

    /// Keeps an arrived composite and makes it the group's latest; false (and nothing kept) when it was asked
    /// for before the group last changed.
    @discardableResult
    package func store(_ result: Composite, for key: PreviewKey) -> Bool {
        guard isCurrent(key) else { return false }
        provisional.remove(key)
        keep(result, for: key)
        return true
    }

    /// Keeps a stand-in for a composite that is still being made, shown until `store` replaces it.
    package func storeProvisional(_ result: Composite, for key: PreviewKey) {
        guard isCurrent(key), !contains(key) else { return }
        provisional.insert(key)
        keep(result, for: key)
    }

    private func isCurrent(_ key: PreviewKey) -> Bool { key.revision == revisions[key.subject] ?? 0 }

    private func keep(_ result: Composite, for key: PreviewKey) {
        composites.set(result, for: key)
        latestBySubject[key.subject] = key
        let (layout, pixelsPerPoint) = (key.parameters.layout, key.parameters.pixelsPerPoint)
        latestBySubjectLayout[SubjectLayout(subject: key.subject, layout: layout, pixelsPerPoint: nil)] = key
        latestBySubjectLayout[SubjectLayout(subject: key.subject, layout: layout, pixelsPerPoint: pixelsPerPoint)] =
            key
    }

    package func cells(
        for subject: CompositeSubject, parameters: CompositionParameters, columns: Int, rows: Int
    ) -> CellGrid? {
        guard columns > 0, rows > 0, let key = bestKey(subject, parameters),
            let composite = composites.value(for: key)
        else { return nil }
        let renderKey = RenderKey(
            composite: key, isProvisional: provisional.contains(key), columns: columns, rows: rows)
        if let cells = rendered.value(for: renderKey) { return cells }
        let cells = letterboxed(composite.image, columns: columns, rows: rows)
        rendered.set(cells, for: renderKey)
        return cells
    }

    /// The image drawn into `columns` × `rows` cells with its proportions kept (a cell is about twice as
    /// tall as wide): a composite that is not square (a grid that grows to fit) is centred between empty
    /// cells instead of being stretched.
    private func letterboxed(_ image: RGBAImage, columns: Int, rows: Int) -> CellGrid {
        guard image.width != image.height else { return renderImage(image, columns, rows) }
        let (width, height) = PreviewGeometry.letterboxed(
            imageWidth: image.width, imageHeight: image.height, columns: columns, rows: rows)
        var grid = CellGrid(width: columns, height: rows)
        grid.blit(renderImage(image, width, height), x: (columns - width) / 2, y: (rows - height) / 2)
        return grid
    }

    package func picture(
        for subject: CompositeSubject, parameters: CompositionParameters,
        request: PictureRequest
    ) -> PixelPicture? {
        guard let key = pictureKey(subject, parameters, request) else { return nil }
        if let picture = pictures.value(for: key) { return picture }
        guard let image = composites.value(for: key.composite)?.image,
            let picture = Self.framedPicture(image, request: request)
        else { return nil }
        pictures.set(picture, for: key)
        return picture
    }

    /// The picture of `image` for `request`, nil when nothing would show: what `picture(for:)` makes when it
    /// has none kept, made off the loop for list avatars and the preview's current picture (`storePicture`).
    /// Its `area` is the cells of the request's area it covers.
    package static func framedPicture(_ image: RGBAImage, request: PictureRequest) -> PixelPicture? {
        guard let frame = request.frame(imageWidth: image.width, imageHeight: image.height) else { return nil }
        let cells = frame.cells(request.cell)
        // Over the checkerboard, so that transparent parts look transparent in pixels too.
        if request.terminalScales, frame.sampling == .smooth, frame.showsWholeImage,
            frame.region.width > image.width || frame.region.height > image.height
        {
            // Enlarged to fit, whole: the terminal scales the composite into its cells (kitty's scaling),
            // which saves resampling on the loop and sends a PNG of fewer pixels.
            return PixelPicture(
                id: 0, area: cells, image: Backdrop.checkerboard.composite(image),
                shown: (frame.region.width, frame.region.height))
        }
        return PixelPicture(id: 0, area: cells, image: frame.render(image, over: .checkerboard))
    }

    /// The picture of `image` for `request` made off the loop (a list avatar's, the preview's current one):
    /// framed, and for a terminal that shows pixels (`graphics`) also encoded, so that the frame that shows it
    /// only writes its bytes.
    package static func readyPicture(
        _ image: RGBAImage, request: PictureRequest, graphics: GraphicsSetup
    ) -> PixelPicture? {
        guard var picture = framedPicture(image, request: request) else { return nil }
        switch graphics.graphicsProtocol {
        case .sixel: picture.encoded = try? EncodedPicture.sixel(picture.image, colors: graphics.sixelColors)
        case .kitty, .iterm:
            // Where it is placed does not change its bytes, only the size of its cells.
            picture.encoded = try? EncodedPicture.png(picture, cell: graphics.cellPixelSize)
        case .halfblock: break
        }
        return picture
    }

    /// Keeps `picture`, made from the arrived composite `key` for `request` off the loop, so that the frame
    /// that shows it only places and encodes it. Nothing is kept unless that composite is the one stored.
    package func storePicture(_ picture: PixelPicture, for key: PreviewKey, request: PictureRequest) {
        guard contains(key) else { return }
        pictures.set(picture, for: PictureKey(composite: key, isProvisional: false, request: request))
    }

    package func pictureCells(
        for subject: CompositeSubject, parameters: CompositionParameters,
        request: PictureRequest
    ) -> (cells: CellRect, grid: CellGrid)? {
        guard let key = pictureKey(subject, parameters, request),
            let picture = picture(for: subject, parameters: parameters, request: request)
        else { return nil }
        if let grid = pictureGrids.value(for: key) { return (picture.area, grid) }
        // The pixels fill whole cells (the last column and row may be reached in part, the rest transparent),
        // so that half blocks show them one pixel to one half cell when the cell is a half-block cell.
        let (width, height) = request.cell.imagePixels(columns: picture.area.width, rows: picture.area.height)
        let grid = renderImage(
            picture.image.placed(width: width, height: height), picture.area.width,
            picture.area.height)
        pictureGrids.set(grid, for: key)
        return (picture.area, grid)
    }

    /// The composite the picture of `request` is made from: the exact one or the closest older one.
    private func pictureKey(
        _ subject: CompositeSubject, _ parameters: CompositionParameters,
        _ request: PictureRequest
    ) -> PictureKey? {
        guard request.columns > 0, request.rows > 0, let key = bestKey(subject, parameters) else { return nil }
        return PictureKey(composite: key, isProvisional: provisional.contains(key), request: request)
    }

    /// The pixel size of the composite shown for `subject` at `parameters`, if one has arrived.
    package func imageSize(
        for subject: CompositeSubject, parameters: CompositionParameters
    ) -> (width: Int, height: Int)? {
        guard let key = bestKey(subject, parameters), let image = composites.value(for: key)?.image else { return nil }
        return (image.width, image.height)
    }

    package func composite(for group: ChatGroup, parameters: CompositionParameters) -> RGBAImage? {
        bestKey(.avatar(groupID: group.id), parameters).flatMap { composites.value(for: $0)?.image }
    }

    package func warnings(for group: ChatGroup, parameters: CompositionParameters) -> [String] {
        guard let key = bestKey(.avatar(groupID: group.id), parameters) else { return [] }
        return composites.value(for: key)?.warnings.map(group.describe) ?? []
    }

    private func bestKey(_ subject: CompositeSubject, _ parameters: CompositionParameters) -> PreviewKey? {
        let shown = { (key: PreviewKey) in self.composites.value(for: key) != nil }
        let exact = key(for: subject, parameters: parameters)
        if shown(exact) { return exact }
        let layout = parameters.layout
        return [
            latestBySubjectLayout[
                SubjectLayout(subject: subject, layout: layout, pixelsPerPoint: parameters.pixelsPerPoint)],
            latestBySubjectLayout[SubjectLayout(subject: subject, layout: layout, pixelsPerPoint: nil)],
            latestBySubject[subject],
        ]
        .compactMap { $0 }.first(where: shown)
    }
}
