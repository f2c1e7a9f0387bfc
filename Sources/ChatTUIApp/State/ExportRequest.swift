import Fixtures
import GroupIcon

/// An export the user asked for (`e`, `E`), before the runtime has looked at the file system: which group, at
/// which parameters and scales, and where to (a folder or a file path as typed, `~` not yet expanded).
package struct ExportRequest: Hashable, Sendable {
    package var group: ChatGroup
    package var parameters: CompositionParameters
    /// Every scale to write; with several (or the default name), scale 1 is `name.png`, the others
    /// `name@2x.png`, `name@3x.png`.
    package var scales: [Int]
    /// The destination as given: a file path, or a folder to save the default name in.
    package var target: String
    /// The name is the app's default (`e`): a single scale other than 1 still gets its `@2x` suffix, as
    /// `export --all` names it; a file name the user typed is used as typed unless several scales are written.
    package var usesDefaultName = false
    /// The spec hand-off (`ExportSpec`) is written beside the images: `<name>.spec.json`, named after the 1x
    /// file (the only file when one scale is written).
    package var writesSpec = false
    /// The user agreed to create the missing folder.
    package var createsFolders = false
    /// The user agreed to replace existing files.
    package var replacesFiles = false

    package init(group: ChatGroup, parameters: CompositionParameters, scales: [Int], target: String) {
        self.group = group; self.parameters = parameters; self.scales = scales; self.target = target
    }
}
