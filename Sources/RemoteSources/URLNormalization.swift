/// One spelling for the URLs that name the same photo, so that they share one request and one cache entry:
/// the fragment dropped (it is never sent), scheme and host lower-cased (they are case-insensitive) and the
/// path's `.` and `..` segments resolved (RFC 3986, section 5.2.4). Userinfo, the rest of the path and the
/// query are kept as written: servers may tell their cases apart.
enum URLNormalization {
    /// `url` in its one spelling; text without `://` only loses its fragment.
    static func normalized(_ url: String) -> String {
        let text = url.firstIndex(of: "#").map { url[..<$0] } ?? url[...]
        guard let separator = text.range(of: "://") else { return String(text) }
        let rest = text[separator.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let at = authority.lastIndex(of: "@")
        let userinfo = at.map { authority[...$0] } ?? ""
        let hostAndPort = at.map { authority[authority.index(after: $0)...] } ?? authority
        let tail = rest[authorityEnd...]
        let queryStart = tail.firstIndex(of: "?") ?? tail.endIndex
        return text[..<separator.lowerBound].lowercased() + "://" + userinfo + hostAndPort.lowercased()
            + removingDotSegments(tail[..<queryStart]) + tail[queryStart...]
    }

    /// `path` with its `.` and `..` segments resolved; a last such segment leaves a trailing `/`.
    static func removingDotSegments(_ path: Substring) -> String {
        guard path.hasPrefix("/") else { return String(path) }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var output: [Substring] = []
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }
}
