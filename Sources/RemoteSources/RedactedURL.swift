internal import FileSystem
import GroupIcon

/// A URL as messages and warnings may show it: credentials, query values and the fragment are masked, and
/// characters that could drive a terminal are percent-escaped.
///
/// Avatar URLs come from user data and often carry secrets: `https://user:password@host/...` or signed
/// links with `?token=...`. Every error and warning about a download names its URL through this type, never
/// through the raw string, so no message can print them. The path is kept, since it is what tells a user
/// which photo is meant; only the parts that conventionally hold secrets are masked.
public struct RedactedURL: Hashable, Sendable, CustomStringConvertible {
    /// The text to show, e.g. `https://***@example.com/a.jpg?size=***&sig=***`.
    public let description: String
    /// The host name (or address) without port, escaped like `description`; empty when there is none.
    public let host: String

    /// Longest `description` kept, in characters; longer URLs end in `…`.
    static let maximumLength = 300
    static let mask = "***"

    /// Redacts `url`. Total: any string gives a printable result, also one that is not a URL at all.
    public init(_ url: String) {
        var rest = Substring(url)
        var shown = ""
        if let separator = rest.range(of: "://"), Self.isScheme(rest[..<separator.lowerBound]) {
            shown = String(rest[..<separator.upperBound])
            rest = rest[separator.upperBound...]
        }
        // The authority runs to the first "/", "?" or "#"; userinfo is everything before its last "@".
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var hostAndPort = rest[..<authorityEnd]
        if let at = hostAndPort.lastIndex(of: "@") {
            shown += Self.mask + "@"
            hostAndPort = hostAndPort[hostAndPort.index(after: at)...]
        }
        shown += hostAndPort
        var remainder = rest[authorityEnd...]
        var fragment: Substring?
        if let hash = remainder.firstIndex(of: "#") {
            fragment = remainder[remainder.index(after: hash)...]
            remainder = remainder[..<hash]
        }
        if let question = remainder.firstIndex(of: "?") {
            shown += remainder[..<question] + "?" + Self.maskedQuery(remainder[remainder.index(after: question)...])
        } else {
            shown += remainder
        }
        if let fragment, !fragment.isEmpty { shown += "#" + Self.mask }
        description = Self.shortened(Self.escaped(shown))
        host = Self.escaped(String(Self.hostName(hostAndPort)))
    }

    /// `name=value&flag` becomes `name=***&***`: values (and bare items, which may be tokens) are masked,
    /// parameter names stay so that a user can still tell the URLs apart.
    private static func maskedQuery(_ query: Substring) -> String {
        guard !query.isEmpty else { return "" }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: "=") else { return item.isEmpty ? "" : mask }
            return item[..<equals] + "=" + mask
        }.joined(separator: "&")
    }

    /// RFC 3986 scheme: a letter, then letters, digits, "+", "-" or ".".
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "."
        }
    }

    /// `host:port` or `[v6]:port` without the port.
    private static func hostName(_ hostAndPort: Substring) -> Substring {
        if hostAndPort.hasPrefix("["), let close = hostAndPort.firstIndex(of: "]") {
            return hostAndPort[...close]
        }
        return hostAndPort.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }

    /// Percent-escapes C0 and C1 controls, DEL, line and paragraph separators and bidirectional overrides,
    /// so that a hostile URL can neither move the cursor nor reorder what a terminal shows.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                for byte in String(scalar).utf8 {
                    out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func shortened(_ text: String) -> String {
        text.count <= maximumLength ? text : text.prefix(maximumLength - 1) + "…"
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
