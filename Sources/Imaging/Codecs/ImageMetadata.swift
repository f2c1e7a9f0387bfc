/// Text entries recorded in an encoded image (how it was made), and their forms in each format: PNG text
/// chunks, a JPEG comment plus XMP, WebP XMP. Reading them back from any of the three formats is what lets a
/// batch leave an output alone when its recorded inputs match (`--skip-existing`).
///
/// Keywords must be XML names made of ASCII letters, digits, `-` and `_` (they become attributes of a
/// `chat-tui` XMP namespace); `Title`, `Software` and `Comment` are also written as their standard XMP
/// properties (`dc:title`, `xmp:CreatorTool`, `dc:description`), so other tools show them.
public struct ImageMetadata: Hashable, Sendable {
    /// Keyword and value pairs, in order.
    public var entries: [Entry]

    /// One keyword and its value.
    public struct Entry: Hashable, Sendable {
        /// The entry's name: an XML name of ASCII letters, digits, `-` and `_` (`Title`, `Comment`).
        public var keyword: String
        /// The entry's text.
        public var value: String
        /// The entry `keyword` = `value`.
        public init(_ keyword: String, _ value: String) { self.keyword = keyword; self.value = value }
    }

    /// Metadata of `entries`, written in this order.
    public init(_ entries: [Entry]) { self.entries = entries }

    /// The value of `keyword`, if recorded.
    public subscript(keyword: String) -> String? { entries.first { $0.keyword == keyword }?.value }

    /// The XMP namespace of the entries.
    package static let namespace = "https://chat-tui.invalid/ns/1.0/"
    /// The prefix of JPEG's XMP APP1 segment and the XMP chunk's usual first bytes.
    package static let jpegXMPSignature = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]

    /// The entries as PNG text entries.
    package var pngText: [PNGCodec.TextEntry] { entries.map { ($0.keyword, $0.value) } }

    /// The entries as one comment text, `Keyword: value` per line (JPEG's COM segment).
    package var commentText: String {
        entries.map { "\($0.keyword): \($0.value)" }.joined(separator: "\n")
    }

    /// An XMP packet holding every entry.
    package var xmpPacket: String {
        var attributes = ""
        var elements = ""
        for entry in entries {
            let value = Self.escaped(entry.value)
            attributes += "\n    chattui:\(Self.xmlName(entry.keyword))=\"\(value)\""
            switch entry.keyword {
            case "Software": attributes += "\n    xmp:CreatorTool=\"\(value)\""
            case "Title":
                elements +=
                    "\n   <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(value)</rdf:li></rdf:Alt></dc:title>"
            case "Comment":
                elements +=
                    "\n   <dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(value)</rdf:li></rdf:Alt></dc:description>"
            default: break
            }
        }
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""
                xmlns:xmp="http://ns.adobe.com/xap/1.0/"
                xmlns:dc="http://purl.org/dc/elements/1.1/"
                xmlns:chattui="\(Self.namespace)"\(attributes)>\(elements)
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="r"?>
            """
    }

    /// The entries recorded in an encoded PNG, JPEG or WebP file; nil when it is none of them or records
    /// nothing. Reads only what this type writes (PNG text chunks, the `chat-tui` XMP attributes).
    public static func read(from file: [UInt8]) -> ImageMetadata? {
        let entries: [Entry]
        if file.starts(with: PNGCodec.signature) {
            entries = PNGCodec.textChunks(in: file).map { Entry($0.keyword, $0.value) }
        } else if let packet = xmpPacket(in: file) {
            entries = parseXMP(packet)
        } else {
            return nil
        }
        return entries.isEmpty ? nil : ImageMetadata(entries)
    }

    /// The XMP packet of a JPEG (APP1 segment) or WebP (`XMP ` chunk).
    private static func xmpPacket(in file: [UInt8]) -> String? {
        if file.starts(with: JPEGCodec.signature) {
            for segment in JPEGMarkers.headerSegments(in: file) where segment.marker == JPEGMarkers.app1 {
                let payload = file[segment.payload]
                if payload.starts(with: jpegXMPSignature) {
                    return String(decoding: payload.dropFirst(jpegXMPSignature.count), as: UTF8.self)
                }
            }
            return nil
        }
        return WebPChunks.payload(of: "XMP ", in: file).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The `chattui:NAME="value"` attributes of the `rdf:Description` start tag of a packet this type wrote,
    /// read attribute by attribute (values hold no raw quote, so none can end early or forge another).
    package static func parseXMP(_ packet: String) -> [Entry] {
        guard let tag = packet.range(of: "<rdf:Description") else { return [] }
        var entries: [Entry] = []
        var rest = packet[tag.upperBound...]
        while true {
            rest = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            guard let equals = rest.firstIndex(of: "="), !rest.hasPrefix(">"), !rest.hasPrefix("/>") else { break }
            let name = rest[..<equals]
            let afterEquals = rest[rest.index(after: equals)...]
            guard afterEquals.hasPrefix("\""), !name.contains(where: { $0 == " " || $0 == ">" || $0 == "\n" }) else {
                break
            }
            let valueStart = afterEquals.index(after: afterEquals.startIndex)
            guard let close = afterEquals[valueStart...].firstIndex(of: "\"") else { break }
            if name.hasPrefix("chattui:") {
                entries.append(
                    Entry(String(name.dropFirst("chattui:".count)), unescaped(afterEquals[valueStart..<close])))
            }
            rest = afterEquals[afterEquals.index(after: close)...]
        }
        return entries
    }

    /// `keyword` reduced to the characters of an XML name that this type reads back.
    private static func xmlName(_ keyword: String) -> String {
        let kept = keyword.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" }
        guard let first = kept.first, first.isLetter else { return "_" + String(kept) }
        return String(kept)
    }

    /// XML's predefined entities: the markup characters (and the apostrophe, read but never written).
    private static let entities: [(scalar: Unicode.Scalar, name: Substring)] = [
        ("&", "amp"), ("<", "lt"), (">", "gt"), ("\"", "quot"), ("'", "apos"),
    ]

    /// Text as XML attribute or element content: markup characters escaped, tab and line breaks as character
    /// references (attribute values would normalise them to spaces), characters XML 1.0 cannot hold
    /// (other controls, U+FFFE, U+FFFF) dropped.
    private static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let entity = entities.first(where: { $0.scalar == scalar && $0.name != "apos" }) {
                out += "&\(entity.name);"
            } else if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                out += "&#x\(String(scalar.value, radix: 16, uppercase: true));"
            } else if scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Reverses `escaped` (and decodes any numeric character reference).
    private static func unescaped(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var out = ""
        var rest = text
        while let ampersand = rest.firstIndex(of: "&") {
            out += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            if let named = entities.first(where: { $0.name == entity }) {
                out.unicodeScalars.append(named.scalar)
            } else {
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                let digits = entity.dropFirst(hex ? 2 : 1)
                if entity.hasPrefix("#"), let value = UInt32(digits, radix: hex ? 16 : 10),
                    let scalar = Unicode.Scalar(value)
                {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "&" + entity + ";"
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }
}

/// A bounds-checked walk over the chunks of a RIFF WebP file.
package enum WebPChunks {
    /// The payload of the first chunk with the four-character `fourCC`, nil when there is none.
    package static func payload(of fourCC: String, in file: [UInt8]) -> ArraySlice<UInt8>? {
        guard file.count >= 12, file.starts(with: Array("RIFF".utf8)), file[8..<12].elementsEqual("WEBP".utf8)
        else { return nil }
        var index = 12
        while index + 8 <= file.count {
            let size = file[index + 4..<index + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            let start = index + 8
            guard size <= file.count - start else { return nil }
            if file[index..<index + 4].elementsEqual(fourCC.utf8) { return file[start..<start + size] }
            // Chunks are padded to an even size.
            index = start + size + (size & 1)
        }
        return nil
    }
}
