import Foundation
import GroupExport
import GroupIcon
import Support
import Testing

@testable import RenderService

/// Parameters from a query, entity tags, error bodies, metrics text, the queue and the access log.
@Suite struct ResponseTests {
    private func resolveError(_ items: [QueryItem], format: OutputFormat = .png, members: Int = 4) -> ServiceError? {
        do throws(ServiceError) {
            _ = try ImageParameters.resolve(
                items, base: CompositionParameters(), presets: nil, format: format, memberCount: members)
            return nil
        } catch { return error }
    }

    @Test func queryParametersAreTheCLIOptions() throws {
        let (parameters, encoding) = try ImageParameters.resolve(
            [
                QueryItem("scale", "2"), QueryItem("corner-radius", "10"), QueryItem("layout", "grid"),
                QueryItem("quality", "70"),
            ],
            base: CompositionParameters(), presets: nil, format: .jpeg, memberCount: 4)
        #expect(parameters.scale == 2)
        #expect(parameters.cornerRadius == 10)
        #expect(parameters.layout.rawValue == "grid")
        #expect(encoding == OutputEncoding(format: .jpeg, quality: 70))
    }

    @Test func refusalsNameTheParameterAndItsLimit() throws {
        let margin = try #require(resolveError([QueryItem("margin", "-1")]))
        guard case .badParameter(let parameter, let message) = margin else { Issue.record("\(margin)"); return }
        #expect(parameter == "margin")
        #expect(message.contains("got '-1'") && message.contains("0"))
        #expect(margin.status == 400)
        #expect(resolveError([QueryItem("scale", "9")]).map { "\($0)" }?.contains("scale") == true)
        let unknown = try #require(resolveError([QueryItem("margn", "1")]))
        #expect(unknown.message.contains("did you mean \"margin\""))
        #expect(resolveError([QueryItem("quality", "80")])?.message.contains("PNG has no quality") == true)
        #expect(resolveError([QueryItem("quality", "0")], format: .webp)?.message.contains("1 to 100") == true)
        #expect(resolveError([QueryItem("scale", "2"), QueryItem("scale", "3")])?.message == "scale: given twice")
        #expect(resolveError([QueryItem("preset", "x")])?.status == 400)
        // The canvas limit comes from CompositionLimits: 4096 px per side.
        let pixels = try #require(resolveError([QueryItem("size", "2000"), QueryItem("scale", "3")]))
        #expect(pixels.message.contains("4096"))
    }

    @Test func presetsApplyBeforeTheOtherParameters() throws {
        var presets = PresetFile(path: "/nonexistent/presets.json")
        var saved = CompositionParameters()
        saved.margin = 8
        saved.scale = 3
        presets.save(saved, as: "wide")
        let (parameters, _) = try ImageParameters.resolve(
            [QueryItem("scale", "2"), QueryItem("preset", "wide")], base: CompositionParameters(), presets: presets,
            format: .png, memberCount: 3)
        #expect(parameters.margin == 8)
        #expect(parameters.scale == 2)
    }

    @Test func entityTagsMatchAsRFC9110Says() {
        let tag = EntityTag(record: "sha256:abc123")
        #expect(tag.quoted == "\"abc123\"")
        #expect(tag.matches(ifNoneMatch: "\"abc123\""))
        #expect(tag.matches(ifNoneMatch: "\"x\", W/\"abc123\""))
        #expect(tag.matches(ifNoneMatch: " * "))
        #expect(!tag.matches(ifNoneMatch: "abc123"))
        #expect(!tag.matches(ifNoneMatch: "\"abc1234\""))
        #expect(!tag.matches(ifNoneMatch: ""))
    }

    @Test func errorsAreJSONWithTheirHeaders() throws {
        let bad = ServiceError.badParameter(parameter: "margin", message: "expected 0 to 33, got '-1'").response
        #expect(bad.status == 400)
        #expect(bad.header("content-type") == "application/json")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(bad.body)) as? [String: [String: Any]])
        #expect(object["error"]?["parameter"] as? String == "margin")
        #expect(object["error"]?["status"] as? Int == 400)
        #expect(object["error"]?["message"] as? String == "margin: expected 0 to 33, got '-1'")
        #expect(ServiceError.unavailable("busy", retryAfter: 2).response.header("Retry-After") == "2")
        #expect(ServiceError.methodNotAllowed(method: "PUT").response.header("Allow") == "GET, HEAD")
        #expect(ServiceError.forbidden("no").status == 403)
        #expect(ServiceError.notFound("no").status == 404)
        #expect(ServiceError.contentTooLarge.status == 413)
        #expect(ServiceError.targetTooLong(length: 9, limit: 8).status == 414)
        // Text from the request is escaped: a control character never reaches a log or terminal raw.
        let hostile = ServiceError.notFound("a\u{1b}[2Jb").response
        #expect(!hostile.body.contains(0x1b))
    }

    @Test func metricsText() {
        let metrics = ServiceMetrics()
        metrics.record(route: "group", status: 200, seconds: 0.004)
        metrics.record(route: "group", status: 200, seconds: 0.2)
        metrics.record(route: "group", status: 304, seconds: 20)
        metrics.record(route: "healthz", status: 200, seconds: 0.0001)
        let text = ServiceMetrics.prometheusText(
            metrics.snapshot,
            samples: [MetricSample(name: "chat_tui_queued", help: "Waiting.", kind: .gauge, value: 3)])
        let lines = Set(text.split(separator: "\n").map(String.init))
        #expect(lines.contains("chat_tui_requests_total{route=\"group\",status=\"200\"} 2"))
        #expect(lines.contains("chat_tui_requests_total{route=\"group\",status=\"304\"} 1"))
        #expect(lines.contains("chat_tui_requests_total{route=\"healthz\",status=\"200\"} 1"))
        #expect(lines.contains("chat_tui_request_duration_seconds_bucket{le=\"0.001\"} 1"))
        #expect(lines.contains("chat_tui_request_duration_seconds_bucket{le=\"0.005\"} 2"))
        #expect(lines.contains("chat_tui_request_duration_seconds_bucket{le=\"10.0\"} 3"))
        #expect(lines.contains("chat_tui_request_duration_seconds_bucket{le=\"+Inf\"} 4"))
        #expect(lines.contains("chat_tui_request_duration_seconds_count 4"))
        #expect(lines.contains("# TYPE chat_tui_queued gauge"))
        #expect(lines.contains("chat_tui_queued 3"))
        #expect(text.hasSuffix("\n"))
    }

    @Test func admissionIsBoundedByWorkersAndQueue() async {
        let admission = AdmissionControl(workers: 2, queueLimit: 1)
        #expect(admission.admit() && admission.admit() && admission.admit())
        #expect(!admission.admit())
        #expect(admission.counts.inFlight == 3)
        admission.leave()
        #expect(admission.admit())
        let value = await admission.run { 7 }
        #expect(value == 7)
        #expect(admission.counts.queued == 0)
    }

    @Test func encodedCacheKeepsTheMostRecentlyUsedWithinItsBudget() {
        let cache = EncodedCache(byteLimit: 400)
        cache.store([UInt8](repeating: 1, count: 100), for: "a")
        cache.store([UInt8](repeating: 2, count: 100), for: "b")
        cache.store([UInt8](repeating: 3, count: 100), for: "c")
        #expect(cache.bytes(for: "a")?.first == 1)  // now the most recent
        cache.store([UInt8](repeating: 4, count: 100), for: "d")
        cache.store([UInt8](repeating: 5, count: 100), for: "e")  // 500 bytes: b, the least recent, goes
        #expect(cache.bytes(for: "b") == nil)
        #expect(cache.bytes(for: "a") != nil && cache.bytes(for: "e") != nil)
        #expect(cache.counts.bytes == 400 && cache.counts.entries == 4)
        cache.store([UInt8](repeating: 6, count: 101), for: "big")  // over a quarter of the budget
        #expect(cache.bytes(for: "big") == nil)
        let none = EncodedCache(byteLimit: 0)
        none.store([1], for: "x")
        #expect(none.bytes(for: "x") == nil)
    }

    @Test func accessLogLineIsOneJSONObject() throws {
        let entry = AccessLogEntry(
            time: 1_700_000_000.5, method: "GET", target: "/v1/groups/a\u{7}b.png?\"x\"", route: "group",
            status: 200, bytes: 1234, seconds: 0.0125)
        let line = entry.line
        #expect(!line.contains("\n") && !line.utf8.contains(7))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["status"] as? Int == 200)
        #expect(object["bytes"] as? Int == 1234)
        #expect(object["ms"] as? Double == 12.5)
        #expect(object["route"] as? String == "group")
        #expect(object["target"] as? String == "/v1/groups/a\u{7}b.png?\"x\"")
        // The plain case, written without JSONWriter, is what JSONWriter would write.
        let plain = AccessLogEntry(
            time: 1_700_000_000.25, method: "HEAD", target: "/s1G/v1/composite.png?member=a%2Fb.png&x=1<2>~'",
            route: "composite", status: 304, bytes: 0, seconds: 0.0004)
        #expect(plain.line == JSONWriter.text(plain.object))
        #expect(entry.line == JSONWriter.text(entry.object))
        let long = AccessLogEntry(
            time: 0, method: "GET", target: String(repeating: "a", count: 5000), route: "other", status: 414,
            bytes: 0, seconds: 0)
        #expect(long.line.utf8.count < 1200)
    }
}
