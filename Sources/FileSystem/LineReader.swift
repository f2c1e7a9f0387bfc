#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a regular file one line at a time through a fixed-size buffer, so a file of any length is read in
/// memory bounded by its longest line (JSON Lines fixtures of millions of groups).
///
/// A line ends at `\n`; a `\r` before it is dropped, as is the last line's missing terminator. A line longer
/// than `maximumLineBytes` is an error naming its number rather than a reason to keep growing the buffer; its
/// bytes are skipped (read through in buffer-sized pieces), so the next call returns the line after it.
/// Opens and checks the file as `FileIO.readRegularFile` does (no FIFOs, devices or folders).
package final class LineReader {
    /// The file, as given.
    package let path: String
    /// The longest line accepted, in bytes without its terminator.
    package let maximumLineBytes: Int
    /// The number of the line `nextLine` returned last (1-based); 0 before the first.
    package private(set) var lineNumber = 0

    private var descriptor: Int32
    private var buffer: [UInt8]
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    private var reachedEnd = false

    /// Opens `path`; fails as `FileIO.readRegularFile` would.
    package init(path: String, maximumLineBytes: Int, bufferBytes: Int = 1 << 16) throws(FileIOError) {
        self.path = path
        self.maximumLineBytes = max(1, maximumLineBytes)
        descriptor = try FileIO.openRegularFile(path).descriptor
        buffer = [UInt8](repeating: 0, count: max(64, bufferBytes))
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The next line's bytes without its terminator, nil after the last line. Throws `lineTooLong` for a line
    /// over the cap, after which reading goes on with the following line.
    package func nextLine() throws(FileIOError) -> [UInt8]? {
        // Bytes before `searched` are known to hold no line break.
        var searched = start
        while true {
            if let newline = buffer[searched..<end].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = newline + 1 }
                return try take(upTo: newline)
            }
            if reachedEnd {
                guard start < end else { return nil }
                defer { start = end }
                return try take(upTo: end)
            }
            guard end - start <= maximumLineBytes else {
                try skipRestOfLine()
                lineNumber += 1
                throw .lineTooLong(path: path, line: lineNumber, maxBytes: maximumLineBytes)
            }
            let alreadySearched = end - start
            try refill()
            searched = start + alreadySearched
        }
    }

    /// The bytes from `start` to `terminator` (a `\r` before it dropped), counted as the next line.
    private func take(upTo terminator: Int) throws(FileIOError) -> [UInt8] {
        var last = terminator
        if last > start, buffer[last - 1] == UInt8(ascii: "\r") { last -= 1 }
        lineNumber += 1
        guard last - start <= maximumLineBytes else {
            throw .lineTooLong(path: path, line: lineNumber, maxBytes: maximumLineBytes)
        }
        return Array(buffer[start..<last])
    }

    /// Drops the unread bytes up to and including the next line break (or the end of the file), reading on
    /// without growing the buffer.
    private func skipRestOfLine() throws(FileIOError) {
        while true {
            if let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
                start = newline + 1
                return
            }
            start = end
            if reachedEnd { return }
            try refill()
        }
    }

    /// Moves the unread bytes to the front, grows the buffer when a line fills it (up to the line cap plus
    /// one read), and reads more.
    private func refill() throws(FileIOError) {
        if start > 0 {
            buffer.withUnsafeMutableBytes { memory in
                guard let base = memory.baseAddress else { return }
                _ = memmove(base, base + start, end - start)
            }
            end -= start
            start = 0
        }
        // A partial line fills the buffer: double it, up to the longest line plus its "\r\n".
        if end == buffer.count {
            buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, maximumLineBytes + 2 - buffer.count)))
        }
        let count = try FileIO.readSome(descriptor, into: &buffer, at: end, path: path)
        if count == 0 {
            reachedEnd = true
            close(descriptor)
            descriptor = -1
        }
        end += count
    }
}
