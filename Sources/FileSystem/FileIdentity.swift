#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which file a path leads to: its device and inode, the same for every spelling of the path, symbolic
/// links and hard links included.
package struct FileIdentity: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64

    package init(device: UInt64, inode: UInt64) {
        self.device = device; self.inode = inode
    }

    init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

extension FileIO {
    /// The identity of the file `path` leads to (following symbolic links), nil when there is none.
    package static func identity(of path: String) -> FileIdentity? {
        guard (try? checkSpelling(of: path)) != nil else { return nil }
        var info = stat()
        return stat(path, &info) == 0 ? FileIdentity(info) : nil
    }
}

/// How `FileIO.writeAtomically` creates and guards a file.
package struct AtomicWriteOptions: Sendable {
    /// Permission bits of a new file, less the umask (an existing file keeps its own): 0666 like `touch`,
    /// 0600 for private data such as cache entries.
    package var permissions: mode_t
    /// Files that must never be replaced, with what each is for messages ("the fixture file"): the inputs of
    /// an export, so that no output path can overwrite them, whatever it is spelt like.
    package var inputs: [FileIdentity: String]
    /// When the file reaches the disk: before `writeAtomically` returns, or at a later `syncFileSystem`.
    package var durability: WriteDurability
    /// The export folder the file belongs in, nil for a path the user named: a symbolic link at the path is
    /// then followed only while it ends inside this folder, and a link that leads out of it is refused
    /// (`FileIOError.linkLeavesFolder`), so a link planted in an export folder cannot redirect an export.
    package var folder: String?

    package init(
        permissions: mode_t = 0o666, inputs: [FileIdentity: String] = [:],
        durability: WriteDurability = .synced, folder: String? = nil
    ) {
        self.permissions = permissions; self.inputs = inputs; self.durability = durability
        self.folder = folder
    }
}
