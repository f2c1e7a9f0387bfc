import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon

/// The file-system questions an export from the app asks, as a seam: the real file system in the app, a fake
/// in tests.
package struct ExportFiles: Sendable {
    /// What is at a path.
    package var kind: @Sendable (String) -> PathKind
    /// Creates a folder and the missing folders above it; the error's description names the folder and cause.
    package var createFolder: @Sendable (String) throws -> Void
    /// What `~` stands for; nil when HOME is not set.
    package var homeDirectory: String?
    /// Why a file cannot be written in its export folder because it is a symbolic link leading out of it
    /// (path, folder); nil when it can.
    package var linkLeavingFolder: @Sendable (String, String) -> FileIOError?

    package init(
        kind: @escaping @Sendable (String) -> PathKind, createFolder: @escaping @Sendable (String) throws -> Void,
        homeDirectory: String?,
        linkLeavingFolder: @escaping @Sendable (String, String) -> FileIOError? = { _, _ in nil }
    ) {
        self.kind = kind; self.createFolder = createFolder; self.homeDirectory = homeDirectory
        self.linkLeavingFolder = linkLeavingFolder
    }

    /// The real file system, `~` from `$HOME`.
    package static let live = ExportFiles(
        kind: { FileIO.kind(of: $0) }, createFolder: { try FileIO.createDirectory($0) },
        homeDirectory: ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 },
        linkLeavingFolder: { FileIO.linkLeavingFolder($0, folder: $1) })
}

/// One file of an export: the parameters (at one scale) and where it goes.
package struct ExportJob: Hashable, Sendable {
    /// What the file holds.
    package enum Kind: Hashable, Sendable {
        /// The composite at `parameters`.
        case image
        /// The spec hand-off of the export's images (`ExportSpec`), `parameters` at the first scale; `output`
        /// is the `--output` of the command it records (the only image, or the 1x name).
        case spec(output: String)
    }

    package var parameters: CompositionParameters
    package var path: String
    package var kind = Kind.image
}

/// What to do about an `ExportRequest`, decided before anything is written.
package enum ExportPlan: Hashable, Sendable {
    /// Write these files, first creating `folder` when it is given (the user agreed).
    case write([ExportJob], creatingFolder: String?)
    /// Ask this yes/no question first; on yes, plan `request` (which records the answer) again.
    case ask(String, ExportRequest)
    /// Nothing can be written; the message says why in plain words.
    case refuse(String)
}

/// Turns an export request into files: `~` expanded, a folder (existing, or typed with a trailing `/`) given
/// the default name `<group-id>.png`; a typed file name is used as typed when one scale is written, and when
/// several are (or the name is the default one) each scale is named `name.png`, `name@2x.png`, `name@3x.png`.
/// Nothing new is named inside `/dev` or `/proc`, devices are never written, no file leaves its folder through
/// a symbolic link; a missing folder is created and
/// existing files are replaced only after the user agreed.
package enum ExportPlanner {
    package static func plan(_ request: ExportRequest, files: ExportFiles) -> ExportPlan {
        let typed = request.target.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { return .refuse("No path given: nothing exported") }
        let expanded: String
        switch expandHome(typed, home: files.homeDirectory) {
        case .success(let path): expanded = path
        case .failure(let problem): return .refuse(problem.description)
        }
        let isFolder = expanded.hasSuffix("/") || files.kind(expanded) == .directory
        let base = isFolder ? defaultName(inFolder: expanded, group: request.group) : expanded
        let folder = FileIO.parentDirectory(of: base)
        let images = paths(base: base, scales: request.scales, suffixed: isFolder || request.usesDefaultName)
        let spec = request.writesSpec ? specPath(base: base, images: images) : nil
        let paths = images + (spec.map { [$0] } ?? [])
        // No new name inside /dev or /proc (what is there already is refused below as a device or a folder).
        if let system = paths.lazy.filter({ files.kind($0) == .missing }).compactMap(systemFolder).first {
            return .refuse("Cannot export to \(system.path): \(system.folder) holds devices and processes, not files")
        }
        var creatingFolder: String?
        switch files.kind(folder) {
        case .directory:
            break
        case .missing:
            guard request.createsFolders else {
                var agreed = request
                agreed.createsFolders = true
                return .ask("The folder \(folder) does not exist. Create it? (y/n)", agreed)
            }
            creatingFolder = folder
        case .regularFile, .other:
            return .refuse("Cannot export to \(base): \(folder) is not a folder")
        }
        var jobs = zip(request.scales, images).map { scale, path -> ExportJob in
            var parameters = request.parameters
            parameters.scale = scale
            return ExportJob(parameters: parameters, path: path)
        }
        if let spec, let first = jobs.first {
            jobs.append(
                ExportJob(
                    parameters: first.parameters, path: spec, kind: .spec(output: images.count == 1 ? images[0] : base))
            )
        }
        var existing: [String] = []
        for job in jobs where creatingFolder == nil {
            // Checked before any question: a link planted in the folder must not send the file elsewhere.
            if let refusal = files.linkLeavingFolder(job.path, folder) {
                return .refuse("Cannot export to \(job.path): \(refusal.reason)")
            }
            switch files.kind(job.path) {
            case .missing: break
            case .regularFile: existing.append(job.path)
            case .directory:
                return .refuse("Cannot export to \(job.path): it is a folder (end the path with / to save inside it)")
            case .other(let name):
                return .refuse("Cannot export to \(job.path): it is a \(name), not a file")
            }
        }
        if !existing.isEmpty && !request.replacesFiles {
            var agreed = request
            agreed.replacesFiles = true
            let names =
                existing.count > 3
                ? existing.prefix(3).joined(separator: ", ") + " and \(existing.count - 3) more"
                : existing.joined(separator: ", ")
            return .ask("Replace \(names)? (y/n)", agreed)
        }
        return .write(jobs, creatingFolder: creatingFolder)
    }

    /// The files an export of `group` to `target` (as typed, a trailing `/` meaning a folder) writes at
    /// `scales`, the spec hand-off last when `writesSpec`: what the `E` prompt shows before Enter. A folder
    /// that exists without the `/` is found by `plan`, which then names the default file.
    package static func names(
        _ target: String, group: ChatGroup, scales: [Int], usesDefaultName: Bool, writesSpec: Bool = false
    ) -> [String] {
        guard !target.isEmpty else { return [] }
        let isFolder = target.hasSuffix("/")
        let base = isFolder ? defaultName(inFolder: target, group: group) : target
        let images = paths(base: base, scales: scales, suffixed: isFolder || usesDefaultName)
        return images + (writesSpec ? [specPath(base: base, images: images)] : [])
    }

    /// Where the spec hand-off of `images` goes: beside the only image when there is one (so that the
    /// command it records, `--output` that image, writes it there again), else beside the 1x name `base`.
    static func specPath(base: String, images: [String]) -> String {
        OutputNaming.specPath(for: images.count == 1 ? images[0] : base)
    }

    /// One path per scale: `base` itself for a single scale unless `suffixed`, else `name@2x.png` and so on.
    static func paths(base: String, scales: [Int], suffixed: Bool) -> [String] {
        guard suffixed || scales.count > 1 else { return scales.map { _ in base } }
        return scales.map { OutputNaming.scaledPath(base, scale: $0) }
    }

    /// `<folder>/<group-id>.png`.
    private static func defaultName(inFolder path: String, group: ChatGroup) -> String {
        var folder = path
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return (folder == "/" ? "" : folder) + "/" + OutputNaming.fileName(for: group)
    }

    /// `path` and the system folder it lies in, when it does (`OutputNaming.systemFolder`).
    private static func systemFolder(_ path: String) -> (path: String, folder: String)? {
        OutputNaming.systemFolder(containing: path).map { (path, $0) }
    }

    /// `~` and `~/...` with `home`; other paths unchanged. `~user` is not supported and says so.
    package static func expandHome(_ path: String, home: String?) -> Result<String, AppError> {
        guard path.hasPrefix("~") else { return .success(path) }
        guard path == "~" || path.hasPrefix("~/") else {
            return .failure(
                .unexpandablePath("Cannot export to \(path): only ~ and ~/... are expanded; write the full path"))
        }
        guard let home else {
            return .failure(.unexpandablePath("Cannot export to \(path): HOME is not set, so ~ means nothing"))
        }
        let rest = path.dropFirst()
        return .success(home.hasSuffix("/") && rest.hasPrefix("/") ? String(home.dropLast()) + rest : home + rest)
    }
}
