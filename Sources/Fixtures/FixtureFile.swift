#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a fixture file's bytes. The only libc user in this module.
///
/// Opens with `O_NONBLOCK` and checks the opened descriptor with `fstat` (not the path, so nothing can be
/// swapped in between): a FIFO or device is refused before any read, so loading can never hang.
enum FixtureFile {
    /// Reads the whole regular file at `path`, refusing anything else or anything larger than `limit` bytes.
    static func readBytes(path: String, limit: Int) throws(FixtureError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw openError(errno, path: path) }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FixtureError.readFailed(path: path, reason: systemMessage(errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FixtureError.isDirectory(path: path)
        case S_IFIFO: throw FixtureError.notRegularFile(path: path, kind: "a FIFO (named pipe)")
        case S_IFCHR: throw FixtureError.notRegularFile(path: path, kind: "a character device")
        case S_IFBLK: throw FixtureError.notRegularFile(path: path, kind: "a block device")
        case S_IFSOCK: throw FixtureError.notRegularFile(path: path, kind: "a socket")
        default: throw FixtureError.notRegularFile(path: path, kind: "a special file")
        }
        let expectedSize = Int(status.st_size)
        guard expectedSize <= limit else { throw FixtureError.fileTooBig(path: path, byteCount: expectedSize, limit: limit) }

        // The file may change size between fstat and read: read to end of file, but never past the limit.
        var bytes = [UInt8](repeating: 0, count: max(expectedSize, 4096))
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= limit else {
                    throw FixtureError.fileTooBig(path: path, byteCount: bytes.count, limit: limit)
                }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
            }
            let readCount = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if readCount > 0 {
                filled += readCount
            } else if readCount == 0 {
                break
            } else if errno != EINTR {
                throw FixtureError.readFailed(path: path, reason: systemMessage(errno))
            }
        }
        guard filled <= limit else { throw FixtureError.fileTooBig(path: path, byteCount: filled, limit: limit) }
        bytes.removeSubrange(filled...)
        return bytes
    }

    private static func openError(_ code: Int32, path: String) -> FixtureError {
        switch code {
        case ENOENT, ENOTDIR: .fileNotFound(path: path)
        case EACCES, EPERM: .permissionDenied(path: path)
        case ELOOP: .symbolicLinkLoop(path: path)
        case EISDIR: .isDirectory(path: path)
        default: .readFailed(path: path, reason: systemMessage(code))
        }
    }

    private static func systemMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
