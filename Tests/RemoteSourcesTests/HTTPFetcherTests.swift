import Foundation
import GroupIcon
import Testing

@testable import RemoteSources

/// The fetcher against the local test server: every outcome the issue lists, connection limits and reuse,
/// cancellation. Each test starts its own server, so counts are never shared.
@Suite struct HTTPFetcherTests {
    private func fetcher(_ configuration: HTTPFetcherConfiguration = HTTPFetcherConfiguration()) throws -> HTTPFetcher {
        try HTTPFetcher(configuration: configuration)
    }

    private func error(_ url: String, _ fetcher: HTTPFetcher, validators: HTTPValidators = HTTPValidators())
        async -> FetchError?
    {
        do {
            _ = try await fetcher.fetch(HTTPRequest(url: url, validators: validators))
            return nil
        } catch {
            return error
        }
    }

    @Test func libcurlSupportsHTTPAndHTTPS() {
        let capabilities = HTTPFetcher.capabilities
        #expect(!capabilities.version.isEmpty && capabilities.version != "unknown")
        #expect(capabilities.protocols.contains("http"))
        #expect(capabilities.supportsHTTPS, "libcurl without TLS: \(capabilities.summary)")
        #expect(capabilities.summary.hasPrefix("libcurl \(capabilities.version)"))
    }

    @Test func fetchesPhotosWithTheirHeaders() async throws {
        try await withHTTPTestServer { server in
            let fetcher = try fetcher()
            let jpeg = try await fetcher.fetch(HTTPRequest(url: server.url("/photos/a.jpg?max-age=120")))
            let png = try await fetcher.fetch(HTTPRequest(url: server.url("/photos/b.png")))
            let expectedJPEG = try [UInt8](Data(contentsOf: #require(HTTPTestServer.jpegFile)))
            let expectedPNG = try [UInt8](Data(contentsOf: #require(HTTPTestServer.pngFile)))
            #expect(jpeg.body == .content(expectedJPEG))
            #expect(png.body == .content(expectedPNG))
            #expect(jpeg.statusCode == 200)
            #expect(jpeg.metadata.contentType == "image/jpeg")
            #expect(jpeg.metadata.cacheControl == CacheControl(maxAge: 120))
            #expect(png.metadata.cacheControl == CacheControl())
            // The Python server speaks HTTP/1.1 only (no TLS, so no HTTP/2 negotiation).
            #expect(jpeg.httpVersion == .http11)
            let stats = try await server.stats()
            #expect(stats.userAgent.hasPrefix("chat-tui (libcurl/"))
        }
    }

    @Test func sequentialRequestsReuseTheKeptAliveConnection() async throws {
        try await withHTTPTestServer { server in
            let fetcher = try fetcher()
            let first = try await fetcher.fetch(HTTPRequest(url: server.url("/photos/1.jpg")))
            let second = try await fetcher.fetch(HTTPRequest(url: server.url("/photos/2.jpg")))
            let third = try await fetcher.fetch(HTTPRequest(url: server.url("/photos/3.png")))
            #expect(first.newConnections == 1)
            #expect(second.newConnections == 0)
            #expect(third.newConnections == 0)
            #expect(try await server.stats().connections == 1)
        }
    }

    @Test(arguments: [(2, 10), (10, 3)])
    func concurrentRequestsStayWithinTheConnectionLimits(perHost: Int, total: Int) async throws {
        try await withHTTPTestServer { server in
            let fetcher = try fetcher(
                HTTPFetcherConfiguration(
                    maximumConnectionsPerHost: perHost,
                    maximumConnections: total))
            let codes = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        try await fetcher.fetch(HTTPRequest(url: server.url("/slow?seconds=0.2&n=\(index)"))).statusCode
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(codes == Array(repeating: 200, count: 12))
            let stats = try await server.stats()
            // The limit is reached (12 slow requests queue up) and never exceeded; queued requests reuse the
            // connections instead of opening new ones.
            #expect(stats.maxOpenConnections == min(perHost, total))
            #expect(stats.connections == min(perHost, total))
        }
    }

    @Test func requestsQueuedBehindABusyHostDoNotTimeOutWhileWaiting() async throws {
        try await withHTTPTestServer { server in
            // One connection, eight 0.3 s responses: 2.4 s in all, but each transfer alone takes 0.3 s of its 1.5 s.
            let fetcher = try fetcher(HTTPFetcherConfiguration(maximumConnectionsPerHost: 1, totalTimeout: 1.5))
            let codes = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await fetcher.fetch(HTTPRequest(url: server.url("/slow?seconds=0.3&n=\(index)"))).statusCode
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(codes == Array(repeating: 200, count: 8))
            #expect(try await server.stats().maxOpenConnections == 1)
        }
    }

    /// The issue's case scaled down: more requests than the host's connections, behind answers slower than the
    /// connect timeout. A transfer's timeouts start when it is sent, so the queued ones do not fail: before,
    /// they waited inside libcurl for the first answer (to see whether it could multiplex) with their connect
    /// timeout running, and failed with "no connection within 1 s".
    @Test func transfersWaitingForAConnectionDoNotTimeOut() async throws {
        try await withHTTPTestServer { server in
            let fetcher = try fetcher(
                HTTPFetcherConfiguration(
                    maximumConnectionsPerHost: 6, connectTimeout: 1,
                    totalTimeout: 600))
            let requests = Task {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<8 {
                        group.addTask {
                            try await fetcher.fetch(HTTPRequest(url: server.url("/gated/queued-\(index).jpg")))
                                .statusCode
                        }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
            }
            // Six answers are held; the two other requests wait for a connection longer than the connect timeout.
            _ = try await server.stats { $0.totalRequests >= 6 }
            try await Task.sleep(nanoseconds: 2_000_000_000)
            try await server.openGate()
            #expect(try await requests.value == Array(repeating: 200, count: 8))
            #expect(try await server.stats().maxOpenConnections == 6)
        }
    }

    /// The issue's case: an answer that is not HTTP was reported as a redirect to a disallowed scheme.
    /// A fetcher that refuses private addresses never connects to the loopback server, whose address libcurl
    /// resolves from the URL; the same URL is fetched by a default fetcher.
    @Test func privateAddressesAreRefusedWhenAsked() async throws {
        try await withHTTPTestServer { server in
            let url = server.url("/photos/a.jpg")
            let refusing = try fetcher(HTTPFetcherConfiguration(refusesPrivateAddresses: true))
            #expect(await error(url, refusing) != nil)
            #expect(try await fetcher().fetch(HTTPRequest(url: url)).statusCode == 200)
            #expect(try await server.stats().totalRequests == 1)
        }
    }

    @Test func anAnswerThatIsNotHTTPIsNamedSo() async throws {
        try await withHTTPTestServer { server in
            let url = server.url("/garbage")
            let failure = await error(url, try fetcher())
            guard case .invalidResponse(let shown, _)? = failure else {
                Issue.record("expected an invalid response, got \(String(describing: failure))")
                return
            }
            #expect(shown == RedactedURL(url))
            #expect(failure?.description.contains("is not usable HTTP") == true)
            #expect(failure?.description.contains("redirect") == false)
        }
    }

    /// An https:// URL to a plain-HTTP port was reported as "check the server's certificate".
    @Test func httpsToAPlainHTTPPortAsksAboutTheScheme() async throws {
        try await withHTTPTestServer { server in
            let url = server.url("/photo.png").replacingOccurrences(of: "http://", with: "https://")
            let failure = await error(url, try fetcher())
            guard case .handshakeFailed(let shown, _)? = failure else {
                Issue.record("expected a failed handshake, got \(String(describing: failure))")
                return
            }
            #expect(shown == RedactedURL(url))
            #expect(failure?.description.contains("plain http://") == true)
            #expect(failure?.description.contains("certificate") == false)
        }
    }

    @Test func httpErrorsAreReportedWithTheirStatus() async throws {
        try await withHTTPTestServer { server in
            let fetcher = try fetcher()
            #expect(
                await error(server.url("/status/404"), fetcher)
                    == .httpStatus(RedactedURL(server.url("/status/404")), code: 404))
            let serverError = await error(server.url("/status/500"), fetcher)
            #expect(serverError == .httpStatus(RedactedURL(server.url("/status/500")), code: 500))
            #expect(serverError?.description.contains("HTTP 500 (a server error); try again later") == true)
        }
    }

    @Test func slowResponsesTimeOut() async throws {
        try await withHTTPTestServer { server in
            // Generous enough for the first request on a loaded machine (sanitizers, parallel tests).
            let fetcher = try fetcher(HTTPFetcherConfiguration(totalTimeout: 2.5))
            // The slow request reuses this one's connection: still a timeout of the transfer, not of connecting.
            _ = try await fetcher.fetch(HTTPRequest(url: server.url("/photos/a.jpg")))
            let url = server.url("/slow?seconds=10")
            let failure = await error(url, fetcher)
            #expect(failure == .timedOut(RedactedURL(url), phase: .total, seconds: 2.5))
            #expect(failure?.description.contains("took longer than 2.5 s") == true)
        }
    }

    @Test func redirectsMayBeKeptOnTheURLsHost() async throws {
        try await withHTTPTestServer { server in
            var configuration = HTTPFetcherConfiguration(maximumRedirects: 3)
            configuration.redirectsStayOnHost = true
            let staying = try fetcher(configuration)
            // On the same host: followed, up to the limit.
            let followed = try await staying.fetch(HTTPRequest(url: server.url("/redirect/2")))
            #expect(followed.redirectCount == 2)
            #expect(
                await error(server.url("/redirect/4"), staying)
                    == .tooManyRedirects(RedactedURL(server.url("/redirect/4")), limit: 3))
            // The same server under another name, and another port: refused before any request is sent there.
            for target in ["http://localhost:\(server.port)/photos/a.jpg", "http://127.0.0.1:1/photos/a.jpg"] {
                let escaped = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                let url = server.url("/redirect-to?url=\(escaped)")
                #expect(
                    await error(url, staying) == .redirectToAnotherHost(RedactedURL(url), target: RedactedURL(target)))
            }
            #expect(try await server.stats().requests("/photos/a.jpg") == 0)
            // Without the rule, the other name is followed.
            let open = try fetcher(HTTPFetcherConfiguration(maximumRedirects: 3))
            let elsewhere =
                "http://localhost:\(server.port)/photos/a.jpg".addingPercentEncoding(
                    withAllowedCharacters: .alphanumerics) ?? ""
            #expect(
                try await open.fetch(HTTPRequest(url: server.url("/redirect-to?url=\(elsewhere)"))).statusCode == 200)
        }
    }

    @Test func redirectsAreFollowedUpToTheLimit() async throws {
        try await withHTTPTestServer { server in
            let fetcher = try fetcher(HTTPFetcherConfiguration(maximumRedirects: 3))
            let followed = try await fetcher.fetch(HTTPRequest(url: server.url("/redirect/3")))
            #expect(followed.redirectCount == 3)
            #expect(followed.statusCode == 200)
            #expect(
                await error(server.url("/redirect/4"), fetcher)
                    == .tooManyRedirects(RedactedURL(server.url("/redirect/4")), limit: 3))
            #expect(
                await error(server.url("/loop"), fetcher)
                    == .tooManyRedirects(RedactedURL(server.url("/loop")), limit: 3))
            // The loop is cut after the limit: the first request and three redirects.
            #expect(try await server.stats().requests("/loop") == 4)
        }
    }

    @Test func onlyHTTPAndHTTPSAreEverRequested() async throws {
        try await withHTTPTestServer { server in
            let fetcher = try fetcher()
            let redirect = await error(server.url("/to-file"), fetcher)
            guard case .redirectToDisallowedScheme(let url, let target) = redirect else {
                Issue.record("expected a refused redirect, got \(String(describing: redirect))")
                return
            }
            #expect(url == RedactedURL(server.url("/to-file")))
            #expect(target?.description == "file:///etc/passwd")
            for address in [
                "file:///etc/passwd", "ftp://127.0.0.1/a.jpg", "gopher://127.0.0.1/", "/etc/passwd",
                "avatars/alice.jpg", "",
            ] {
                #expect(await error(address, fetcher) == .unsupportedScheme(RedactedURL(address)))
            }
            #expect(
                await error("http://127.0.0.1:\(server.port)/a\u{0}.jpg", fetcher)
                    == .malformedURL(RedactedURL("http://127.0.0.1:\(server.port)/a\u{0}.jpg")))
            let stats = try await server.stats()
            #expect(stats.totalRequests == 1)
        }
    }

    @Test func aWrongContentTypeIsRecordedNotRejected() async throws {
        try await withHTTPTestServer { server in
            let response = try await fetcher().fetch(HTTPRequest(url: server.url("/wrong-type")))
            #expect(response.metadata.contentType == "text/plain")
            guard case .content(let bytes) = response.body else {
                Issue.record("no body")
                return
            }
            #expect(ImageDecoder.sniff(bytes) == .jpeg)
            let image = try ImageDecoder.decode(bytes, minimumSide: nil)
            #expect(image.width == 256 && image.height == 192)
        }
    }

    @Test func bodiesOverTheCapAreAbortedWithOrWithoutContentLength() async throws {
        try await withHTTPTestServer { server in
            let limit = 64 * 1024
            let fetcher = try fetcher(HTTPFetcherConfiguration(maximumBodyBytes: limit))
            let exact = try await fetcher.fetch(HTTPRequest(url: server.url("/big?bytes=\(limit)")))
            #expect(exact.body == .content([UInt8](repeating: 0xAB, count: limit)))
            // 32 MB: far more than socket buffers hold, so the server sees the client hang up mid-body.
            for path in ["/big", "/big-chunked"] {
                let url = server.url("\(path)?bytes=\(32 << 20)")
                let failure = await error(url, fetcher)
                #expect(failure == .tooLarge(RedactedURL(url), limit: limit))
                #expect(failure?.description.contains("larger than the 64 KiB limit") == true)
            }
            let stats = try await server.stats { $0.aborted["/big-chunked"] != nil }
            #expect(stats.aborted["/big-chunked"] == 1)
        }
    }

    @Test func aTruncatedBodyIsAnError() async throws {
        try await withHTTPTestServer { server in
            let url = server.url("/truncated")
            let failure = await error(url, try fetcher())
            #expect(failure == .truncated(RedactedURL(url), received: 1000, expected: 4000))
        }
    }

    @Test func conditionalRequestsAnswer304AsNotModified() async throws {
        try await withHTTPTestServer { server in
            let fetcher = try fetcher()
            let first = try await fetcher.fetch(HTTPRequest(url: server.url("/etag")))
            #expect(first.metadata.validators == HTTPValidators(entityTag: "\"v1\""))
            let again = try await fetcher.fetch(
                HTTPRequest(url: server.url("/etag"), validators: first.metadata.validators))
            #expect(again.body == .notModified)
            #expect(again.statusCode == 304)

            let dated = try await fetcher.fetch(HTTPRequest(url: server.url("/last-modified")))
            #expect(dated.metadata.validators.lastModified == "Tue, 03 Nov 2026 10:00:00 GMT")
            #expect(dated.metadata.validators.entityTag == nil)
            let datedAgain = try await fetcher.fetch(
                HTTPRequest(
                    url: server.url("/last-modified"),
                    validators: dated.metadata.validators))
            #expect(datedAgain.body == .notModified)

            let stale = try await fetcher.fetch(
                HTTPRequest(
                    url: server.url("/etag"),
                    validators: HTTPValidators(entityTag: "\"v0\"")))
            #expect(stale.statusCode == 200)
            let stats = try await server.stats()
            #expect(stats.statuses("/etag", 304) == 1 && stats.statuses("/last-modified", 304) == 1)
            #expect(stats.statuses("/etag", 200) == 2 && stats.conditional["/etag"] == 2)
        }
    }

    @Test func anUnrequested304IsAnError() async throws {
        try await withHTTPTestServer { server in
            let url = server.url("/status/304")
            let fetcher = try fetcher()
            #expect(await error(url, fetcher) == .httpStatus(RedactedURL(url), code: 304))
        }
    }

    @Test func connectionFailuresNameTheProblem() async throws {
        try await withHTTPTestServer { server in
            let url = "http://127.0.0.1:\(server.closedPort)/a.jpg"
            let failure = await error(url, try fetcher())
            guard case .connectionFailed(let shown, _) = failure else {
                Issue.record("expected a connection failure, got \(String(describing: failure))")
                return
            }
            #expect(shown == RedactedURL(url))
        }
    }

    /// The issue's case scaled down: requests to a server that accepts and never answers each waited out the
    /// whole timeout, one connection's worth at a time. With a host failure lifetime the first timeout fails
    /// the requests waiting behind it and later ones at once, naming the earlier failure.
    @Test func aHostThatNeverAnswersFailsItsOtherRequestsAtOnce() async throws {
        try await withHTTPTestServer { server in
            let fetcher = try fetcher(
                HTTPFetcherConfiguration(
                    maximumConnectionsPerHost: 1, totalTimeout: 1,
                    hostFailureLifetime: .infinity))
            let urls = (0..<4).map { server.url("/gated/hole-\($0).jpg") }
            let failures = await withTaskGroup(of: FetchError?.self) { group in
                for url in urls { group.addTask { await self.error(url, fetcher) } }
                return await group.reduce(into: [FetchError?]()) { $0.append($1) }
            }
            let timeouts = failures.filter { if case .timedOut(_, .total, 1)? = $0 { true } else { false } }
            let skipped = failures.compactMap { failure -> FetchError? in
                guard case .hostFailedEarlier(_, let host, let cause)? = failure else { return nil }
                #expect(host == "http://127.0.0.1:\(server.port)")
                return cause
            }
            #expect(timeouts.count == 1 && skipped.count == 3, "\(failures)")
            #expect(skipped.allSatisfy { $0 == timeouts[0] })
            let later = server.url("/photos/a.jpg")
            guard case .hostFailedEarlier(let shown, _, _)? = await error(later, fetcher) else {
                Issue.record("a later request to the host was sent")
                return
            }
            #expect(shown == RedactedURL(later))
            #expect(try await server.stats().requests("/photos/a.jpg") == 0)
            // Other hosts (here: the same address on another port) are asked as usual.
            let other = "http://127.0.0.1:\(server.closedPort)/a.jpg"
            guard case .connectionFailed? = await error(other, fetcher) else {
                Issue.record("another host was not asked")
                return
            }
            try await server.openGate()
        }
    }

    @Test func withoutAHostFailureLifetimeEveryRequestIsSent() async throws {
        try await withHTTPTestServer { server in
            let fetcher = try fetcher()
            let url = "http://127.0.0.1:\(server.closedPort)/a.jpg"
            for _ in 0..<2 {
                guard case .connectionFailed? = await error(url, fetcher) else {
                    Issue.record("expected a connection failure each time")
                    return
                }
            }
        }
    }

    @Test func unresolvableHostsAreNamed() async throws {
        // ".invalid" never resolves (RFC 6761), so this needs no network.
        let url = "http://alice:pw@photos.nonexistent.invalid/a.jpg"
        let fetcher = try fetcher(HTTPFetcherConfiguration(connectTimeout: 5))
        let failure = await error(url, fetcher)
        #expect(failure == .hostNotFound(RedactedURL(url), host: "photos.nonexistent.invalid"))
        #expect(
            failure?.description == "http://***@photos.nonexistent.invalid/a.jpg: the host "
                + "photos.nonexistent.invalid could not be found; check the address and the network")
    }

    @Test func cancellingATaskRemovesItsTransfer() async throws {
        try await withHTTPTestServer { server in
            // A long total timeout: on a loaded machine the wait below can take longer than the default 30 s, and
            // only the cancellation may end this transfer.
            let fetcher = try fetcher(HTTPFetcherConfiguration(totalTimeout: 600))
            // The answer waits for the gate, which opens only after the cancellation.
            let url = server.url("/gated/cancelled.jpg")
            let task = Task { try await fetcher.fetch(HTTPRequest(url: url)) }
            // Cancel once the server has the request, so the transfer is surely running in libcurl.
            _ = try await server.stats { $0.requests("/gated/cancelled.jpg") == 1 }
            task.cancel()
            let result = await task.result
            #expect(throws: FetchError.cancelled(RedactedURL(url))) { try result.get() }
            #expect(fetcher.unfinishedTransferCount == 0)
            try await server.openGate()
            // The fetcher still works afterwards.
            #expect(try await fetcher.fetch(HTTPRequest(url: server.url("/photos/a.png"))).statusCode == 200)
        }
    }

    @Test func aTaskCancelledBeforeItsFetchNeverReachesTheServer() async throws {
        try await withHTTPTestServer { server in
            let fetcher = try fetcher()
            let url = server.url("/photos/never.jpg")
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await fetcher.fetch(HTTPRequest(url: url))
            }
            await #expect(throws: FetchError.cancelled(RedactedURL(url))) { try await task.value }
            #expect(try await server.stats().requests("/photos/never.jpg") == 0)
        }
    }

    @Test func credentialsInURLsNeverAppearInErrors() async throws {
        try await withHTTPTestServer { server in
            let url = "http://alice:s3cret@127.0.0.1:\(server.port)/status/404?token=t0ps3cret"
            let failure = try #require(await error(url, try fetcher()))
            #expect(!failure.description.contains("s3cret"))
            #expect(!failure.description.contains("t0ps3cret"))
            #expect(failure.description.hasPrefix("http://***@127.0.0.1:\(server.port)/status/404?token=***: "))
        }
    }
}
