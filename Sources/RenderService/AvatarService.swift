internal import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import Support

/// How the service answers, besides its routes and keys.
package struct ServiceConfiguration: Sendable {
    /// The parameters fixture groups are drawn with (serve's composition options and `--preset`); a query
    /// changes them per request. Composite URLs start from the library's defaults instead, so that the URL
    /// alone says what it shows.
    package var parameters: CompositionParameters
    /// `Cache-Control: max-age` of fixture groups' avatars, in seconds.
    package var fixtureMaxAge: Int
    /// The folder relative photo names of composite URLs resolve in; nil: only photo URLs.
    package var photoFolder: String?
    /// Hosts composite URLs may name photos on (lower case); empty: none.
    package var allowedHosts: Set<String>
    /// The longest a request may wait and render, in seconds (then 503).
    package var deadlineSeconds: Double
    /// Bytes of encoded avatars kept by entity tag (`EncodedCache`); 0 (`--no-cache`) keeps none.
    package var encodedCacheBytes: Int

    package init(
        parameters: CompositionParameters = CompositionParameters(), fixtureMaxAge: Int = 60,
        photoFolder: String? = nil, allowedHosts: Set<String> = [], deadlineSeconds: Double = 30,
        encodedCacheBytes: Int = 64 << 20
    ) {
        self.parameters = parameters; self.fixtureMaxAge = fixtureMaxAge; self.photoFolder = photoFolder
        self.allowedHosts = allowedHosts; self.deadlineSeconds = deadlineSeconds
        self.encodedCacheBytes = encodedCacheBytes
    }
}

extension ServiceConfiguration {
    /// Where a composite URL's photo is read from: an http(s) URL on an allowed host, or a relative path
    /// inside the photo folder (no `..`, no absolute path).
    package func photoLocation(_ photo: String, number: Int) throws(ServiceError) -> String {
        let lowered = photo.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let host = URL(string: photo)?.host?.lowercased(), !host.isEmpty else {
                throw .badParameter(parameter: "member", message: "member \(number): not a URL with a host")
            }
            guard allowedHosts.contains(host) else {
                throw .forbidden(
                    "member \(number): host \(Sanitizer.clean(host)) is not allowed (serve --allow-host HOST)")
            }
            return photo
        }
        guard let folder = photoFolder else {
            throw .badParameter(
                parameter: "member", message: "member \(number): this service reads photos from URLs only")
        }
        let components = photo.split(separator: "/", omittingEmptySubsequences: false)
        guard !photo.isEmpty, !photo.hasPrefix("/"), !photo.contains("\\"),
            !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
        else {
            throw .badParameter(
                parameter: "member",
                message: "member \(number): a photo is a path inside the photo folder (no /, . or .. parts) or an"
                    + " http(s) URL")
        }
        return folder + "/" + photo
    }
}

/// The render service without HTTP: routes a request (`answer`), renders avatars with ETags and cache headers
/// (`render`), and keeps the counts `/metrics` shows. `HTTPServer` hands it what libmicrohttpd read.
package final class AvatarService: Sendable {
    /// What to do about a request.
    package enum Answer: Sendable {
        /// Answer at once.
        case now(ServiceResponse, route: String)
        /// Answer when `work` is done (an avatar); the request holds a place in the queue until then.
        case later(route: String, work: @Sendable () async -> ServiceResponse)
    }

    /// `Cache-Control` of a signed composite URL: its bytes never change.
    package static let immutableCacheControl = "public, max-age=31536000, immutable"

    private let router: LockedState<Router>
    private let presets: LockedState<PresetFile?>
    package let configuration: ServiceConfiguration
    private let composer: GroupComposer
    private let fixture: ReloadingFixture?
    package let metrics = ServiceMetrics()
    package let admission: AdmissionControl
    private let encoded: EncodedCache
    /// Whether answers are kept by request target (`keptAnswer`): not with `--no-cache`, nor when photo
    /// identities are content hashes (`--verify-content`), which a file's status cannot stand for.
    private let keepsAnswers: Bool
    /// Reloads so far (keys, presets): a kept answer made before one is not used.
    private let reloads = LockedState(0)
    /// The photo files of kept answers, followed so that using one costs no system call.
    package let photoWatch: PhotoWatch
    private let stopping = LockedState(false)
    /// Avatar requests whose work was cancelled because their client went away.
    private let cancellations = LockedState(0)
    /// Extra `/metrics` samples from outside (photo fetches, which the executable's download store counts).
    private let extraSamples: @Sendable () -> [MetricSample]

    package init(
        router: Router, configuration: ServiceConfiguration, composer: GroupComposer, fixture: ReloadingFixture?,
        presets: PresetFile?, admission: AdmissionControl, photoWatch: PhotoWatch = PhotoWatch(),
        extraSamples: @escaping @Sendable () -> [MetricSample] = { [] }
    ) {
        self.router = LockedState(router); self.configuration = configuration; self.composer = composer
        self.fixture = fixture; self.presets = LockedState(presets); self.admission = admission
        self.photoWatch = photoWatch; self.extraSamples = extraSamples
        encoded = EncodedCache(byteLimit: configuration.encodedCacheBytes)
        keepsAnswers = configuration.encodedCacheBytes > 0 && !composer.pipeline.configuration.verifyContent
    }

    /// Replaces the signing keys and presets (SIGHUP), and reads the fixture again.
    package func reload(signer: URLSigner?, presets: PresetFile?) {
        router.withLock { $0.signer = signer }
        self.presets.withLock { $0 = presets }
        reloads.withLock { $0 += 1 }
        fixture?.reload()
    }

    /// What the answers depend on besides the target: changes whenever the keys, the presets or the fixture
    /// are read again, and when a followed photo file changes.
    private var generation: Int { reloads.withLock { $0 } + (fixture?.generation ?? 0) + photoWatch.changes }

    /// Marks the service as stopping: `/readyz` answers 503 so a balancer stops sending requests.
    package func beginStopping() { stopping.withLock { $0 = true } }

    /// What to do about a request of `method` for `target` (the raw request target), with its
    /// `If-None-Match` header.
    package func answer(method: String, target: String, ifNoneMatch: String?) -> Answer {
        if keepsAnswers, method == "GET" || method == "HEAD",
            let (response, route) = keptAnswer(target: target, ifNoneMatch: ifNoneMatch)
        {
            return .now(response, route: route)
        }
        // Taken before the fixture is read: an answer made from an older fixture is not kept as current.
        let generation = self.generation
        let route: Route
        do throws(ServiceError) {
            route = try router.withLock { $0 }.route(method: method, target: target)
        } catch {
            return .now(error.response, route: "other")
        }
        switch route {
        case .health:
            return .now(.json(.object([("status", .string("ok"))])), route: route.label)
        case .ready:
            return .now(readiness, route: route.label)
        case .metrics:
            let text = ServiceMetrics.prometheusText(metrics.snapshot, samples: samples)
            return .now(
                ServiceResponse(
                    status: 200,
                    headers: [
                        .init("Content-Type", "text/plain; version=0.0.4; charset=utf-8"),
                        .init("Cache-Control", "no-store"),
                    ], body: Array(text.utf8)), route: route.label)
        case .image(let request):
            guard admission.admit() else {
                let error = ServiceError.unavailable(
                    "overloaded: every worker is busy and the queue is full", retryAfter: 1)
                return .now(error.response, route: route.label)
            }
            let deadline = configuration.deadlineSeconds
            return .later(route: route.label) {
                defer { self.admission.leave() }
                let timeUp: @Sendable () async -> Void = { try? await Task.sleep(for: .seconds(deadline)) }
                let outcome = await Self.race(deadline: timeUp) {
                    await self.admission.run {
                        do throws(ServiceError) {
                            return try await self.render(
                                request, ifNoneMatch: ifNoneMatch, keptAs: (target, route.label, generation))
                        } catch {
                            return error.response
                        }
                    }
                }
                switch outcome {
                case .finished(let response):
                    return response
                case .deadline:
                    return ServiceError.unavailable(
                        "the request took longer than its deadline of \(formatNumber(deadline)) s", retryAfter: 1
                    ).response
                case .cancelled:
                    self.cancellations.withLock { $0 += 1 }
                    return ServiceError.unavailable("the client went away", retryAfter: 1).response
                }
            }
        }
    }

    /// The answer kept for `target` when nothing was reloaded and no photo file it was drawn from changed
    /// since: 304 when `ifNoneMatch` names its tag, else the bytes already encoded. Nil otherwise (then the
    /// request is routed and rendered). Costs no task, and no system call while its files are followed by
    /// `photoWatch` (else a `stat` per file).
    func keptAnswer(target: String, ifNoneMatch: String?) -> (ServiceResponse, route: String)? {
        guard let kept = encoded.answer(for: target), kept.generation == generation else { return nil }
        for file in kept.files {
            guard let now = FileIO.status(of: file.path), now.isSameVersion(as: file.status) else { return nil }
        }
        let validators = [ServiceResponse.Header("ETag", kept.tag.quoted), .init("Cache-Control", kept.cacheControl)]
        if let ifNoneMatch, kept.tag.matches(ifNoneMatch: ifNoneMatch) {
            return (ServiceResponse(status: 304, headers: validators, body: []), kept.route)
        }
        guard let bytes = encoded.bytes(for: kept.tag.quoted) else { return nil }
        return (
            ServiceResponse(status: 200, headers: [.init("Content-Type", kept.contentType)] + validators, body: bytes),
            kept.route
        )
    }

    /// The photo files `group`'s avatar is drawn from, with their status now; nil when a photo is a URL or a
    /// file is missing (such answers are not kept by target).
    private static func photoFiles(of group: ChatGroup) -> [(path: String, status: FileStatus)]? {
        var files: [(path: String, status: FileStatus)] = []
        for path in [group.avatarPath] + group.members.map(\.avatarPath) {
            guard let path else { continue }
            guard !RemotePhotoSource.isURL(path), let status = FileIO.status(of: path) else { return nil }
            files.append((path, status))
        }
        return files
    }

    /// The avatar `request` asks for: 304 when `ifNoneMatch` names its entity tag (nothing composed), else
    /// the encoded image with its `ETag` and `Cache-Control`. With `keptAs` (the raw target, its route label
    /// and the generation taken before the fixture was read), an answer worth keeping is remembered for that
    /// target (`keptAnswer`).
    package func render(
        _ request: ImageRequest, ifNoneMatch: String?,
        keptAs: (target: String, route: String, generation: Int)? = nil
    ) async throws(ServiceError) -> ServiceResponse {
        let group = try group(for: request.source)
        // Before the pipeline looks at the files: a change from here on makes the kept answer stale.
        let files = keepsAnswers && keptAs != nil ? Self.photoFiles(of: group) : nil
        let base: CompositionParameters
        if case .group = request.source { base = configuration.parameters } else { base = CompositionParameters() }
        let (parameters, encoding) = try ImageParameters.resolve(
            request.parameters, base: base, presets: presets.withLock { $0 }, format: request.format,
            memberCount: group.members.count)
        // The title the file records is the group's name, which the composite key leaves out.
        let record = GroupExporter.inputsRecord(
            await composer.inputs(for: group, parameters: parameters) + "\ntitle: " + group.name, encoding: encoding)
        let tag = EntityTag(record: record)
        let cacheControl =
            request.isSigned ? Self.immutableCacheControl : "public, max-age=\(configuration.fixtureMaxAge)"
        if let ifNoneMatch, tag.matches(ifNoneMatch: ifNoneMatch) {
            return ServiceResponse(
                status: 304, headers: [.init("ETag", tag.quoted), .init("Cache-Control", cacheControl)], body: [])
        }
        let contentType = ServiceResponse.Header("Content-Type", Self.contentType(of: request.format))
        func remember() {
            guard let keptAs, var files else { return }
            if photoWatch.watch(files.map(\.path)) {
                // Taken again now that the files are followed: a change before the watch began is not reported.
                for file in files {
                    guard let now = FileIO.status(of: file.path), now.isSameVersion(as: file.status) else { return }
                }
                files = []
            }
            encoded.remember(
                EncodedCache.Answer(
                    tag: tag, route: keptAs.route, contentType: contentType.value, cacheControl: cacheControl,
                    generation: keptAs.generation, files: files), for: keptAs.target)
        }
        if let bytes = encoded.bytes(for: tag.quoted) {
            remember()
            return ServiceResponse(
                status: 200, headers: [contentType, .init("ETag", tag.quoted), .init("Cache-Control", cacheControl)],
                body: bytes)
        }
        let composite: Composite
        do {
            composite = try await composer.composite(for: group, parameters: parameters)
        } catch {
            throw .unavailable("the request was cancelled", retryAfter: 1)
        }
        let bytes: [UInt8]
        do throws(CodecError) {
            let metadata = ImageMetadata(
                GroupExporter.pngText(group: group, parameters: parameters).map { ImageMetadata.Entry($0, $1) })
            bytes = try encoding.encode(composite.image, metadata: metadata, colorSpace: parameters.colorSpace)
        } catch {
            throw .internalFailure("encoding the \(request.format.rawValue) image failed: \(error)")
        }
        var headers = [contentType]
        if composite.warnings.isEmpty {
            headers += [.init("ETag", tag.quoted), .init("Cache-Control", cacheControl)]
            encoded.store(bytes, for: tag.quoted)
            remember()
        } else {
            // A placeholder stood in for a photo that could not be read or fetched: not worth keeping.
            headers += [
                .init("Cache-Control", "no-store"), .init("X-Avatar-Warnings", String(composite.warnings.count)),
            ]
        }
        return ServiceResponse(status: 200, headers: headers, body: bytes)
    }

    /// The MIME type of `format`.
    package static func contentType(of format: OutputFormat) -> String {
        switch format {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        }
    }

    /// The group a request's source names: a fixture group, or one made of the URL's members.
    func group(for source: ImageRequest.Source) throws(ServiceError) -> ChatGroup {
        switch source {
        case .group(let id):
            guard let fixture else { throw .notFound("this service has no --fixtures: no groups to serve") }
            guard let group = fixture.group(id: id) else {
                throw .notFound("no group with id \"\(Sanitizer.clean(id))\" in the fixture")
            }
            return group
        case .members(let photos, let names):
            var members: [GroupMember] = []
            for (index, photo) in photos.enumerated() {
                let path = try configuration.photoLocation(photo, number: index + 1)
                let name = index < names.count ? names[index] : ""
                members.append(GroupMember(id: "member-\(index + 1)", name: name, avatarPath: path))
            }
            return ChatGroup(id: "composite", name: "composite", members: members)
        }
    }

    private var readiness: ServiceResponse {
        if stopping.withLock({ $0 }) {
            return ServiceError.unavailable("stopping", retryAfter: 5).response
        }
        if let fixture {
            let health = fixture.health
            guard health.loaded else {
                return ServiceError.unavailable(
                    "the fixture is not loaded: \(health.problem ?? "unknown problem")", retryAfter: 5
                ).response
            }
            if let problem = health.problem {
                return .json(.object([("status", .string("ok")), ("fixtureProblem", .string(problem))]))
            }
        }
        return .json(.object([("status", .string("ok"))]))
    }

    /// What the pipeline has done: composites made, cache hits.
    package var composerStatistics: PipelineStatistics { composer.pipeline.statistics }

    private var samples: [MetricSample] {
        let pipeline = composer.pipeline.statistics
        let counts = admission.counts
        return [
            MetricSample(
                name: "chat_tui_in_flight", help: "Avatar requests admitted and not yet answered.", kind: .gauge,
                value: counts.inFlight),
            MetricSample(
                name: "chat_tui_queued", help: "Avatar requests waiting for a worker.", kind: .gauge,
                value: counts.queued),
            MetricSample(
                name: "chat_tui_renders_running",
                help: "Renders on a worker now (one cut short by its deadline or client until it stops).",
                kind: .gauge, value: counts.running),
            MetricSample(
                name: "chat_tui_cancelled_total",
                help: "Avatar requests whose client went away first; their work was cancelled.", kind: .counter,
                value: cancellations.withLock { $0 }),
            MetricSample(
                name: "chat_tui_cache_hits_total", help: "Composites found in the memory or disk cache.",
                kind: .counter, value: pipeline.memoryHits + pipeline.diskHits),
            MetricSample(
                name: "chat_tui_cache_misses_total", help: "Composites made because no cache had them.",
                kind: .counter, value: pipeline.compositesMade),
            MetricSample(
                name: "chat_tui_encoded_cache_hits_total", help: "Avatars answered with bytes already encoded.",
                kind: .counter, value: encoded.counts.hits),
            MetricSample(
                name: "chat_tui_encoded_cache_bytes", help: "Bytes of encoded avatars kept.", kind: .gauge,
                value: encoded.counts.bytes),
            MetricSample(
                name: "chat_tui_coalesced_waits_total", help: "Requests that waited for a composite another made.",
                kind: .counter, value: pipeline.coalescedWaits),
        ] + extraSamples()
    }

    /// How `race` ended.
    enum RaceOutcome: Equatable, Sendable {
        case finished(ServiceResponse)
        /// The deadline came first.
        case deadline
        /// The task running `race` was cancelled (its client went away).
        case cancelled
    }

    /// `operation`'s result, or how it was cut short: by `deadline` returning first, or by the cancellation
    /// of the calling task. Then the operation is cancelled and the answer does not wait for it to notice
    /// (its worker place stays taken until it does). The deadline is cancelled when the operation finishes.
    static func race(
        deadline: @escaping @Sendable () async -> Void,
        _ operation: @escaping @Sendable () async -> ServiceResponse
    ) async -> RaceOutcome {
        let waiting = LockedState<CheckedContinuation<RaceOutcome, Never>?>(nil)
        let tasks = LockedState<(work: Task<Void, Never>?, timer: Task<Void, Never>?, cancelled: Bool)>(
            (nil, nil, false))
        @Sendable func finish(_ outcome: RaceOutcome) {
            waiting.withLock { continuation in
                continuation?.resume(returning: outcome)
                continuation = nil
            }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiting.withLock { $0 = continuation }
                let work = Task {
                    let response = await operation()
                    tasks.withLock { $0.timer }?.cancel()
                    finish(.finished(response))
                }
                let timer = Task {
                    await deadline()
                    guard !Task.isCancelled else { return }
                    work.cancel()
                    finish(.deadline)
                }
                let cancelled = tasks.withLock { tasks in
                    tasks.work = work; tasks.timer = timer
                    return tasks.cancelled
                }
                // Cancelled before the tasks existed: the handler found none to cancel.
                if cancelled {
                    work.cancel(); timer.cancel()
                    finish(.cancelled)
                }
            }
        } onCancel: {
            let (work, timer) = tasks.withLock { tasks in
                tasks.cancelled = true
                return (tasks.work, tasks.timer)
            }
            work?.cancel(); timer?.cancel()
            finish(.cancelled)
        }
    }
}
