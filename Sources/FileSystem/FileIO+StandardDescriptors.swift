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
    package static func reserveStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open returns the lowest free number, which is this one, since the lower ones are open by now.
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0 && opened != descriptor { close(opened) }
        }
    }
}

extension FileIO {
    /// All of standard input, at most `maxBytes` (for `--fixtures -`); more than that is `streamTooLarge`,
    /// naming "standard input".
    package static func readStandardInput(maxBytes: Int) throws(FileIOError) -> [UInt8] {
        try readStream(STDIN_FILENO, name: "standard input", maxBytes: maxBytes)
    }

    /// All of the stream at `descriptor` (a pipe, a terminal, a device), which has no size to check first:
    /// the buffer never grows past `maxBytes` and one byte, and reading stops at that byte, so an endless
    /// stream (`/dev/zero`) is refused when the limit is reached, not when memory runs out.
    static func readStream(_ descriptor: Int32, name: String, maxBytes: Int) throws(FileIOError) -> [UInt8] {
        let limit = max(0, min(maxBytes, Int.max - 1))
        var bytes = [UInt8](repeating: 0, count: min(65_536, limit + 1))
        var total = 0
        while true {
            if total == bytes.count {
                guard total <= limit else { throw .streamTooLarge(name: name, maxBytes: limit) }
                bytes.append(contentsOf: repeatElement(0, count: min(total, limit + 1 - total)))
            }
            let count = try readSome(descriptor, into: &bytes, at: total, path: name)
            if count == 0 { break }
            total += count
        }
        bytes.removeSubrange(total...)
        return bytes
    }
}
