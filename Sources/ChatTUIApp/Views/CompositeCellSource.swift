import Fixtures
import GroupIcon
import TerminalUI

/// Where the views get avatar pictures from: cells already rendered from the latest composite available.
///
/// The runtime answers with the exact composite when it has arrived and otherwise with the group's previous one
/// (so nothing blanks while a new composite is being made); tests answer with fixed grids.
package protocol CompositeCellSource {
    /// `subject`'s composite at `parameters` (or the closest older one) drawn into exactly `columns`×`rows`
    /// cells; nil when no composite of it has arrived yet.
    func cells(for subject: CompositeSubject, parameters: CompositionParameters, columns: Int, rows: Int) -> CellGrid?
    /// `subject`'s composite at `parameters` (or the closest older one) framed for `request`: its pixels, and
    /// as its `area` the cells of the request's area they cover; nil when no composite of it has arrived or nothing
    /// of it would show.
    func picture(
        for subject: CompositeSubject, parameters: CompositionParameters, request: PictureRequest
    ) -> PixelPicture?
    /// That picture drawn into the cells it covers, for a screen that shows it in half blocks.
    func pictureCells(
        for subject: CompositeSubject, parameters: CompositionParameters,
        request: PictureRequest
    ) -> (cells: CellRect, grid: CellGrid)?
    /// The group's composite at `parameters` (or the closest older one) itself, for the pixel inspector's
    /// colour; nil when none has arrived.
    func composite(for group: ChatGroup, parameters: CompositionParameters) -> RGBAImage?
    /// Warnings the pipeline reported for that composite (missing or unreadable avatars, ...).
    func warnings(for group: ChatGroup, parameters: CompositionParameters) -> [String]
}
