/// Base64 with the URL-safe alphabet (RFC 4648 §5) and no padding: how signatures sit in a path segment.
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `bytes` encoded, without `=` padding.
    package static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { output.append(alphabet[Int(value >> UInt32(shift) & 63)]) }
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            var value = UInt32(bytes[index]) << 16
            if rest == 2 { value |= UInt32(bytes[index + 1]) << 8 }
            for shift in [18, 12, 6].prefix(rest + 1) { output.append(alphabet[Int(value >> UInt32(shift) & 63)]) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` encodes; nil for a character outside the alphabet, padding, or a length no encoding
    /// has (one character left over), or when the unused bits of the last character are not zero (so each
    /// byte string has exactly one spelling).
    package static func decode(_ text: Substring) -> [UInt8]? {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "-"): values.append(62)
            case UInt8(ascii: "_"): values.append(63)
            default: return nil
            }
        }
        guard values.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        var index = 0
        while index + 4 <= values.count {
            let value =
                UInt32(values[index]) << 18 | UInt32(values[index + 1]) << 12 | UInt32(values[index + 2]) << 6
                | UInt32(values[index + 3])
            output += [UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)]
            index += 4
        }
        switch values.count - index {
        case 2:
            guard values[index + 1] & 15 == 0 else { return nil }
            output.append(values[index] << 2 | values[index + 1] >> 4)
        case 3:
            guard values[index + 2] & 3 == 0 else { return nil }
            output.append(values[index] << 2 | values[index + 1] >> 4)
            output.append((values[index + 1] & 15) << 4 | values[index + 2] >> 2)
        default: break
        }
        return output
    }
}
