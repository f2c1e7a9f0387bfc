import Foundation
import Testing

@testable import ArgumentParsing

/// Writes to standard streams that are full, closed or without a reader are reported, never trapped
/// (issue 11: `> /dev/full` exited 132, `2>&-` aborted a batch after 3 of 34 files).
@Suite(.serialized) struct StandardStreamTests {
    @Test func aFullDeviceIsReportedAndLaterWritesAreSkipped() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let stream = StandardStream(descriptor: descriptor, name: "standard output")
        #expect(stream.failure == nil)
        stream.write("")
        #expect(stream.failure == nil, "writing nothing cannot fail")
        stream.write("help text\n")
        #expect(stream.failure == "standard output: No space left on device")
        stream.write("more")
        #expect(stream.failure == "standard output: No space left on device")
    }

    @Test func aClosedDescriptorIsReported() throws {
        let descriptor = open("/dev/null", O_RDONLY)  // open, but not for writing: as after 2>&- and the reservation
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let stream = StandardStream(descriptor: descriptor, name: "standard error")
        stream.write("warning: …\n")
        #expect(stream.failure == "standard error: Bad file descriptor")
    }

    @Test func aPipeWithoutReaderIsReportedWithSIGPIPEIgnored() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let stream = StandardStream(descriptor: ends[1], name: "standard output")
        stream.write("{\"layout\":\"qq\"}\n")
        #expect(stream.failure == "standard output: Broken pipe")
    }

    @Test func largeWritesArriveWhole() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let text = String(repeating: "0123456789", count: 50_000)
        let writeEnd = ends[1]
        let writer = Thread {
            StandardStream(descriptor: writeEnd, name: "standard output").write(text)
            close(writeEnd)
        }
        writer.start()
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        #expect(received.count == text.utf8.count)
    }
}
