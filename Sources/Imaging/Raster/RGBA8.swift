/// An 8-bit sRGB colour with straight (not premultiplied) alpha.
public struct RGBA8: Hashable, Sendable, Codable {
    /// Red, 0 to 255.
    public var r: UInt8
    /// Green, 0 to 255.
    public var g: UInt8
    /// Blue, 0 to 255.
    public var b: UInt8
    /// Opacity, 0 (transparent) to 255 (opaque); the colour channels are not multiplied by it.
    public var a: UInt8
    /// The colour of the given channels, opaque unless `a` says otherwise.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// Fully transparent (all channels 0): what a canvas is outside its shape.
    public static let transparent = RGBA8(r: 0, g: 0, b: 0, a: 0)
    /// Opaque white.
    public static let white = RGBA8(r: 255, g: 255, b: 255)
    /// Opaque black.
    public static let black = RGBA8(r: 0, g: 0, b: 0)
    /// UIKit's `lightGrayColor` (white 2/3), the compact WeChat reference's background.
    public static let lightGrey = RGBA8(r: 170, g: 170, b: 170)

    /// `#RRGGBB` or `#RRGGBBAA`.
    public var hexString: String {
        let hex = [r, g, b] + (a == 255 ? [] : [a])
        return "#"
            + hex.map { byte in
                let digits = Array("0123456789ABCDEF")
                return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
            }.joined()
    }

    /// Parses `#RGB` (each digit doubled, as CSS does), `#RRGGBB`, `#RRGGBBAA` (the `#` optional) or
    /// `transparent`; nil for anything else.
    public init?(parsing text: String) {
        if text.lowercased() == "transparent" { self = .transparent; return }
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        if digits.count == 3 { digits = Substring(digits.flatMap { [$0, $0] }) }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var bytes: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self.init(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 255)
    }
}
