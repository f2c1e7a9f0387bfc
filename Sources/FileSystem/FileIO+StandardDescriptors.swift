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

extension FileIO {
    /// All of standard input, at most `maxBytes` (for `--fixtures -`); more than that is `tooLarge`, naming
    /// "standard input".
    public static func readStandardInput(maxBytes: Int) throws(FileIOError) -> [UInt8] {
        let name = "standard input"
        var bytes = [UInt8](repeating: 0, count: 65_536)
        var total = 0
        while true {
            if total == bytes.count {
                guard total <= maxBytes else { throw .tooLarge(path: name, bytes: total, maxBytes: maxBytes) }
                bytes.append(contentsOf: repeatElement(0, count: total))
            }
            let count = try readSome(STDIN_FILENO, into: &bytes, at: total, path: name)
            if count == 0 { break }
            total += count
        }
        guard total <= maxBytes else { throw .tooLarge(path: name, bytes: total, maxBytes: maxBytes) }
        bytes.removeSubrange(total...)
        return bytes
    }
}
