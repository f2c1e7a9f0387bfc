import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One of the process's output streams, written with `write(2)` so that a failure is an error code, not a
/// trap: a closed descriptor (`2>&-`), a full disk (`> /dev/full`) or a reader that went away (a broken pipe,
/// with SIGPIPE ignored). The first failure is kept and later writes to the stream are skipped, so a batch goes
/// on with its files and reports the stream at the end (`CommandLineTool.run`).
package final class StandardStream: Sendable {
    /// The process's standard output and standard error.
    package static let output = StandardStream(descriptor: STDOUT_FILENO, name: "standard output")
    package static let error = StandardStream(descriptor: STDERR_FILENO, name: "standard error")

    package let descriptor: Int32
    /// How messages name the stream ("standard output").
    package let name: String
    /// The errno of the first failed write, 0 while none has failed.
    private let firstError = Atomic<Int32>(0)

    package init(descriptor: Int32, name: String) {
        self.descriptor = descriptor; self.name = name
    }

    /// Writes all of `text`; does nothing once the stream has failed.
    package func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    /// Writes all of `bytes` (an image for `export --output -`); does nothing once the stream has failed.
    package func write(bytes: [UInt8]) {
        guard firstError.load(ordering: .acquiring) == 0 else { return }
        let code = bytes.withUnsafeBytes { buffer -> Int32 in
            var written = 0
            while written < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress?.advanced(by: written), buffer.count - written)
                if count > 0 { written += count; continue }
                if count < 0 && errno == EINTR { continue }
                // A descriptor another process left non-blocking: wait until it takes more.
                if count < 0 && errno == EAGAIN {
                    var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    if poll(&poller, 1, -1) >= 0 || errno == EINTR { continue }
                }
                return count < 0 ? errno : EIO
            }
            return 0
        }
        if code != 0 { _ = firstError.compareExchange(expected: 0, desired: code, ordering: .acquiringAndReleasing) }
    }

    /// What went wrong, as "standard output: No space left on device"; nil while every write succeeded.
    package var failure: String? {
        let code = firstError.load(ordering: .acquiring)
        return code == 0 ? nil : "\(name): \(String(cString: strerror(code)))"
    }
}

/// libc's `write`, which the method of the same name hides inside `StandardStream`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
