@testable import GroupIcon
@testable import Imaging

/// The variants sheet's text fitting (`TextLine.mask`, through `LineFitter` with HarfBuzz and FreeType) on
/// arbitrary text, sizes and widths: the line it draws is never wider than asked, and the shaping it does is
/// bounded by what the line can show, however long the text (a group name, a last message or an id of
/// megabytes must cost what a line costs).
///
/// Layout of an input: the width in pixels (two bytes, 0...4095), the size in pixels per em (one byte, 1...64),
/// a repeat count's exponent (one byte: the text is repeated 2^(n % 15) times, up to a mebibyte, so that a
/// short input makes a long text), then the text's bytes as UTF-8 (invalid bytes become U+FFFD).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSheetText(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 4 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let maxWidth = (Int(bytes[0]) << 8 | Int(bytes[1])) % 4096
    let pixelsPerEm = Double(bytes[2] % 64 + 1)
    let copies = min(1 << (Int(bytes[3]) % 15), (1 << 20) / (size - 4))
    let text = String(repeating: String(decoding: bytes[4...], as: UTF8.self), count: max(1, copies))
    guard let real = TextRasterizer.shared.lineFitter(pixelsPerEm: pixelsPerEm) else { return 0 }

    var characters = 0
    let counted = LineFitter(
        isDrawable: {
            characters += $0.count; return real.isDrawable($0)
        },
        width: {
            characters += $0.count; return real.width($0)
        })
    let shown = counted.fit(text, maxWidth: maxWidth)
    // Reading stops at `characterLimit`; every step shapes at most what was read (and an ellipsis), a few
    // times over, plus one bisection step per halving.
    // (Bytes bound characters and cost nothing to count.)
    let read = min(text.utf8.count, LineFitter.characterLimit(maxWidth: maxWidth)) + 1
    let halvings = Int.bitWidth - read.leadingZeroBitCount
    guard characters <= (6 + 2 * halvings) * read else {
        fatalError(
            "\(characters) characters shaped for \(text.utf8.count) bytes in \(maxWidth) px (\(read) read at most)")
    }
    if let shown {
        guard shown.count <= read, let width = real.width(shown), width <= maxWidth else {
            fatalError("\(shown.count) characters shown, \(real.width(shown) ?? -1) px wide in \(maxWidth) px")
        }
    }
    if let mask = TextLine.mask(text, pixelsPerEm: pixelsPerEm, maxWidth: maxWidth) {
        guard mask.box.width <= maxWidth, mask.values.count == mask.box.width * mask.box.height else {
            fatalError("a mask of \(mask.box.width) x \(mask.box.height) px in \(maxWidth) px")
        }
    }
    return 0
}
