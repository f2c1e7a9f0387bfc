import Support

/// One request as the access log records it: one JSON object per line.
package struct AccessLogEntry: Equatable, Sendable {
    /// Seconds since 1970 when the request was read.
    package var time: Double
    package var method: String
    /// The request target as sent (cut at `maximumTargetLength` bytes).
    package var target: String
    package var route: String
    /// The status sent; 499 when the client hung up while its avatar was being made (the work was
    /// cancelled), 0 when it went away before an answer was queued otherwise.
    package var status: Int
    /// Body bytes sent (none for HEAD and 304).
    package var bytes: Int
    package var seconds: Double

    /// The longest target written out.
    package static let maximumTargetLength = 1024

    package init(
        time: Double, method: String, target: String, route: String, status: Int, bytes: Int, seconds: Double
    ) {
        self.time = time; self.method = method; self.target = target; self.route = route; self.status = status
        self.bytes = bytes; self.seconds = seconds
    }

    /// The line, without its newline; text escaped so that it is safe to print (`JSONString`). Written on
    /// the server's thread for every request, so text that needs no escaping (printable ASCII without `"`
    /// and `\`, the common case) is copied as it is instead of going through `JSONWriter`, with the same result.
    package var line: String {
        let shown = shownTarget
        if Self.isPlain(method), Self.isPlain(shown), Self.isPlain(route) {
            return "{\"time\":\(format3(time)),\"method\":\"\(method)\",\"target\":\"\(shown)\",\"route\":\"\(route)\","
                + "\"status\":\(status),\"bytes\":\(bytes),\"ms\":\(format3(seconds * 1000))}"
        }
        return JSONWriter.text(object)
    }

    /// The entry as a JSON object.
    package var object: JSONWriter.Value {
        .object([
            ("time", .number(String(format3(time)))), ("method", .string(method)), ("target", .string(shownTarget)),
            ("route", .string(route)), ("status", .number(String(status))), ("bytes", .number(String(bytes))),
            ("ms", .number(format3(seconds * 1000))),
        ])
    }

    private var shownTarget: String {
        let utf8 = target.utf8
        return utf8.count <= Self.maximumTargetLength
            ? target : String(decoding: utf8.prefix(Self.maximumTargetLength), as: UTF8.self) + "…"
    }

    /// Whether `text` is written into a JSON string as it is: printable ASCII, no quote, no backslash.
    private static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }

    /// `value` with three decimals, as a JSON number.
    private func format3(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = (value * 1000).rounded()
        let whole = Int(thousandths / 1000)
        let fraction = Int(abs(thousandths.truncatingRemainder(dividingBy: 1000)))
        let padded = String(fraction)
        return "\(whole).\(String(repeating: "0", count: 3 - padded.count))\(padded)"
    }
}
