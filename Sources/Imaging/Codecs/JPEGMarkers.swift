import Foundation

/// One marker segment of a JPEG header: the marker byte (the `xx` of `FF xx`) and where its payload lies.
package struct JPEGSegment: Equatable, Sendable {
    package let marker: UInt8
    /// The payload's byte range in the file, after the two length bytes.
    package let payload: Range<Int>
}

/// A pure, bounds-checked walk over the marker segments of a JPEG header, shared by the EXIF and Adobe
/// readers. Hostile input ends the walk early; it never traps and always terminates because every step
/// moves strictly forward.
package enum JPEGMarkers {
    package static let startOfImage: UInt8 = 0xD8
    package static let endOfImage: UInt8 = 0xD9
    package static let startOfScan: UInt8 = 0xDA
    package static let app1: UInt8 = 0xE1
    package static let app14: UInt8 = 0xEE

    /// The segments from SOI up to (not including) the first start-of-scan; empty when `bytes` is not a JPEG.
    package static func headerSegments(in bytes: [UInt8]) -> [JPEGSegment] {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == startOfImage else { return [] }
        var segments: [JPEGSegment] = []
        var index = 2
        while index < bytes.count, bytes[index] == 0xFF {
            // Any number of 0xFF fill bytes may precede a marker.
            while index < bytes.count, bytes[index] == 0xFF { index += 1 }
            guard index < bytes.count else { break }
            let marker = bytes[index]
            index += 1
            if marker == startOfScan || marker == endOfImage { break }
            // TEM and RSTn stand alone: no length field.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            guard index + 2 <= bytes.count else { break }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            guard length >= 2, index + length <= bytes.count else { break }
            segments.append(JPEGSegment(marker: marker, payload: (index + 2)..<(index + length)))
            index += length
        }
        return segments
    }

    /// The image size in the frame header (any SOFn segment), nil when `bytes` holds none before the scan.
    package static func frameSize(in bytes: [UInt8]) -> (width: Int, height: Int)? {
        // C4 (DHT), C8 (JPG) and CC (DAC) share the SOFn range but are not frame headers.
        let frame = headerSegments(in: bytes).first { segment in
            (0xC0...0xCF).contains(segment.marker) && ![0xC4, 0xC8, 0xCC].contains(segment.marker)
        }
        // Payload: sample precision (1 byte), then height and width (2 bytes each, big-endian).
        guard let payload = frame?.payload, payload.count >= 5 else { return nil }
        let height = Int(bytes[payload.lowerBound + 1]) << 8 | Int(bytes[payload.lowerBound + 2])
        let width = Int(bytes[payload.lowerBound + 3]) << 8 | Int(bytes[payload.lowerBound + 4])
        return width > 0 && height > 0 ? (width, height) : nil
    }

    /// Whether the header holds an Adobe APP14 segment. Adobe writers (Photoshop, libjpeg, Pillow) store CMYK
    /// JPEGs with inverted ink values, and mark them this way.
    package static func hasAdobeSegment(in bytes: [UInt8]) -> Bool {
        hasAdobeSegment(in: bytes, segments: headerSegments(in: bytes))
    }

    /// `hasAdobeSegment(in:)` from the header `segments` of `bytes` already read.
    package static func hasAdobeSegment(in bytes: [UInt8], segments: [JPEGSegment]) -> Bool {
        let adobe = Array("Adobe".utf8)
        return segments.contains { segment in
            segment.marker == app14 && bytes[segment.payload].starts(with: adobe)
        }
    }

    /// The number of scans (SOS markers) in the whole file: marker segments are
    /// skipped by their lengths (so an EXIF thumbnail's own scans are not counted) and entropy-coded data is
    /// searched for the next marker, where a 0xFF byte is followed by neither a stuffed 0x00 nor a restart
    /// marker. Linear in the file size and never traps on damaged input.
    package static func scanCount(in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count >= 2, base[0] == 0xFF, base[1] == startOfImage else {
                return 0
            }
            let count = buffer.count
            var scans = 0
            var index = 2
            var inEntropyData = false
            while index + 1 < count {
                guard base[index] == 0xFF else {
                    // Only entropy-coded data may hold bytes between markers; elsewhere the stream is broken.
                    guard inEntropyData else { break }
                    // Nothing but 0xFF can start a marker: jump to the next one (memchr is vectorised; the
                    // entropy-coded data is nearly the whole file).
                    guard let next = memchr(base + index, 0xFF, count - index) else { return scans }
                    index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(next))
                    continue
                }
                let marker = base[index + 1]
                index += 2
                switch marker {
                case 0x00, 0xD0...0xD7, 0xFF:
                    // Stuffed byte, restart marker, or fill: still inside the scan (a fill byte is re-read as 0xFF).
                    if marker == 0xFF { index -= 1 }
                case endOfImage:
                    return scans
                default:
                    guard index + 2 <= count else { return scans }
                    let length = Int(base[index]) << 8 | Int(base[index + 1])
                    guard length >= 2 else { return scans }
                    index += length
                    inEntropyData = marker == startOfScan
                    if inEntropyData { scans += 1 }
                }
            }
            return scans
        }
    }
}
