import GroupIcon

@testable import RenderService

/// The render service's URL decoding on arbitrary request targets: `Router.route` (length, percent escapes,
/// query pairs, signatures) must return a route or a `ServiceError`, never trap; a route's query must resolve to
/// parameters or a 400; a composite's photos must resolve inside the photo folder or to an allowed URL. The
/// pieces it is made of must round-trip: base64url decodes only its own spelling, percent encoding decodes back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServiceURLs(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let target = String(decoding: bytes, as: UTF8.self)
    let signer = URLSigner(keys: [Array("fuzzing-key-fuzzing-key-fuzzing-key!".utf8)])
    let router = Router(signer: signer, allowsUnsigned: size % 2 == 0, maximumTargetLength: 4096)
    let configuration = ServiceConfiguration(photoFolder: "/srv/photos", allowedHosts: ["img.example"])

    if let decoded = Base64URL.decode(Substring(target)), Base64URL.encode(decoded) != target {
        fatalError("base64url accepted a second spelling: \(target.debugDescription)")
    }
    if let text = PercentDecoding.decode(Substring(target), plusIsSpace: true),
        PercentDecoding.decode(Substring(PercentDecoding.encode(text)), plusIsSpace: false) != text
    {
        fatalError("percent encoding does not round-trip: \(text.debugDescription)")
    }

    let route: Route
    do throws(ServiceError) {
        route = try router.route(method: size % 3 == 0 ? "HEAD" : "GET", target: target)
    } catch {
        guard (400...503).contains(error.status), !error.response.body.isEmpty else {
            fatalError("an error without a client status or body: \(error)")
        }
        return 0
    }
    guard case .image(let request) = route else { return 0 }
    var memberCount = 1
    if case .members(let photos, _) = request.source {
        memberCount = photos.count
        for (index, photo) in photos.enumerated() {
            guard let location = try? configuration.photoLocation(photo, number: index + 1) else { continue }
            let isURL = location.lowercased().hasPrefix("http://") || location.lowercased().hasPrefix("https://")
            let inside = location.hasPrefix("/srv/photos/") && !location.split(separator: "/").contains("..")
            guard isURL || inside else {
                fatalError("a photo resolved outside the folder: \(location.debugDescription)")
            }
        }
    }
    _ = try? ImageParameters.resolve(
        request.parameters, base: CompositionParameters(), presets: nil, format: request.format,
        memberCount: memberCount)
    return 0
}
