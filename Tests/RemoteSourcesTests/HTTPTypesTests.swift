import GroupIcon
import Testing

@testable import RemoteSources

@Suite struct HTTPTypesTests {
    @Test(arguments: [
        ("max-age=3600", CacheControl(maxAge: 3600)),
        ("public, MAX-AGE=\"60\"", CacheControl(maxAge: 60)),
        ("no-cache", CacheControl(noCache: true)),
        ("no-store, max-age=0", CacheControl(maxAge: 0, noStore: true)),
        ("max-age=100, max-age=10", CacheControl(maxAge: 10)),
        ("max-age=-5, max-age=abc, max-age=", CacheControl()),
        ("max-age=99999999999999999999999", CacheControl(maxAge: Int(Int32.max))),
        ("private,  no-cache , immutable", CacheControl(noCache: true)),
        ("", CacheControl()),
    ])
    func parsesCacheControl(header: String, expected: CacheControl) {
        #expect(CacheControl(headerValue: header) == expected)
    }

    @Test func validatorsThatCouldSplitAHeaderAreDropped() {
        #expect(HTTPValidators(entityTag: " \"abc\" ").entityTag == "\"abc\"")
        #expect(HTTPValidators(entityTag: "\"a\"\r\nX-Injected: 1").entityTag == nil)
        #expect(HTTPValidators(lastModified: "Tue\u{0}").lastModified == nil)
        #expect(HTTPValidators(entityTag: String(repeating: "a", count: 2000)).isEmpty)
        #expect(HTTPValidators(entityTag: "", lastModified: "  ").isEmpty)
    }

    @Test func headerCollectorKeepsTheLastResponsesHeaders() {
        var collector = ResponseHeaderCollector()
        func add(_ line: String) {
            Array(line.utf8).withUnsafeBytes { collector.add(line: $0) }
        }
        add("HTTP/1.1 302 Found\r\n")
        add("ETag: \"redirect\"\r\n")
        add("Cache-Control: no-store\r\n")
        add("HTTP/2 200\r\n")
        add("etag: \"final\"\r\n")
        add("Last-Modified: Tue, 03 Nov 2026 10:00:00 GMT\r\n")
        add("cache-control: public\r\n")
        add("Cache-Control:max-age=30\r\n")
        add("Content-Type: image/jpeg\u{1B}[31m\r\n")
        add("X-Other: ignored\r\n")
        add("\r\n")
        let metadata = collector.metadata
        #expect(
            metadata.validators
                == HTTPValidators(
                    entityTag: "\"final\"",
                    lastModified: "Tue, 03 Nov 2026 10:00:00 GMT"))
        #expect(metadata.cacheControl == CacheControl(maxAge: 30))
        #expect(metadata.contentType == "image/jpeg%1B[31m")
    }
}
