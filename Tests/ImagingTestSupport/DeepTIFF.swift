/// 16-bit TIFFs made in the tests from their samples (no writer in the repo makes them): little-endian,
/// uncompressed, one strip, RGB or RGBA.
package enum DeepTIFF {
    /// A TIFF of `samples` (`width * height * samplesPerPixel`, rows top to bottom) with `samplesPerPixel` 3
    /// (RGB) or 4 (RGBA, `alphaKind` its ExtraSamples value: 1 associated, 2 unassociated), an Orientation tag
    /// when `orientation` is given and an ICC profile tag when `profile` is.
    package static func encode(
        width: Int, height: Int, samples: [UInt16], samplesPerPixel: Int = 3, alphaKind: UInt16 = 2,
        orientation: UInt16? = nil, profile: [UInt8]? = nil
    ) -> [UInt8] {
        precondition(samples.count == width * height * samplesPerPixel && (3...4).contains(samplesPerPixel))
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16) }
        // Tag, type (3 SHORT, 4 LONG, 7 UNDEFINED), count, and the value or the offset of the values.
        var entries: [(tag: Int, type: Int, count: Int, value: [UInt8])] = []
        func short(_ tag: Int, _ value: Int) { entries.append((tag, 3, 1, le16(value) + [0, 0])) }
        func long(_ tag: Int, _ value: Int) { entries.append((tag, 4, 1, le32(value))) }
        let entryCount = 10 + (samplesPerPixel == 4 ? 1 : 0) + (orientation == nil ? 0 : 1) + (profile == nil ? 0 : 1)
        let bitsOffset = 8 + 2 + entryCount * 12 + 4
        let profileOffset = bitsOffset + samplesPerPixel * 2
        let dataOffset = profileOffset + (profile?.count ?? 0)
        let dataBytes = samples.count * 2
        long(256, width)
        long(257, height)
        entries.append((258, 3, samplesPerPixel, le32(bitsOffset)))
        short(259, 1)  // no compression
        short(262, 2)  // RGB
        long(273, dataOffset)
        if let orientation { short(274, Int(orientation)) }
        short(277, samplesPerPixel)
        long(278, height)
        long(279, dataBytes)
        short(284, 1)  // contiguous
        if samplesPerPixel == 4 { short(338, Int(alphaKind)) }
        if let profile { entries.append((34675, 7, profile.count, le32(profileOffset))) }
        precondition(entries.count == entryCount)
        var bytes: [UInt8] = [0x49, 0x49, 42, 0] + le32(8) + le16(entryCount)
        for entry in entries { bytes += le16(entry.tag) + le16(entry.type) + le32(entry.count) + entry.value }
        bytes += le32(0)  // no next IFD
        for _ in 0..<samplesPerPixel { bytes += le16(16) }
        bytes += profile ?? []
        bytes.reserveCapacity(bytes.count + dataBytes)
        for sample in samples { bytes += le16(Int(sample)) }
        return bytes
    }
}
