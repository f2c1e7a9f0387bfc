import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import Support
import Testing

@testable import RenderService

/// The service end to end without a socket: a fixture on disk, the real pipeline without a disk cache.
@Suite struct AvatarServiceTests {
    static let sampleAvatars = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("sample-data/avatars").path

    final class Folder: Sendable {
        let root: String
        /// The fixture the service reads, its changes followed by a watcher that the test drives (`settle`).
        let fixture: ReloadingFixture

        init() throws {
            root = try FileIO.makeTemporaryDirectory(prefix: "render-service-tests")
            for name in ["alice.jpg", "bob.png"] {
                let bytes = try FileIO.readRegularFile(path: sampleAvatars + "/" + name, maxBytes: 1 << 24)
                try FileIO.writeAtomically(bytes, to: root + "/" + name)
            }
            try Self.writeFixture(
                members:
                    #"{"id": "a", "name": "Alice", "avatar": "alice.jpg"}, {"id": "b", "name": "Bob", "avatar": "bob.png"}"#,
                to: root + "/groups.json")
            fixture = ReloadingFixture(path: root + "/groups.json", quietMilliseconds: 1)
        }
        deinit { FileIO.removeTree(root) }

        var fixturePath: String { root + "/groups.json" }

        func writeFixture(members: String) throws { try Self.writeFixture(members: members, to: fixturePath) }

        static func writeFixture(members: String, to path: String) throws {
            let text = #"{"groups": [{"id": "pair", "name": "Pair", "members": [\#(members)]}]}"#
            try FileIO.writeAtomically(Array(text.utf8), to: path)
        }

        /// Waits until the fixture's watcher has reported the last change and the fixture was read again.
        func settle() {
            ReloadingFixtureTests.settle(fixture)
        }

        func service(queue: Int = 4, allowsUnsigned: Bool = true) -> AvatarService {
            let composer = GroupComposer(
                pipeline: AvatarPipeline(
                    dependencies: .live,
                    configuration: PipelineConfiguration(compositeCache: DiskCache(location: .disabled))))
            return AvatarService(
                router: Router(signer: nil, allowsUnsigned: allowsUnsigned),
                configuration: ServiceConfiguration(
                    parameters: CompositionParameters(size: 40), photoFolder: root, allowedHosts: ["img.example"]),
                composer: composer, fixture: fixture, presets: nil,
                admission: AdmissionControl(workers: 1, queueLimit: queue),
                photoWatch: PhotoWatch(quietMilliseconds: 1))
        }
    }

    private func respond(_ service: AvatarService, _ target: String, ifNoneMatch: String? = nil) async
        -> ServiceResponse
    {
        switch service.answer(method: "GET", target: target, ifNoneMatch: ifNoneMatch) {
        case .now(let response, _): return response
        case .later(_, let work): return await work()
        }
    }

    /// The work that answers `target` later, its place taken; nil, with `why` recorded, when it is answered now.
    private func laterWork(_ service: AvatarService, _ target: String, _ why: Comment)
        -> (@Sendable () async -> ServiceResponse)?
    {
        guard case .later(_, let work) = service.answer(method: "GET", target: target, ifNoneMatch: nil) else {
            Issue.record(why)
            return nil
        }
        return work
    }

    @Test func groupAvatarWithETagAnd304() async throws {
        let folder = try Folder()
        let service = folder.service()
        let first = await respond(service, "/v1/groups/pair.png?scale=2")
        #expect(first.status == 200)
        #expect(first.header("Content-Type") == "image/png")
        #expect(first.header("Cache-Control") == "public, max-age=60")
        let image = try PNGCodec.decode(first.body)
        #expect(image.width == 80)
        let tag = try #require(first.header("ETag"))
        #expect(tag.hasPrefix("\"") && tag.count == 66)

        let again = await respond(service, "/v1/groups/pair.png?scale=2", ifNoneMatch: tag)
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.header("ETag") == tag)
        // 304 is answered from the key alone: the composite was made once.
        #expect(service.composerStatistics.compositesMade == 1)

        // Another parameter, format or member photo is another tag.
        let other = await respond(service, "/v1/groups/pair.png?scale=2&margin=3")
        #expect(other.status == 200 && other.header("ETag") != tag)
        let jpeg = await respond(service, "/v1/groups/pair.jpg?scale=2")
        #expect(jpeg.header("Content-Type") == "image/jpeg" && jpeg.header("ETag") != tag)
        #expect(jpeg.body.starts(with: [0xff, 0xd8]))
        let webp = await respond(service, "/v1/groups/pair.webp?scale=2")
        #expect(webp.header("Content-Type") == "image/webp")
        #expect(Array(webp.body[8..<12]) == Array("WEBP".utf8))

        try folder.writeFixture(
            members:
                #"{"id": "a", "name": "Alice", "avatar": "bob.png"}, {"id": "b", "name": "Bob", "avatar": "bob.png"}"#)
        folder.settle()
        let changed = await respond(service, "/v1/groups/pair.png?scale=2", ifNoneMatch: tag)
        #expect(changed.status == 200)
        #expect(changed.header("ETag") != tag)
    }

    @Test func aRepeatIsAnsweredWithTheBytesAlreadyEncoded() async throws {
        let folder = try Folder()
        let service = folder.service()
        let first = await respond(service, "/v1/groups/pair.webp")
        let before = service.composerStatistics
        let second = await respond(service, "/v1/groups/pair.webp")
        #expect(second == first)
        // Not even the pipeline's memory cache was asked.
        #expect(service.composerStatistics == before)
        let metrics = await respond(service, "/metrics")
        #expect(String(decoding: metrics.body, as: UTF8.self).contains("chat_tui_encoded_cache_hits_total 1\n"))
    }

    @Test func aRepeatIsAnsweredAtOnceWhileItsPhotosAndTheFixtureAreUnchanged() async throws {
        let folder = try Folder()
        let service = folder.service()
        let target = "/v1/groups/pair.png?scale=2"
        let first = await respond(service, target)
        let tag = try #require(first.header("ETag"))
        // Answered on the calling thread: no task, no queue, not even routing.
        guard case .now(let again, let route) = service.answer(method: "GET", target: target, ifNoneMatch: nil)
        else {
            Issue.record("the repeat was not answered at once")
            return
        }
        #expect(again == first && route == "group")
        guard case .now(let notModified, _) = service.answer(method: "HEAD", target: target, ifNoneMatch: tag) else {
            Issue.record("the conditional repeat was not answered at once")
            return
        }
        #expect(notModified.status == 304 && notModified.header("ETag") == tag && notModified.body.isEmpty)

        // A photo replaced: once the watcher reports it (a kept answer costs no stat until then), the target is
        // rendered again, to another tag.
        let bob = try FileIO.readRegularFile(path: folder.root + "/bob.png", maxBytes: 1 << 24)
        try FileIO.writeAtomically(bob, to: folder.root + "/alice.jpg")
        guard case .now = service.answer(method: "GET", target: target, ifNoneMatch: nil) else {
            Issue.record("a kept answer looked at its files")
            return
        }
        Self.settle(service.photoWatch)
        guard let work = laterWork(service, target, "a changed photo was answered from the kept answer") else { return }
        let changed = await work()
        #expect(changed.status == 200 && changed.header("ETag") != tag)
        guard case .now = service.answer(method: "GET", target: target, ifNoneMatch: nil) else {
            Issue.record("the new answer was not kept")
            return
        }
        // A reload (SIGHUP: keys, presets, fixture) forgets every kept answer.
        service.reload(signer: nil, presets: nil)
        guard case .later = service.answer(method: "GET", target: target, ifNoneMatch: nil) else {
            Issue.record("a kept answer outlived a reload")
            return
        }
        // An answer with a placeholder is never kept.
        let missing = "/insecure/v1/composite.png?member=missing.png"
        #expect(await respond(service, missing).header("Cache-Control") == "no-store")
        guard case .later = service.answer(method: "GET", target: missing, ifNoneMatch: nil) else {
            Issue.record("a placeholder answer was kept")
            return
        }
    }

    /// Waits (up to 10 s) until the photo watch has reported a change.
    static func settle(_ watch: PhotoWatch) {
        let before = watch.changes
        let deadline = Date().addingTimeInterval(10)
        while watch.changes == before, Date() < deadline {
            var entry = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { continue }
            watch.handleFileChanges()
        }
    }

    @Test func withoutAWatchAKeptAnswerChecksItsFiles() async throws {
        let folder = try Folder()
        let composer = GroupComposer(
            pipeline: AvatarPipeline(
                dependencies: .live,
                configuration: PipelineConfiguration(compositeCache: DiskCache(location: .disabled))))
        let service = AvatarService(
            router: Router(signer: nil, allowsUnsigned: true),
            configuration: ServiceConfiguration(parameters: CompositionParameters(size: 40), photoFolder: folder.root),
            composer: composer, fixture: folder.fixture, presets: nil,
            admission: AdmissionControl(workers: 1, queueLimit: 4), photoWatch: PhotoWatch(watchesFiles: false))
        let target = "/v1/groups/pair.webp"
        _ = await respond(service, target)
        guard case .now = service.answer(method: "GET", target: target, ifNoneMatch: nil) else {
            Issue.record("the repeat was not answered at once")
            return
        }
        let bob = try FileIO.readRegularFile(path: folder.root + "/bob.png", maxBytes: 1 << 24)
        try FileIO.writeAtomically(bob, to: folder.root + "/alice.jpg")
        guard case .later = service.answer(method: "GET", target: target, ifNoneMatch: nil) else {
            Issue.record("a changed photo was answered from the kept answer")
            return
        }
    }

    @Test func unknownGroupsAndBadParameters() async throws {
        let folder = try Folder()
        let service = folder.service()
        #expect(await respond(service, "/v1/groups/nobody.png").status == 404)
        let bad = await respond(service, "/v1/groups/pair.png?margin=-4")
        #expect(bad.status == 400)
        #expect(String(decoding: bad.body, as: UTF8.self).contains("\"parameter\":\"margin\""))
        #expect(await respond(service, "/healthz").status == 200)
        #expect(await respond(service, "/readyz").status == 200)
        service.beginStopping()
        #expect(await respond(service, "/readyz").status == 503)
    }

    @Test func unsignedCompositesReadPhotosInsideTheFolderOnly() async throws {
        let folder = try Folder()
        let service = folder.service()
        let ok = await respond(service, "/insecure/v1/composite.png?member=alice.jpg&member=bob.png&name=A&size=30")
        #expect(ok.status == 200)
        #expect(ok.header("Cache-Control") == "public, max-age=60")
        #expect(try PNGCodec.decode(ok.body).width == 30)
        for photo in ["..%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd", "a%2F..%2Fb.png", "", "a%5Cb"] {
            #expect(await respond(service, "/insecure/v1/composite.png?member=\(photo)").status == 400)
        }
        #expect(
            await respond(service, "/insecure/v1/composite.png?member=http%3A%2F%2Fevil.example%2Fa.png").status == 403)
        // A missing photo is a placeholder, and such an answer is not kept by caches.
        let missing = await respond(service, "/insecure/v1/composite.png?member=missing.png")
        #expect(missing.status == 200)
        #expect(missing.header("Cache-Control") == "no-store")
        #expect(missing.header("ETag") == nil)
    }

    /// A gate a task waits at, cancelled or not, until it is opened (before or after the task arrives).
    final class Gate: Sendable {
        private let state = LockedState<(opened: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

        func wait() async {
            await withCheckedContinuation { continuation in
                let opened = state.withLock { state in
                    if !state.opened { state.waiter = continuation }
                    return state.opened
                }
                if opened { continuation.resume() }
            }
        }

        func open() {
            state.withLock { state in
                state.opened = true
                return state.waiter.take()
            }?.resume()
        }
    }

    /// Waits until the task is cancelled (an operation or a deadline that never ends by itself).
    private static func untilCancelled() async {
        let (stream, _) = AsyncStream<Int>.makeStream()
        for await _ in stream {}
    }

    @Test func theDeadlineAnswersWithoutWaitingForTheWork() async {
        let now: @Sendable () async -> Void = {}
        let never: @Sendable () async -> Void = { await Self.untilCancelled() }
        // Work that ignores cancellation until the test opens its gate: the answer must not wait for it.
        let gate = Gate()
        let answer = await AvatarService.race(deadline: now) {
            await gate.wait()
            return ServiceResponse(status: 200, headers: [], body: [])
        }
        #expect(answer == .deadline)
        gate.open()
        let finished = await AvatarService.race(deadline: never) {
            ServiceResponse(status: 200, headers: [], body: [1])
        }
        #expect(finished == .finished(ServiceResponse(status: 200, headers: [], body: [1])))
    }

    @Test func aCancelledRequestAnswersAtOnceAndCancelsItsWork() async {
        let never: @Sendable () async -> Void = { await Self.untilCancelled() }
        // Work that ends only when cancelled, and says so through the gate.
        let stopped = Gate()
        let started = Gate()
        let request = Task {
            await AvatarService.race(deadline: never) {
                started.open()
                await Self.untilCancelled()
                stopped.open()
                return ServiceResponse(status: 200, headers: [], body: [])
            }
        }
        await started.wait()
        request.cancel()
        #expect(await request.value == .cancelled)
        await stopped.wait()

        // Cancelled before it began: the work is cancelled as it starts.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await AvatarService.race(deadline: never) {
                await Self.untilCancelled()
                return ServiceResponse(status: 200, headers: [], body: [])
            }
        }
        #expect(await early.value == .cancelled)
    }

    @Test func aRequestWhoseClientWentAwayIsCountedAndGivesBackItsPlace() async throws {
        let folder = try Folder()
        let service = folder.service(queue: 0)
        guard let work = laterWork(service, "/v1/groups/pair.png", "expected work") else { return }
        // As HTTPServer does when the client hangs up: the task making the answer is cancelled.
        let request = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await work()
        }
        let response = await request.value
        #expect(response.status == 503)
        #expect(service.admission.counts.inFlight == 0)
        let metrics = String(decoding: await respond(service, "/metrics").body, as: UTF8.self)
        #expect(metrics.contains("chat_tui_cancelled_total 1\n"))
        #expect(service.composerStatistics.compositesMade == 0)
        _ = laterWork(service, "/v1/groups/pair.png", "the place was not given back")
    }

    @Test func beyondTheQueueIsRefusedAtOnce() async throws {
        let folder = try Folder()
        let service = folder.service(queue: 0)
        // One worker, no queue: while one request holds its place, the next is 503 without any work.
        guard let work = laterWork(service, "/v1/groups/pair.png", "expected work") else { return }
        guard case .now(let refused, _) = service.answer(method: "GET", target: "/v1/groups/pair.png", ifNoneMatch: nil)
        else {
            Issue.record("expected a refusal")
            return
        }
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        #expect(await work().status == 200)
        // (Another target: a repeat of the first would be answered from the kept answer, without a place.)
        guard case .later = service.answer(method: "GET", target: "/v1/groups/pair.png?margin=1", ifNoneMatch: nil)
        else {
            Issue.record("the place was not given back")
            return
        }
    }
}
