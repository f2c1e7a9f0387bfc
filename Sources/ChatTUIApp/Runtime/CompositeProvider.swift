import Fixtures
import GroupExport
import GroupIcon
import TerminalUI

/// Where the app gets composites: the pipeline (`GroupComposer`) in the app, a fake in tests. Called off the
/// main thread; should stop early when its task is cancelled (the app cancels requests nobody needs any more)
/// and then throw `CompositionError.cancelled`.
package protocol CompositeProvider: Sendable {
    func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CompositionError) -> Composite
    /// What to show until `composite` answers, when that waits for photos from URLs (loading tiles for them);
    /// nil when there is nothing to wait for.
    func provisionalComposite(for group: ChatGroup, parameters: CompositionParameters)
        async throws(CompositionError) -> Composite?
}

extension CompositeProvider {
    /// No photos from URLs: `composite` is all there is.
    package func provisionalComposite(for group: ChatGroup, parameters: CompositionParameters)
        async throws(CompositionError) -> Composite?
    {
        nil
    }
}

extension GroupComposer: CompositeProvider {}

/// Writes a group's composite at the given parameters to a PNG file at `path`.
package typealias CompositeExporter = @Sendable (ChatGroup, CompositionParameters, String) async throws -> Void

/// Writes the spec hand-off (`ExportSpec`) of a group's export, after its images: the group, the parameters
/// at the first scale, the images written (scale order), the `--output` its command names, the spec's path, and
/// the lines to put before its command (a group whose members were edited in the session says so; else empty).
package typealias SpecExporter =
    @Sendable (
        ChatGroup, CompositionParameters, [ExportSpec.Image], _ output: String, _ path: String, _ note: String
    ) async throws -> Void

/// Turns an image into exactly `columns`×`rows` cells (the half-block renderer, with the colour mode and
/// backdrop chosen by the caller).
package typealias ImageCellRenderer = (RGBAImage, _ columns: Int, _ rows: Int) -> CellGrid

/// What a composite is of: a group's avatar, or a group's variants sheet with its avatar-in-context row in a
/// theme. The composite store keys composites by it and the parameters.
package enum CompositeSubject: Hashable, Sendable {
    case avatar(groupID: String)
    case sheet(groupID: String, theme: ChatListTheme.Name)

    /// The group it is of.
    package var groupID: String {
        switch self {
        case .avatar(let groupID), .sheet(let groupID, _): groupID
        }
    }

    /// The subjects whose pixels change when the groups `groupIDs` changed (their data or a photo they show):
    /// their avatars and sheets, and the sheets of the selected group, which also draw on other groups' photos.
    package static func changed(by groupIDs: some Sequence<String>, selected: String?) -> [CompositeSubject] {
        let groupIDs = Array(groupIDs)
        let sheets = (groupIDs + (selected.map { [$0] } ?? [])).flatMap { groupID in
            ChatListTheme.Name.allCases.map { CompositeSubject.sheet(groupID: groupID, theme: $0) }
        }
        return groupIDs.map { .avatar(groupID: $0) } + sheets
    }
}

/// Identifies a composite: of what, in which revision, drawn with which parameters.
package struct PreviewKey: Hashable, Sendable {
    package var subject: CompositeSubject
    package var parameters: CompositionParameters
    /// Counts the changes of the subject's data and photos the app has seen (`CompositeStore.invalidate`): a
    /// composite made before a change has an older revision, so it is never taken for the current one.
    package var revision: Int

    package init(subject: CompositeSubject, parameters: CompositionParameters, revision: Int = 0) {
        self.subject = subject; self.parameters = parameters; self.revision = revision
    }

    /// The key of a group's avatar.
    package init(groupID: String, parameters: CompositionParameters, revision: Int = 0) {
        self.init(subject: .avatar(groupID: groupID), parameters: parameters, revision: revision)
    }

    /// The group the composite is of.
    package var groupID: String { subject.groupID }
}
