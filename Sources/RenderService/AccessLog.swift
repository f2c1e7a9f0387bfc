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

    /// The line, without its newline; text escaped so that it is safe to print (`JSONString`).
    package var line: String {
        let utf8 = target.utf8
        let shown =
            utf8.count <= Self.maximumTargetLength
            ? target : String(decoding: utf8.prefix(Self.maximumTargetLength), as: UTF8.self) + "…"
        return JSONWriter.text(
            .object([
                ("time", .number(String(format3(time)))), ("method", .string(method)), ("target", .string(shown)),
                ("route", .string(route)), ("status", .number(String(status))), ("bytes", .number(String(bytes))),
                ("ms", .number(format3(seconds * 1000))),
            ]))
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
