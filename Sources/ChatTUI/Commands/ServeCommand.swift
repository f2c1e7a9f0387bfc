import ArgumentParsing
import FileSystem
import Foundation
import GroupExport
import GroupIcon
import RemoteSources
import RenderService
import Support

/// `chat-tui serve`: the render service. Fixture groups' avatars at `/v1/groups/ID.png|jpg|webp`, signed
/// content-addressed composites (`chat-tui sign`), health, readiness and metrics, over libmicrohttpd.
struct ServeCommand: ToolCommand {
    static let name = "serve"
    static let summary = "serve group avatars over HTTP (PNG, JPEG, WebP; signed URLs; ETags)"
    static let usage = [
        "chat-tui serve [--fixtures PATH] [--listen 127.0.0.1:8080] [--key-file FILE] [composition options]",
        "GET /v1/groups/ID.png?scale=2&margin=4   a fixture group's avatar (also .jpg, .webp; HEAD too)",
        "GET /SIGNATURE/v1/composite.png?member=PHOTO&…   a signed composite (chat-tui sign prints the path)",
        "GET /healthz, /readyz, /metrics",
    ]
    static let listenSpec = OptionSpec(
        name: "--listen", valueName: "ADDR:PORT",
        help: "address and port, a.b.c.d:PORT or [v6]:PORT (default 127.0.0.1:8080; port 0 picks a free one)")
    static let keyFileSpec = OptionSpec(
        name: "--key-file", valueName: "FILE",
        help: "keys that sign composite URLs, one per line, at least 32 bytes each; the first signs")
    static let photoDirSpec = OptionSpec(
        name: "--photo-dir", valueName: "DIR",
        help: "folder the photo names of composite URLs are read in (default: the fixture's folder)")
    static let allowHostSpec = OptionSpec(
        name: "--allow-host", valueName: "HOST",
        help: "a host composite URLs may name photos on (repeatable; default: none)")
    static let accessLogSpec = OptionSpec(
        name: "--access-log", valueName: "FILE",
        help:
            "append the access log (one JSON line per request) to FILE, reopened on SIGHUP (default: standard error)"
    )
    static let allowPrivateAddressesSpec = OptionSpec(
        name: "--allow-private-addresses", valueName: nil,
        help: "let photo URLs reach loopback, private and link-local addresses (refused by default)")
    static let threadsSpec = OptionSpec(
        name: "--threads", valueName: "N",
        help: "HTTP polling threads and render workers (default: the cores it may use)")
    static let queueSpec = OptionSpec(
        name: "--queue", valueName: "N",
        help: "avatar requests that may wait for a worker (default 64); more: 503")
    static let deadlineSpec = OptionSpec(
        name: "--deadline", valueName: "SECONDS",
        help: "longest a request waits and renders (default 30); then 503")
    static let maxAgeSpec = OptionSpec(
        name: "--max-age", valueName: "SECONDS",
        help: "Cache-Control max-age of fixture groups' avatars (default 60)")
    static let idleTimeoutSpec = OptionSpec(
        name: "--idle-timeout", valueName: "SECONDS",
        help: "a connection silent this long is closed (default 10)")
    static let connectionLimitSpec = OptionSpec(
        name: "--connection-limit", valueName: "N", help: "connections held at once (default 1000)")
    static let specs =
        [
            FixtureSource.fileSpec,
            listenSpec,
            keyFileSpec,
            photoDirSpec,
            allowHostSpec,
            accessLogSpec,
            allowPrivateAddressesSpec,
            threadsSpec,
            queueSpec,
            deadlineSpec,
            maxAgeSpec,
            idleTimeoutSpec,
            connectionLimitSpec,
            SessionOptions.allowPathsSpec,
        ] + SessionOptions.cacheSpecs + CompositionOptions.specs

    static let notes = [
        "Unsigned composite URLs (/insecure/v1/composite.EXT?member=…) are served only when listening on a loopback address. Composite URLs start from the library's default parameters; fixture groups start from this command's options.",
        "SIGTERM or SIGINT: stop accepting, answer what was read, exit 0. SIGHUP: read the fixture, the key file and the presets again, and reopen --access-log. One JSON line per request goes to standard error or --access-log.",
    ]

    var fixturePath: String
    var listen: ListenAddress
    var keyFile: String?
    var accessLogPath: String?
    var photoDirectory: String?
    var allowedHosts: Set<String>
    var threads: Int
    var queue: Int
    var deadline: Double
    var maxAge: Int
    var idleTimeout: Int
    var connectionLimit: Int
    var pipeline: SessionOptions.PipelineOptions
    /// `--no-cache`: every request composes and encodes.
    var noCache: Bool
    var parameters: CompositionParameters

    init(arguments: ParsedArguments) throws(UsageError) {
        try arguments.requireNoPositionals()
        // A file only (the option spec refuses `-`): the service reads it again when it changes.
        fixturePath = FixtureSource.filePath(from: arguments)
        let listenText = arguments.string(Self.listenSpec) ?? "127.0.0.1:8080"
        guard let listen = ListenAddress(listenText) else {
            throw UsageError(
                message:
                    "--listen: expected a.b.c.d:PORT or [IPv6]:PORT such as 127.0.0.1:8080, got '\(Sanitizer.clean(listenText))'",
                command: Self.name)
        }
        self.listen = listen
        keyFile = arguments.string(Self.keyFileSpec)
        accessLogPath = arguments.string(Self.accessLogSpec)
        photoDirectory = arguments.string(Self.photoDirSpec)
        allowedHosts = Set(arguments.strings(Self.allowHostSpec).map { $0.lowercased() })
        threads = try arguments.integer(Self.threadsSpec, in: 1...256) ?? AvailableCores.count
        queue = try arguments.integer(Self.queueSpec, in: 0...100_000) ?? 64
        maxAge = try arguments.integer(Self.maxAgeSpec, in: 0...31_536_000) ?? 60
        idleTimeout = try arguments.integer(Self.idleTimeoutSpec, in: 1...3600) ?? 10
        connectionLimit = try arguments.integer(Self.connectionLimitSpec, in: 1...100_000) ?? 1000
        if let text = arguments.string(Self.deadlineSpec) {
            guard let seconds = Double(text), (0.1...3600).contains(seconds) else {
                throw UsageError(
                    message: "--deadline: expected seconds from 0.1 to 3600, got '\(Sanitizer.clean(text))'",
                    command: Self.name)
            }
            deadline = seconds
        } else {
            deadline = 30
        }
        pipeline = try SessionOptions.PipelineOptions(parsing: arguments)
        noCache = arguments.has(SessionOptions.noCacheSpec)
        // Photo URLs come from requests: redirects only on the photo's own scheme, host and port (the host was
        // allowed), at most three, and no address inside the network unless the operator says so.
        pipeline.fetcher.maximumRedirects = 3
        pipeline.fetcher.redirectsStayOnHost = true
        pipeline.fetcher.refusesPrivateAddresses = !arguments.has(Self.allowPrivateAddressesSpec)
        parameters = try CompositionOptions.parameters(from: arguments)
        try parameters.checkPixelSize(command: Self.name)
    }

    func run(output: CommandOutput) async -> ExitStatus {
        let signer: URLSigner?
        do throws(ServiceError) { signer = try loadSigner() } catch {
            output.standardError("chat-tui serve: \(Sanitizer.clean(error.message))\n")
            return .failure
        }
        let fixture = ReloadingFixture(path: fixturePath)
        if let problem = fixture.health.problem {
            output.standardError("chat-tui serve: \(problem)\n")
            return .failure
        }
        if fixture.isWatching {
            fixture.startWatching()
        } else {
            output.standardError(
                "chat-tui serve: no inotify instance left to follow the fixture's changes; SIGHUP reads it\n")
        }
        let (composer, remote) = SessionOptions.makeComposer(pipeline)
        let photoFolder =
            photoDirectory.map(FileIO.lexicallyAbsolute)
            ?? FileIO.parentDirectory(of: FileIO.lexicallyAbsolute(fixturePath))
        let service = AvatarService(
            router: Router(signer: signer, allowsUnsigned: listen.isLoopback),
            configuration: ServiceConfiguration(
                parameters: parameters, fixtureMaxAge: maxAge, photoFolder: photoFolder, allowedHosts: allowedHosts,
                deadlineSeconds: deadline, encodedCacheBytes: noCache ? 0 : 64 << 20),
            composer: composer, fixture: fixture, presets: loadPresets(output: output),
            admission: AdmissionControl(workers: threads, queueLimit: queue),
            extraSamples: { Self.fetchSamples(remote.statistics) })
        service.photoWatch.startWatching()
        var accessLog: AppendingFile?
        if let accessLogPath {
            do throws(FileIOError) { accessLog = try AppendingFile(path: accessLogPath) } catch {
                output.standardError("chat-tui serve: --access-log: \(Sanitizer.clean("\(error)"))\n")
                return .failure
            }
        }
        let log: @Sendable (String) -> Void
        if let file = accessLog {
            log = { line in file.append(line: line) }
        } else {
            log = { line in output.standardError(line + "\n") }
        }
        let signals = SignalStream(signals: [SIGTERM, SIGINT, SIGHUP])
        let server: HTTPServer
        do throws(ServiceError) {
            server = try HTTPServer(
                address: listen, threads: threads, connectionLimit: connectionLimit, idleTimeout: idleTimeout,
                service: service, log: log)
        } catch {
            output.standardError("chat-tui serve: \(Sanitizer.clean(error.message))\n")
            return .failure
        }
        var bound = listen
        bound.port = server.port
        output.standardError("chat-tui serve: listening on http://\(bound.urlAuthority)\n")
        let file = accessLog
        for await number in signals.stream {
            guard number == SIGHUP else { break }
            do throws(FileIOError) { try file?.reopen() } catch {
                output.standardError(
                    "chat-tui serve: --access-log: \(Sanitizer.clean("\(error)")); kept the old file\n")
            }
            do throws(ServiceError) {
                service.reload(signer: try loadSigner(), presets: loadPresets(output: output))
                output.standardError("chat-tui serve: reloaded the fixture, keys and presets\n")
            } catch {
                output.standardError("chat-tui serve: reload: \(Sanitizer.clean(error.message)); kept the old keys\n")
            }
        }
        service.beginStopping()
        server.stopAccepting()
        // What was read is answered; a render past the deadline has already been cut short.
        let limit = ContinuousClock.now + .seconds(deadline + 5)
        while server.requestsInProgress > 0, ContinuousClock.now < limit {
            try? await Task.sleep(for: .milliseconds(20))
        }
        server.stop()
        output.standardError("chat-tui serve: stopped\n")
        return .success
    }

    private func loadSigner() throws(ServiceError) -> URLSigner? {
        guard let keyFile else { return nil }
        let bytes: [UInt8]
        do { bytes = try FileIO.readRegularFile(path: keyFile, maxBytes: 1 << 16) } catch {
            throw .configuration("--key-file \(keyFile): \(error)")
        }
        return URLSigner(keys: try URLSigner.keys(fromFile: bytes, path: keyFile))
    }

    private func loadPresets(output: CommandOutput) -> PresetFile? {
        guard let path = PresetFile.defaultPath(environment: ProcessInfo.processInfo.environment) else { return nil }
        do throws(PresetError) { return try PresetFile.load(path: path) } catch {
            output.standardError("chat-tui serve: presets: \(Sanitizer.clean("\(error)")); preset= is refused\n")
            return nil
        }
    }

    private static func fetchSamples(_ statistics: RemoteFetchStatistics?) -> [MetricSample] {
        let counts = statistics ?? RemoteFetchStatistics()
        return [
            MetricSample(
                name: "chat_tui_photo_fetches_total", help: "Member photos downloaded from URLs.", kind: .counter,
                value: counts.fetched),
            MetricSample(
                name: "chat_tui_photo_fetch_failures_total", help: "Member photo downloads that failed.",
                kind: .counter, value: counts.failed),
            MetricSample(
                name: "chat_tui_photo_cache_hits_total", help: "Member photos from the download cache.",
                kind: .counter, value: counts.fromCache),
        ]
    }
}

/// Signals delivered as a stream instead of to a handler: each is ignored for its default action and read
/// through a dispatch source.
final class SignalStream: Sendable {
    let stream: AsyncStream<Int32>
    private let sources: [SendableSource]

    private struct SendableSource: @unchecked Sendable { let source: any DispatchSourceSignal }

    init(signals: [Int32]) {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        self.stream = stream
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return SendableSource(source: source)
        }
    }
}
