#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileIO {
    /// Fills each closed standard descriptor (0, 1, 2: as after `2>&-`) with `/dev/null` opened read-only.
    ///
    /// Otherwise the next file the program opens would take the number, and messages meant for standard
    /// error would land in it (an exported PNG, say). Opened read-only, the placeholder still fails every
    /// write, so the stream keeps reporting itself closed. Call first thing in `main`.
    public static func reserveStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open returns the lowest free number, which is this one, since the lower ones are open by now.
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0 && opened != descriptor { close(opened) }
        }
    }
}
