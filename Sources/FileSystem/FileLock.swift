#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a lock file, held from `init` until the value is dropped: what
/// processes that read, change and rewrite one shared file (the presets) take around that, so that none of
/// them writes back a copy another has changed in the meantime.
///
/// The lock file itself is never removed (removing it would let two processes lock two different files of
/// the same name); it is empty and may be deleted by hand when no process runs. A process that dies releases
/// its lock with its descriptors.
package struct FileLock: ~Copyable {
    private let descriptor: Int32

    /// How often a held lock is tried again while waiting.
    static let retryMilliseconds = 10

    /// Locks `path`, creating the file if needed, waiting up to `timeoutMilliseconds` for another holder to
    /// let go (0: one try). Throws `.locked` when the wait ends first.
    package init(path: String, timeoutMilliseconds: Int = 5_000) throws(FileIOError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FileIOError(
                code: errno, path: path, directory: FileIO.parentDirectory(of: path),
                operation: "create")
        }
        var waited = 0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK, waited < timeoutMilliseconds else {
                close(descriptor)
                throw code == EWOULDBLOCK
                    ? .locked(path: path)
                    : FileIOError(
                        code: code, path: path, directory: FileIO.parentDirectory(of: path),
                        operation: "lock")
            }
            // A blocking flock could wait forever on a stuck holder; this wait ends.
            var pause = timespec(tv_sec: 0, tv_nsec: Self.retryMilliseconds * 1_000_000)
            nanosleep(&pause, nil)
            waited += Self.retryMilliseconds
        }
        self.descriptor = descriptor
    }

    deinit {
        // Closing the descriptor releases the lock.
        close(descriptor)
    }
}
