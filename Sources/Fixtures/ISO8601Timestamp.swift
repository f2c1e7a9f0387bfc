import Foundation

/// Parses RFC 3339 / ISO 8601 timestamps (`2026-11-28T08:00:00Z`, `2026-11-28T08:00:00.250+08:00`).
///
/// Hand-written because `ISO8601DateFormatter` needs one configuration per fractional-seconds variant and is
/// slow enough to dominate decoding a large fixture.
enum ISO8601Timestamp {
    /// The date `text` denotes, or nil when it is not a valid date-time with a time zone.
    static func parse(_ text: String) -> Date? {
        var utf8 = text.utf8[...]

        func number(digits: Int) -> Int? {
            guard utf8.count >= digits else { return nil }
            var value = 0
            for byte in utf8.prefix(digits) {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            utf8 = utf8.dropFirst(digits)
            return value
        }
        func skip(_ separators: UInt8...) -> Bool {
            guard let byte = utf8.first, separators.contains(byte) else { return false }
            utf8 = utf8.dropFirst()
            return true
        }

        guard let year = number(digits: 4), skip(UInt8(ascii: "-")),
            let month = number(digits: 2), skip(UInt8(ascii: "-")),
            let day = number(digits: 2), skip(UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")),
            let hour = number(digits: 2), skip(UInt8(ascii: ":")),
            let minute = number(digits: 2), skip(UInt8(ascii: ":")),
            let second = number(digits: 2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }

        var fraction = 0.0
        if skip(UInt8(ascii: ".")) {
            var scale = 0.1
            var digitCount = 0
            while let byte = utf8.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                fraction += Double(byte - UInt8(ascii: "0")) * scale
                scale /= 10
                digitCount += 1
                utf8 = utf8.dropFirst()
            }
            guard digitCount > 0 else { return nil }
        }

        var offsetSeconds = 0
        if skip(UInt8(ascii: "Z"), UInt8(ascii: "z")) {
            offsetSeconds = 0
        } else if let sign = utf8.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            utf8 = utf8.dropFirst()
            guard let offsetHours = number(digits: 2), skip(UInt8(ascii: ":")), let offsetMinutes = number(digits: 2),
                offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        guard utf8.isEmpty else { return nil }

        let days = daysSinceUnixEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysSinceUnixEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
