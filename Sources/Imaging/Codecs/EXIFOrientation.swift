/// The EXIF orientation tag (TIFF tag 0x0112) of a JPEG, and the pixel transform that shows the image upright.
///
/// TurboJPEG does not apply orientation, so phone photos stored sideways would appear rotated without this.
package enum EXIFOrientation {
    /// The orientation value 1...8 in the first APP1 "Exif" segment's IFD0, or nil when there is none or the
    /// value is out of range.
    ///
    /// A pure, bounds-checked parser for untrusted bytes: both TIFF byte orders, offsets past the end, and
    /// absurd entry counts end in nil, never a trap. Only IFD0 is read (the next-IFD chain is never
    /// followed), so a looping chain cannot hang it.
    package static func read(from jpegBytes: [UInt8]) -> Int? {
        read(from: jpegBytes, segments: JPEGMarkers.headerSegments(in: jpegBytes))
    }

    /// `read(from:)` from the header `segments` of `jpegBytes` already read (`JPEGMarkers.headerSegments`).
    package static func read(from jpegBytes: [UInt8], segments: [JPEGSegment]) -> Int? {
        let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
        for segment in segments where segment.marker == JPEGMarkers.app1 {
            let payload = jpegBytes[segment.payload]
            guard payload.starts(with: exifHeader) else { continue }
            let tiffStart = segment.payload.lowerBound + exifHeader.count
            if let orientation = orientationInTIFF(jpegBytes, range: tiffStart..<segment.payload.upperBound) {
                return orientation
            }
        }
        return nil
    }

    /// `image` transformed so that it displays upright for the EXIF `orientation`; values other than 2...8
    /// (including 1, "already upright") return it unchanged. Orientations 5...8 swap width and height.
    package static func apply(_ orientation: Int, to image: RGBAImage) -> RGBAImage {
        guard let (pixels, width, height) = reordered(image.pixels, orientation, image.width, image.height, UInt32.self)
        else { return image }
        return RGBAImage(width: width, height: height, pixels: pixels) ?? image
    }

    /// `apply(_:to:)` for a 16-bit image.
    package static func apply(_ orientation: Int, to image: RGBA16Image) -> RGBA16Image {
        guard
            let (samples, width, height) = reordered(image.samples, orientation, image.width, image.height, UInt64.self)
        else { return image }
        return RGBA16Image(width: width, height: height, samples: samples) ?? image
    }

    /// The four-sample pixels of a `width` x `height` image, each moved whole as one `Pixel`, in the order that
    /// shows them upright for `orientation`, with the new sides; nil for orientations that change nothing.
    private static func reordered<Sample: FixedWidthInteger, Pixel: FixedWidthInteger>(
        _ samples: [Sample], _ orientation: Int, _ width: Int, _ height: Int, _: Pixel.Type
    ) -> (samples: [Sample], width: Int, height: Int)? {
        // Each orientation maps a destination pixel (dx, dy) to the source pixel
        // (sx, sy) = (ax*dx + bx*dy + cx, ay*dx + by*dy + cy), from the EXIF 2.3 table of row/column order.
        let (ax, bx, cx, ay, by, cy): (Int, Int, Int, Int, Int, Int)
        switch orientation {
        case 2: (ax, bx, cx, ay, by, cy) = (-1, 0, width - 1, 0, 1, 0)  // mirrored horizontally
        case 3: (ax, bx, cx, ay, by, cy) = (-1, 0, width - 1, 0, -1, height - 1)  // rotated 180°
        case 4: (ax, bx, cx, ay, by, cy) = (1, 0, 0, 0, -1, height - 1)  // mirrored vertically
        case 5: (ax, bx, cx, ay, by, cy) = (0, 1, 0, 1, 0, 0)  // transposed
        case 6: (ax, bx, cx, ay, by, cy) = (0, 1, 0, -1, 0, height - 1)  // needs 90° clockwise
        case 7: (ax, bx, cx, ay, by, cy) = (0, -1, width - 1, -1, 0, height - 1)  // transversed
        case 8: (ax, bx, cx, ay, by, cy) = (0, -1, width - 1, 1, 0, 0)  // needs 90° anticlockwise
        default: return nil
        }
        let swapsSides = orientation >= 5
        let outputWidth = swapsSides ? height : width
        let outputHeight = swapsSides ? width : height
        // Source pixel offsets are affine in (dx, dy): step per column, step per row, and the origin.
        let columnStep = ay * width + ax
        let rowStep = by * width + bx
        let origin = cy * width + cx
        let pixelBytes = MemoryLayout<Pixel>.size
        var output = [Sample](repeating: 0, count: samples.count)
        samples.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { destination in
                var destinationOffset = 0
                for dy in 0..<outputHeight {
                    var sourcePixel = origin + dy * rowStep
                    for _ in 0..<outputWidth {
                        let pixel = source.loadUnaligned(fromByteOffset: sourcePixel * pixelBytes, as: Pixel.self)
                        destination.storeBytes(of: pixel, toByteOffset: destinationOffset, as: Pixel.self)
                        destinationOffset += pixelBytes
                        sourcePixel += columnStep
                    }
                }
            }
        }
        return (output, outputWidth, outputHeight)
    }

    private static let orientationTag = 0x0112
    private static let typeShort = 3
    private static let typeLong = 4

    /// The orientation in the TIFF structure occupying `range` of `bytes` (offsets inside TIFF are relative
    /// to its start).
    private static func orientationInTIFF(_ bytes: [UInt8], range: Range<Int>) -> Int? {
        guard range.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (bytes[range.lowerBound], bytes[range.lowerBound + 1]) {
        case (0x49, 0x49): bigEndian = false  // "II", Intel
        case (0x4D, 0x4D): bigEndian = true  // "MM", Motorola
        default: return nil
        }
        let tiff = TIFFReader(bytes: bytes, range: range, bigEndian: bigEndian)
        guard tiff.uint16(at: 2) == 42, let ifdOffset = tiff.uint32(at: 4),
            let entryCount = tiff.uint16(at: ifdOffset)
        else { return nil }
        let firstEntry = ifdOffset + 2
        // Clamp the declared count to the entries that actually fit, so a huge count costs nothing.
        let entriesThatFit = max(0, (range.count - firstEntry) / 12)
        for entry in 0..<min(entryCount, entriesThatFit) {
            let entryOffset = firstEntry + entry * 12
            guard tiff.uint16(at: entryOffset) == orientationTag,
                let type = tiff.uint16(at: entryOffset + 2)
            else { continue }
            let value: Int?
            switch type {
            case typeShort: value = tiff.uint16(at: entryOffset + 8)
            case typeLong: value = tiff.uint32(at: entryOffset + 8)
            default: value = nil
            }
            guard let value, (1...8).contains(value) else { return nil }
            return value
        }
        return nil
    }
}

/// Bounds-checked integer reads inside a TIFF block; every read outside the block is nil.
private struct TIFFReader {
    package let bytes: [UInt8]
    package let range: Range<Int>
    package let bigEndian: Bool

    package func uint16(at offset: Int) -> Int? {
        guard let start = absolute(offset, length: 2) else { return nil }
        let (first, second) = (Int(bytes[start]), Int(bytes[start + 1]))
        return bigEndian ? first << 8 | second : second << 8 | first
    }

    package func uint32(at offset: Int) -> Int? {
        guard let start = absolute(offset, length: 4) else { return nil }
        let ordered =
            bigEndian ? bytes[start..<start + 4].map(Int.init) : bytes[start..<start + 4].reversed().map(Int.init)
        return ordered.reduce(0) { $0 << 8 | $1 }
    }

    /// The absolute index of `length` bytes at TIFF-relative `offset`, or nil if they do not all lie in range.
    private func absolute(_ offset: Int, length: Int) -> Int? {
        guard offset >= 0, offset <= range.count - length else { return nil }
        return range.lowerBound + offset
    }
}
