#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a path, as far as deciding where to write goes.
package enum PathKind: Hashable, Sendable {
    /// Nothing (or nothing that can be examined: a component is missing or not searchable).
    case missing
    case regularFile
    case directory
    /// A FIFO, device, socket, ...; `name` says which ("character device").
    case other(name: String)
}

extension FileIO {
    /// What is at `path`, following symbolic links (a link to a folder is a folder).
    package static func kind(of path: String) -> PathKind {
        var info = stat()
        guard !path.isEmpty, stat(path, &info) == 0 else { return .missing }
        let type = info.st_mode & S_IFMT
        switch type {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .directory
        default: return .other(name: fileTypeName(type))
        }
    }
}
