import GroupIcon

/// What a request asks for.
package enum Route: Equatable, Sendable {
    /// `/healthz`: the process answers.
    case health
    /// `/readyz`: the fixture is loaded and the service is not stopping.
    case ready
    /// `/metrics`: Prometheus text.
    case metrics
    /// An avatar.
    case image(ImageRequest)

    /// The route's name in metrics and the access log.
    package var label: String {
        switch self {
        case .health: "healthz"
        case .ready: "readyz"
        case .metrics: "metrics"
        case .image(let request):
            switch request.source {
            case .group: "group"
            case .members: request.isSigned ? "composite" : "composite-unsigned"
            }
        }
    }
}

/// An avatar request: whose, in which format, with which query parameters.
package struct ImageRequest: Equatable, Sendable {
    /// Whose avatar.
    package enum Source: Equatable, Sendable {
        /// A group of the fixture, by id.
        case group(id: String)
        /// Members given in the URL: photos (relative paths or http(s) URLs) and, optionally, names.
        case members(photos: [String], names: [String])
    }

    package var source: Source
    package var format: OutputFormat
    /// The query's parameters (without `member` and `name`), in the order given.
    package var parameters: [QueryItem]
    /// Whether the URL was signed (a content-addressed URL cached for a year).
    package var isSigned: Bool

    package init(source: Source, format: OutputFormat, parameters: [QueryItem], isSigned: Bool) {
        self.source = source; self.format = format; self.parameters = parameters; self.isSigned = isSigned
    }
}

/// Maps a request's method and raw target to a `Route`, checking lengths and signatures first. Pure: the HTTP
/// server hands it what MHD read.
package struct Router: Sendable {
    /// The route of fixture groups: `/v1/groups/ID.EXT`.
    package static let groupsPrefix = "/v1/groups/"
    /// The route of content-addressed composites, after the signature: `/v1/composite.EXT`.
    package static let compositePath = "/v1/composite."
    /// The first segment of an unsigned composite URL.
    package static let unsignedSegment = "insecure"

    /// Checks signatures; nil: no key file, so only unsigned composites (when allowed) are served.
    package var signer: URLSigner?
    /// Whether `/insecure/…` composites are served (only on a loopback address).
    package var allowsUnsigned: Bool
    /// The longest request target read, in bytes (414 beyond).
    package var maximumTargetLength: Int
    /// The most query parameters read (400 beyond).
    package var maximumQueryItems: Int
    /// The most members a composite URL may name (400 beyond).
    package var maximumMembers: Int

    package init(
        signer: URLSigner?, allowsUnsigned: Bool, maximumTargetLength: Int = 8192, maximumQueryItems: Int = 128,
        maximumMembers: Int = 64
    ) {
        self.signer = signer; self.allowsUnsigned = allowsUnsigned; self.maximumTargetLength = maximumTargetLength
        self.maximumQueryItems = maximumQueryItems; self.maximumMembers = maximumMembers
    }

    /// The route `method` and `target` ask for.
    package func route(method: String, target: String) throws(ServiceError) -> Route {
        guard target.utf8.count <= maximumTargetLength else {
            throw .targetTooLong(length: target.utf8.count, limit: maximumTargetLength)
        }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts[0]
        let query = parts.count > 1 ? parts[1] : ""
        let route = try resolve(path: path, query: query, target: Substring(target))
        guard method == "GET" || method == "HEAD" else { throw .methodNotAllowed(method: method) }
        return route
    }

    private func resolve(path: Substring, query: Substring, target: Substring) throws(ServiceError) -> Route {
        switch path {
        case "/healthz": return .health
        case "/readyz": return .ready
        case "/metrics": return .metrics
        default: break
        }
        if path.hasPrefix(Self.groupsPrefix) {
            let file = path.dropFirst(Self.groupsPrefix.count)
            guard let dot = file.lastIndex(of: "."), !file.contains("/"),
                let format = OutputFormat(fileExtension: String(file[file.index(after: dot)...]))
            else { throw .notFound("no such route: use /v1/groups/ID.png, .jpg or .webp") }
            guard let id = PercentDecoding.decode(file[..<dot], plusIsSpace: false), !id.isEmpty else {
                throw .badParameter(parameter: "group", message: "a broken %-escape or an empty group id")
            }
            let items = try QueryItem.parse(query, limit: maximumQueryItems)
            if let member = items.first(where: { $0.name == "member" || $0.name == "name" }) {
                throw .badParameter(
                    parameter: member.name, message: "a fixture group's members come from the fixture")
            }
            return .image(ImageRequest(source: .group(id: id), format: format, parameters: items, isSigned: false))
        }
        // `/SIGNATURE/v1/composite.EXT?…` or `/insecure/v1/composite.EXT?…`.
        let afterSlash = path.dropFirst()
        guard path.hasPrefix("/"), let slash = afterSlash.firstIndex(of: "/") else {
            throw .notFound("no such route")
        }
        let segment = afterSlash[..<slash]
        let rest = target[slash...]
        let restPath = path[slash...]
        guard restPath.hasPrefix(Self.compositePath),
            let format = OutputFormat(fileExtension: String(restPath.dropFirst(Self.compositePath.count)))
        else { throw .notFound("no such route") }
        let isSigned: Bool
        if segment == Self.unsignedSegment {
            guard allowsUnsigned else {
                throw .forbidden("unsigned URLs are served only on a loopback address: sign it (chat-tui sign)")
            }
            isSigned = false
        } else {
            guard let signer else { throw .forbidden("this service has no --key-file: signed URLs are not served") }
            guard signer.verifies(segment, of: rest) else {
                throw .forbidden("the signature does not match the URL (chat-tui sign makes one)")
            }
            isSigned = true
        }
        var photos: [String] = []
        var names: [String] = []
        var parameters: [QueryItem] = []
        for item in try QueryItem.parse(query, limit: maximumQueryItems) {
            switch item.name {
            case "member": photos.append(item.value)
            case "name": names.append(item.value)
            default: parameters.append(item)
            }
        }
        // A preset lives on the server and may change, so the URL would no longer say what it shows.
        if parameters.contains(where: { $0.name == ImageParameters.presetName }) {
            throw .badParameter(
                parameter: ImageParameters.presetName,
                message: "a composite URL carries its parameters; chat-tui sign --preset NAME writes them out")
        }
        guard !photos.isEmpty else {
            throw .badParameter(parameter: "member", message: "give at least one member=PHOTO")
        }
        guard photos.count <= maximumMembers else {
            throw .badParameter(parameter: "member", message: "\(photos.count) members: at most \(maximumMembers)")
        }
        guard names.count <= photos.count else {
            throw .badParameter(parameter: "name", message: "\(names.count) names for \(photos.count) members")
        }
        return .image(
            ImageRequest(
                source: .members(photos: photos, names: names), format: format, parameters: parameters,
                isSigned: isSigned))
    }
}
