import Foundation
import GroupIcon
import Support

@testable import RemoteSources

/// Why the test server could not be used.
struct HTTPTestServerError: Error, CustomStringConvertible {
    var description: String
}

/// What the test server counted (see Resources/http_test_server.py).
struct HTTPTestServerStats: Decodable {
    /// Requests per path, query excluded.
    var requests: [String: Int]
    /// Responses per "path status", e.g. `"/etag 304"`.
    var statuses: [String: Int]
    /// Requests that carried If-None-Match or If-Modified-Since, per path.
    var conditional: [String: Int]
    /// Responses the client stopped reading, per path.
    var aborted: [String: Int]
    /// Connections accepted.
    var connections: Int
    /// The most connections open at the same time.
    var maxOpenConnections: Int
    /// The User-Agent of the last request.
    var userAgent: String

    func requests(_ path: String) -> Int { requests[path] ?? 0 }
    func statuses(_ path: String, _ code: Int) -> Int { statuses["\(path) \(code)"] ?? 0 }
    /// Requests to every path, summed.
    var totalRequests: Int { requests.values.reduce(0, +) }
}

/// The Python test server in a child process, serving the two test photos on 127.0.0.1.
///
/// It is stopped by `stop()` (which `withHTTPTestServer` calls on every exit, failures and thrown errors
/// included), by `deinit`, and by itself when its standard input closes, which also happens when this test
/// process dies: it never outlives the tests.
///
/// Starting blocks (spawning Python, reading its first line), so `start()` does it on a thread of its own:
/// blocking one of the few threads that run every test's async code would stall the whole test run.
final class HTTPTestServer: Sendable {
    let port: Int
    let controlPort: Int
    /// A port the server keeps bound without listening: connecting to it is refused.
    let closedPort: Int
    private let process: Process
    private let input: Pipe
    private let isStopped = LockedState(false)
    private let control: HTTPFetcher

    /// The JPEG and PNG files the server sends, for comparing bytes.
    static var jpegFile: URL? { resources?.appendingPathComponent("photos/large-256x192.jpg") }
    static var pngFile: URL? { resources?.appendingPathComponent("photos/rgb-trns.png") }
    private static var resources: URL? { Bundle.module.url(forResource: "Resources", withExtension: nil) }

    /// Starts a server and returns once it listens.
    static func start() async throws -> HTTPTestServer {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try HTTPTestServer() }) }.start()
        }
    }

    private init() throws {
        guard let resources = Self.resources, let jpeg = Self.jpegFile, let png = Self.pngFile else {
            throw HTTPTestServerError(description: "test resources not found in the bundle")
        }
        let script = resources.appendingPathComponent("http_test_server.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--jpeg", jpeg.path, "--png", png.path]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // The first line is "PORT CONTROL_PORT CLOSED_PORT"; reading ends at EOF if the script failed to start.
        var line: [UInt8] = []
        let reader = output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            line.append(contentsOf: chunk)
        }
        let ports = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard ports.count == 3 else {
            process.terminate()
            throw HTTPTestServerError(
                description: "the test server printed no ports: \(String(decoding: line, as: UTF8.self))")
        }
        port = ports[0]
        controlPort = ports[1]
        closedPort = ports[2]
        control = try HTTPFetcher()
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT` + `path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The counts so far, read over the control port (so reading them is not counted).
    func stats() async throws -> HTTPTestServerStats {
        let response = try await control.fetch(HTTPRequest(url: "http://127.0.0.1:\(controlPort)/__stats"))
        guard case .content(let bytes) = response.body else { throw HTTPTestServerError(description: "no stats") }
        return try JSONDecoder().decode(HTTPTestServerStats.self, from: Data(bytes))
    }

    /// Polls the counts until `condition` holds or about 5 s have passed, and returns the last ones: for counts
    /// the server records after the client has moved on (an aborted response is noticed on its next write).
    func stats(eventually condition: (HTTPTestServerStats) -> Bool) async throws -> HTTPTestServerStats {
        var stats = try await self.stats()
        var polls = 0
        while !condition(stats), polls < 100 {
            polls += 1
            try await Task.sleep(nanoseconds: 50_000_000)
            stats = try await self.stats()
        }
        return stats
    }

    /// Lets every request to `/gated/...` (waiting or future) have its answer.
    func openGate() async throws {
        _ = try await control.fetch(HTTPRequest(url: "http://127.0.0.1:\(controlPort)/__release"))
    }

    /// Makes `/versioned` serve `version` from now on ("v1" is the JPEG, anything else the PNG).
    func setVersion(_ version: String) async throws {
        _ = try await control.fetch(HTTPRequest(url: "http://127.0.0.1:\(controlPort)/__version?value=\(version)"))
    }

    /// Ends the server process (closing its input makes it exit; SIGTERM in case it is stuck) without
    /// waiting for it: Foundation reaps it. Safe to call more than once.
    func stop() {
        let first = isStopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }
}

/// Runs `body` with a fresh test server and stops the server afterwards, however `body` ends.
func withHTTPTestServer<T>(_ body: (HTTPTestServer) async throws -> T) async throws -> T {
    let server = try await HTTPTestServer.start()
    defer { server.stop() }
    return try await body(server)
}
