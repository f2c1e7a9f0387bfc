import Foundation
import GroupIcon
import Testing

@testable import RenderService

/// Routes, URL decoding of both forms, and the refusals that come before any work.
@Suite struct RouterTests {
    static let key = Array(String(repeating: "r", count: 40).utf8)
    let signer = URLSigner(keys: [RouterTests.key])!

    private func router(allowsUnsigned: Bool = false) -> Router {
        Router(signer: signer, allowsUnsigned: allowsUnsigned, maximumTargetLength: 2048, maximumMembers: 9)
    }

    private func refusal(_ target: String, method: String = "GET", allowsUnsigned: Bool = false) -> ServiceError? {
        do throws(ServiceError) {
            _ = try router(allowsUnsigned: allowsUnsigned).route(method: method, target: target)
            return nil
        } catch { return error }
    }

    @Test func plainRoutes() throws {
        #expect(try router().route(method: "GET", target: "/healthz") == .health)
        #expect(try router().route(method: "HEAD", target: "/readyz") == .ready)
        #expect(try router().route(method: "GET", target: "/metrics") == .metrics)
        #expect(refusal("/nothing")?.status == 404)
        #expect(refusal("/")?.status == 404)
        #expect(refusal("")?.status == 404)
        #expect(refusal("/healthz", method: "POST") == .methodNotAllowed(method: "POST"))
    }

    @Test func groupRouteDecodesTheIDAndKeepsTheQuery() throws {
        let route = try router().route(method: "GET", target: "/v1/groups/book%20club.jpeg?scale=2&margin=4")
        #expect(
            route
                == .image(
                    ImageRequest(
                        source: .group(id: "book club"), format: .jpeg,
                        parameters: [QueryItem("scale", "2"), QueryItem("margin", "4")], isSigned: false)))
        #expect(route.label == "group")
        #expect(refusal("/v1/groups/kittens.gif")?.status == 404)
        #expect(refusal("/v1/groups/a/b.png")?.status == 404)
        #expect(
            refusal("/v1/groups/%zz.png")
                == .badParameter(parameter: "group", message: "a broken %-escape or an empty group id"))
        #expect(refusal("/v1/groups/.png")?.status == 400)
        #expect(refusal("/v1/groups/x.png?member=a.png")?.status == 400)
        #expect(refusal("/v1/groups/x.png?scale=%ZZ")?.status == 400)
        #expect(refusal("/v1/groups/x.png", method: "DELETE")?.status == 405)
    }

    @Test func tooLongTargetsAre414() {
        let long = "/v1/groups/" + String(repeating: "a", count: 3000) + ".png"
        #expect(refusal(long) == .targetTooLong(length: long.utf8.count, limit: 2048))
        #expect(refusal(long)?.status == 414)
    }

    @Test func signedCompositesAreCheckedBeforeTheirQueryIsRead() throws {
        let description = CompositeDescription(
            photos: ["a.png", "https://h.example/b.jpg"], names: ["Ann"],
            settings: [.init(name: "margin", text: "6")], format: .png)
        let path = try #require(signer.signedPath(description))
        let route = try router().route(method: "GET", target: path)
        #expect(
            route
                == .image(
                    ImageRequest(
                        source: .members(photos: ["a.png", "https://h.example/b.jpg"], names: ["Ann"]), format: .png,
                        parameters: [QueryItem("margin", "6")], isSigned: true)))
        #expect(route.label == "composite")
        // Any change to what follows the signature is refused: a parameter, a member, the format.
        #expect(refusal(path.replacingOccurrences(of: "margin=6", with: "margin=7"))?.status == 403)
        #expect(refusal(path + "&scale=4")?.status == 403)
        #expect(refusal(path.replacingOccurrences(of: "composite.png", with: "composite.jpg"))?.status == 403)
        // A signature made with another key, a truncated one, or none.
        let other = try #require(URLSigner(keys: [Array(String(repeating: "x", count: 32).utf8)]))
        #expect(refusal(try #require(other.signedPath(description)))?.status == 403)
        let signature = path.dropFirst().prefix { $0 != "/" }
        #expect(refusal("/" + signature.dropLast(2) + description.path)?.status == 403)
        #expect(refusal("/\(Router.unsignedSegment)" + description.path)?.status == 403)
    }

    @Test func unsignedCompositesOnlyWhenAllowed() throws {
        let target = "/insecure/v1/composite.webp?member=a.png&member=b%2Fc.png&scale=2"
        let route = try router(allowsUnsigned: true).route(method: "GET", target: target)
        #expect(
            route
                == .image(
                    ImageRequest(
                        source: .members(photos: ["a.png", "b/c.png"], names: []), format: .webp,
                        parameters: [QueryItem("scale", "2")], isSigned: false)))
        #expect(refusal(target)?.status == 403)
        #expect(refusal("/insecure/v1/composite.png?scale=2", allowsUnsigned: true)?.status == 400)
        let tooMany = "/insecure/v1/composite.png?" + (0..<10).map { "member=\($0).png" }.joined(separator: "&")
        #expect(
            refusal(tooMany, allowsUnsigned: true)
                == .badParameter(parameter: "member", message: "10 members: at most 9"))
        #expect(refusal("/insecure/v1/composite.png?member=a&name=x&name=y", allowsUnsigned: true)?.status == 400)
        #expect(refusal("/insecure/v1/other.png?member=a", allowsUnsigned: true)?.status == 404)
        #expect(refusal("/insecure/v1/composite.png?member=a&preset=tight", allowsUnsigned: true)?.status == 400)
    }

    @Test func percentDecoding() {
        #expect(PercentDecoding.decode("%41%62+c", plusIsSpace: true) == "Ab c")
        #expect(PercentDecoding.decode("a+b", plusIsSpace: false) == "a+b")
        #expect(PercentDecoding.decode("%E4%B8%AD", plusIsSpace: false) == "中")
        #expect(PercentDecoding.decode("%4", plusIsSpace: false) == nil)
        #expect(PercentDecoding.decode("%g0", plusIsSpace: false) == nil)
        #expect(PercentDecoding.decode("%00", plusIsSpace: false) == nil)
        #expect(PercentDecoding.decode("%FF", plusIsSpace: false) == nil)
        for text in ["a b/c?d&e=f", "中文 🐱", "%+~._-"] {
            #expect(PercentDecoding.decode(Substring(PercentDecoding.encode(text)), plusIsSpace: true) == text)
        }
    }

    @Test func queryItems() throws {
        #expect(
            try QueryItem.parse("a=1&&b&c=x=y", limit: 10) == [
                QueryItem("a", "1"), QueryItem("b", ""), QueryItem("c", "x=y"),
            ])
        #expect(throws: ServiceError.self) { try QueryItem.parse("a&b&c", limit: 2) }
    }
}
