import GroupIcon
import Testing

@testable import RemoteSources

@Suite struct RedactedURLTests {
    @Test(arguments: [
        ("https://example.com/photos/a.jpg", "https://example.com/photos/a.jpg", "example.com"),
        ("https://alice:s3cret@example.com/a.jpg", "https://***@example.com/a.jpg", "example.com"),
        ("http://token@example.com:8080/a.jpg", "http://***@example.com:8080/a.jpg", "example.com"),
        // The last "@" ends the userinfo, so a password holding "@" is masked whole.
        ("https://bob:p@ss@host/x", "https://***@host/x", "host"),
        (
            "https://cdn.example.com/a.jpg?size=200&token=abc123", "https://cdn.example.com/a.jpg?size=***&token=***",
            "cdn.example.com"
        ),
        ("https://example.com/a.jpg?abc123secret", "https://example.com/a.jpg?***", "example.com"),
        ("https://example.com/a.jpg#access_token=xyz", "https://example.com/a.jpg#***", "example.com"),
        ("https://u:p@[::1]:8443/a.png?k=v#f", "https://***@[::1]:8443/a.png?k=***#***", "[::1]"),
        ("HTTPS://EXAMPLE.com?", "HTTPS://EXAMPLE.com?", "EXAMPLE.com"),
        // Not URLs at all still lose what looks like credentials.
        ("user:pw@host/path", "***@host/path", "host"),
        ("avatars/alice.jpg", "avatars/alice.jpg", "avatars"),
        ("", "", ""),
    ])
    func masksCredentialsQueryValuesAndFragments(url: String, shown: String, host: String) {
        let redacted = RedactedURL(url)
        #expect(redacted.description == shown)
        #expect(redacted.host == host)
        #expect("\(redacted)" == shown)
    }

    @Test func escapesControlCharactersAndBidiOverrides() {
        let redacted = RedactedURL("https://example.com/a\u{1B}[2Jb\nc\u{7F}\u{9B}d\u{202E}e.jpg")
        #expect(redacted.description == "https://example.com/a%1B[2Jb%0Ac%7F%C2%9Bd%E2%80%AEe.jpg")
        #expect(!redacted.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(RedactedURL("http://ex\u{7}ample.com/").host == "ex%07ample.com")
    }

    @Test func longURLsAreShortened() {
        let redacted = RedactedURL("https://example.com/" + String(repeating: "a", count: 1000))
        #expect(redacted.description.count == RedactedURL.maximumLength)
        #expect(redacted.description.hasSuffix("…"))
    }

    @Test func fetchErrorsShowOnlyTheRedactedURL() {
        let url = RedactedURL("https://alice:s3cret@example.com/a.jpg?sig=t0ken")
        let errors: [FetchError] = [
            .unsupportedScheme(url), .malformedURL(url), .hostNotFound(url, host: url.host),
            .connectionFailed(url, reason: "Couldn't connect to server"), .secureConnectionFailed(url, reason: "x"),
            .handshakeFailed(url, reason: "SSL connect error"),
            .timedOut(url, phase: .connect, seconds: 10), .timedOut(url, phase: .total, seconds: 2.5),
            .tooLarge(url, limit: 1 << 20), .httpStatus(url, code: 403), .tooManyRedirects(url, limit: 5),
            .redirectToDisallowedScheme(url, target: RedactedURL("file:///etc/passwd")),
            .redirectToAnotherHost(url, target: RedactedURL("https://bob:pw@other.example/a.jpg?sig=x")),
            .truncated(url, received: 10, expected: 20), .transferFailed(url, reason: "Failure when receiving data"),
            .notCached(url), .cancelled(url),
        ]
        for error in errors {
            #expect(error.description.hasPrefix("https://***@example.com/a.jpg?sig=***: "), "\(error)")
            #expect(!error.description.contains("s3cret") && !error.description.contains("t0ken"))
        }
        #expect(
            FetchError.hostNotFound(url, host: url.host).description.contains("the host example.com could not be found")
        )
        #expect(
            FetchError.timedOut(url, phase: .connect, seconds: 10).description.contains("no connection within 10 s"))
        #expect(FetchError.httpStatus(url, code: 403).description.contains("HTTP 403 (access denied)"))
        #expect(
            FetchError.redirectToDisallowedScheme(url, target: RedactedURL("file:///etc/passwd")).description
                .contains("redirected to file:///etc/passwd that is not http:// or https://"))
    }
}
