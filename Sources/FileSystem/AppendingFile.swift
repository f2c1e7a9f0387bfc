import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A log file written by appending whole lines: opened with `O_APPEND`, so each line is one `write` at the
/// end of the file and lines from several threads or processes never interleave. `reopen` opens the path
/// again (after a log rotation moved the old file away).
package final class AppendingFile: Sendable {
    package let path: String
    private let descriptor: LockedDescriptor

    /// Opens (creating with mode 0644) the regular file at `path` for appending.
    package init(path: String) throws(FileIOError) {
        self.path = path
        descriptor = LockedDescriptor(try Self.open(path))
    }

    deinit { descriptor.close() }

    /// Appends `line` and a newline in one write; a failed write is dropped (a full disk must not stop the
    /// program that logs).
    package func append(line: String) {
        let bytes = Array((line + "\n").utf8)
        descriptor.use { fd in
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }

    /// Opens the path again; on failure the old descriptor stays.
    package func reopen() throws(FileIOError) {
        let fresh = try Self.open(path)
        descriptor.replace(with: fresh)
    }

    private static func open(_ path: String) throws(FileIOError) -> Int32 {
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, 0o644)
        guard fd >= 0 else {
            throw FileIOError(code: errno, path: path, directory: FileIO.parentDirectory(of: path), operation: "open")
        }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            throw .notRegularFile(path: path, kind: FileIO.fileTypeName(status.st_mode & S_IFMT))
        }
        return fd
    }
}

/// A descriptor shared by threads: used and replaced under one lock (`NSLock`, which ThreadSanitizer
/// understands, as `LockedState` explains).
private final class LockedDescriptor: @unchecked Sendable {
    private let lock = NSLock()
    private var fd: Int32

    init(_ fd: Int32) { self.fd = fd }

    func use(_ body: (Int32) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        if fd >= 0 { body(fd) }
    }

    func replace(with fresh: Int32) {
        lock.lock()
        let old = fd
        fd = fresh
        lock.unlock()
        if old >= 0 { Glibc.close(old) }
    }

    func close() { replace(with: -1) }
}
