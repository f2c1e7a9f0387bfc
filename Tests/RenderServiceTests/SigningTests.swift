import Support
import Testing

@testable import RenderService

/// HMAC-SHA256 against RFC 4231's vectors, the base64url form and the signed URL form.
@Suite struct SigningTests {
    private static func bytes(_ hex: String) -> [UInt8] {
        var output: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            output.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return output
    }

    /// RFC 4231 §4: test cases 1 to 4, 6 and 7 (5 truncates the output).
    @Test(arguments: [
        (
            String(repeating: "0b", count: 20), Array("Hi There".utf8),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            "4a656665", Array("what do ya want for nothing?".utf8),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            String(repeating: "aa", count: 20), [UInt8](repeating: 0xdd, count: 50),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        ),
        (
            "0102030405060708090a0b0c0d0e0f10111213141516171819", [UInt8](repeating: 0xcd, count: 50),
            "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
        ),
        (
            String(repeating: "aa", count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
        (
            String(repeating: "aa", count: 131),
            Array(
                ("This is a test using a larger than block-size key and a larger than block-size data. The key needs"
                    + " to be hashed before being used by the HMAC algorithm.").utf8),
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
        ),
    ])
    func rfc4231Vectors(key: String, message: [UInt8], expected: String) throws {
        let code = try #require(HMACSHA256.code(key: Self.bytes(key), message: message))
        #expect(SHA256.hex(code) == expected)
    }

    @Test func emptyKeyAndMessageStillSign() throws {
        // HMAC-SHA256("", "") as every implementation gives it.
        let code = try #require(HMACSHA256.code(key: [], message: []))
        #expect(SHA256.hex(code) == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test func constantTimeComparison() {
        #expect(HMACSHA256.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!HMACSHA256.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!HMACSHA256.constantTimeEqual([1, 2, 3], [1, 2]))
        #expect(HMACSHA256.constantTimeEqual([], []))
    }

    @Test func base64URLRoundTripsAndRefusesOtherSpellings() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 251) }
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(Base64URL.decode(Substring(text)) == bytes)
        }
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        #expect(Base64URL.encode(Array("Man".utf8)) == "TWFu")
        #expect(Base64URL.decode("-_9") == nil)  // unused bits set: a second spelling of -_8
        #expect(Base64URL.decode("TWFu=") == nil)
        #expect(Base64URL.decode("TWFuT") == nil)
        #expect(Base64URL.decode("TW+u") == nil)
    }

    @Test func keyFileNeedsLongKeys() throws {
        let keys = try URLSigner.keys(
            fromFile: Array("  \(String(repeating: "k", count: 32))  \n\n\(String(repeating: "j", count: 40))\n".utf8),
            path: "keys")
        #expect(keys.map(\.count) == [32, 40])
        #expect(throws: ServiceError.self) { try URLSigner.keys(fromFile: Array("short\n".utf8), path: "keys") }
        #expect(throws: ServiceError.self) { try URLSigner.keys(fromFile: Array(" \n".utf8), path: "keys") }
    }

    @Test func signedPathIsTheSignatureOfTheRest() throws {
        let key = Array(String(repeating: "s", count: 32).utf8)
        let signer = try #require(URLSigner(keys: [key]))
        let description = CompositeDescription(
            photos: ["avatars/alice.jpg", "https://img.example/b b.png"], names: ["Alice"],
            settings: [.init(name: "layout", text: "grid"), .init(name: "margin", text: "4")], format: .webp,
            quality: 80)
        #expect(
            description.path
                == "/v1/composite.webp?member=avatars%2Falice.jpg&member=https%3A%2F%2Fimg.example%2Fb%20b.png"
                + "&name=Alice&layout=grid&margin=4&quality=80")
        let path = try #require(signer.signedPath(description))
        let signature = path.dropFirst().prefix { $0 != "/" }
        #expect(signature.count == 43)
        let expected = try #require(HMACSHA256.code(key: key, message: Array(description.path.utf8)))
        #expect(Base64URL.decode(signature) == expected)
        #expect(signer.verifies(signature, of: Substring(description.path)))
        #expect(!signer.verifies(signature, of: Substring(description.path + "&scale=2")))
    }

    @Test func anyLoadedKeyVerifiesAndTheFirstSigns() throws {
        let old = Array(String(repeating: "o", count: 32).utf8)
        let new = Array(String(repeating: "n", count: 32).utf8)
        let rest: Substring = "/v1/composite.png?member=a.png"
        let signedWithOld = try #require(URLSigner(keys: [old])?.signature(of: rest))
        let rotated = try #require(URLSigner(keys: [new, old]))
        #expect(rotated.verifies(Substring(signedWithOld), of: rest))
        #expect(try #require(rotated.signature(of: rest)) != signedWithOld)
        #expect(URLSigner(keys: []) == nil)
    }
}
