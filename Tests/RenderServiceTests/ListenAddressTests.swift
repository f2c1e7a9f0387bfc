import Testing

@testable import RenderService

/// `--listen`: IPv4 and bracketed IPv6 addresses, and which of them count as loopback.
@Suite struct ListenAddressTests {
    @Test func parses() throws {
        let v4 = try #require(ListenAddress("127.0.0.1:8080"))
        #expect(v4.bytes == [127, 0, 0, 1] && v4.port == 8080 && !v4.isIPv6 && v4.isLoopback)
        #expect(v4.urlAuthority == "127.0.0.1:8080")
        let v6 = try #require(ListenAddress("[::1]:0"))
        #expect(v6.isIPv6 && v6.isLoopback && v6.port == 0 && v6.bytes.count == 16)
        #expect(v6.urlAuthority == "[::1]:0")
        for text in ["localhost:80", "127.0.0.1", "127.0.0.1:65536", "::1:80", "[::1]", "[127.0.0.1]:80", ":80", ""] {
            #expect(ListenAddress(text) == nil, "\(text)")
        }
    }

    @Test(arguments: [
        ("127.0.0.1:1", true), ("127.9.8.7:1", true), ("0.0.0.0:1", false), ("10.0.0.1:1", false),
        ("[::1]:1", true), ("[::ffff:127.0.0.1]:1", true), ("[::]:1", false), ("[::ffff:10.0.0.1]:1", false),
        ("[fe80::1]:1", false),
    ])
    func loopback(_ text: String, _ expected: Bool) throws {
        #expect(try #require(ListenAddress(text)).isLoopback == expected)
    }
}
