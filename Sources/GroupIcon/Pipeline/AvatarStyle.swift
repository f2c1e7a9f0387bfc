/// How one member's avatar is presented on its own (seed 002's `AvatarStyle`), sizes in pixels.
///
/// Every style has a stable `identifier`; styled avatars are cached under the source identity plus it.
public enum AvatarStyle: Hashable, Sendable, CustomStringConvertible {
    /// The decoded photo, untouched.
    case original
    /// Centre-cropped (never stretched) and area-averaged to exactly `width` × `height`.
    case rectangle(width: Int, height: Int)
    /// Like `rectangle`, then clipped to a rounded rectangle inset by `borderWidth` on every side; the border
    /// band and the rounded-off corners are transparent, with anti-aliased edges.
    case roundedRectangle(width: Int, height: Int, cornerRadius: Double, borderWidth: Double)
    /// Centre-cropped to `diameter` square and clipped to the inscribed circle, anti-aliased.
    case circle(diameter: Int)
    /// A caller-supplied transform, known by `name`: two custom styles are equal (and cached as one) exactly
    /// when their names are equal, so a name must stand for one transform. Returning nil means it failed;
    /// the pipeline then uses the unstyled photo and reports a warning.
    case custom(name: String, transform: @Sendable (RGBAImage) -> RGBAImage?)

    /// A stable description that is part of cache keys.
    public var identifier: String {
        switch self {
        case .original: return "original"
        case .rectangle(let width, let height): return "rectangle \(width)x\(height)"
        case .roundedRectangle(let width, let height, let radius, let border):
            return "rounded-rectangle \(width)x\(height) radius=\(formatNumber(radius)) border=\(formatNumber(border))"
        case .circle(let diameter): return "circle \(diameter)"
        case .custom(let name, _): return "custom \(name.debugDescription)"
        }
    }

    public var description: String { identifier }

    public static func == (lhs: AvatarStyle, rhs: AvatarStyle) -> Bool { lhs.identifier == rhs.identifier }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// The shorter side the decoded photo needs for this style without upscaling; nil = full resolution.
    public var requiredSourceSide: Int? {
        switch self {
        case .original, .custom: return nil
        case .rectangle(let width, let height), .roundedRectangle(let width, let height, _, _):
            return max(1, width, height)
        case .circle(let diameter): return max(1, diameter)
        }
    }

    /// The styled image, or nil when a custom transform fails. Non-positive sizes are treated as 1.
    public func apply(to image: RGBAImage) -> RGBAImage? {
        switch self {
        case .original:
            return image
        case .rectangle(let width, let height):
            return AvatarRaster.centreCropped(image, width: max(1, width), height: max(1, height))
        case .roundedRectangle(let width, let height, let radius, let border):
            let side = (width: max(1, width), height: max(1, height))
            let inset = max(0, border)
            let inner = Rect(x: inset, y: inset, width: Double(side.width) - 2 * inset,
                             height: Double(side.height) - 2 * inset)
            let resized = AvatarRaster.centreCropped(image, width: side.width, height: side.height)
            guard inner.width > 0, inner.height > 0 else {
                return RGBAImage(width: side.width, height: side.height, fill: .transparent)
            }
            return AvatarRaster.masked(resized, by: .roundedRect(inner, cornerRadius: max(0, radius)))
        case .circle(let diameter):
            let side = max(1, diameter)
            let resized = AvatarRaster.centreCropped(image, width: side, height: side)
            let radius = Double(side) / 2
            return AvatarRaster.masked(resized, by: .circle(center: Point(x: radius, y: radius), radius: radius))
        case .custom(_, let transform):
            return transform(image)
        }
    }
}

/// The raster work behind the styles: centre-crop with area-average resampling, and anti-aliased masks.
enum AvatarRaster {
    /// Centre-crops `image` to the aspect ratio of `width` × `height` and resamples it to exactly that size by
    /// averaging the covered source area (premultiplied, so transparent pixels do not darken edges). For
    /// enlargements this is a box filter, blocky but faithful; avatars are normally reduced.
    static func centreCropped(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        let scale = max(Double(width) / Double(image.width), Double(height) / Double(image.height))
        let cropWidth = Double(width) / scale, cropHeight = Double(height) / scale
        let columns = coverage(start: (Double(image.width) - cropWidth) / 2, length: cropWidth, outputs: width,
                               sourceCount: image.width)
        let rows = coverage(start: (Double(image.height) - cropHeight) / 2, length: cropHeight, outputs: height,
                            sourceCount: image.height)
        let firstRow = rows.first?.first ?? 0
        let lastRow = rows.last.map { $0.first + $0.weights.count } ?? 0
        let sourceWidth = image.width

        // Horizontal pass over the rows the crop touches, into premultiplied doubles.
        var horizontal = [Double](repeating: 0, count: (lastRow - firstRow) * width * 4)
        image.pixels.withUnsafeBufferPointer { source in
            horizontal.withUnsafeMutableBufferPointer { out in
                for row in firstRow..<lastRow {
                    let rowBase = row * sourceWidth * 4
                    let outBase = (row - firstRow) * width * 4
                    for (x, span) in columns.enumerated() {
                        var r = 0.0, g = 0.0, b = 0.0, a = 0.0
                        for (k, weight) in span.weights.enumerated() {
                            let i = rowBase + (span.first + k) * 4
                            let alpha = Double(source[i + 3]) * weight
                            r += Double(source[i]) * alpha; g += Double(source[i + 1]) * alpha
                            b += Double(source[i + 2]) * alpha; a += alpha
                        }
                        let o = outBase + x * 4
                        out[o] = r; out[o + 1] = g; out[o + 2] = b; out[o + 3] = a
                    }
                }
            }
        }

        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        horizontal.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { out in
                for (y, span) in rows.enumerated() {
                    for x in 0..<width {
                        var r = 0.0, g = 0.0, b = 0.0, a = 0.0
                        for (k, weight) in span.weights.enumerated() {
                            let i = ((span.first + k - firstRow) * width + x) * 4
                            r += input[i] * weight; g += input[i + 1] * weight
                            b += input[i + 2] * weight; a += input[i + 3] * weight
                        }
                        let o = (y * width + x) * 4
                        guard a > 0 else { continue }
                        out[o] = clampedByte(r / a); out[o + 1] = clampedByte(g / a)
                        out[o + 2] = clampedByte(b / a); out[o + 3] = clampedByte(a)
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels) ?? RGBAImage(width: width, height: height)
    }

    /// For each of `outputs` equal slices of the source interval [start, start + length), the first source
    /// index it overlaps and the normalised overlap weights of the source pixels from there on.
    static func coverage(start: Double, length: Double, outputs: Int, sourceCount: Int)
        -> [(first: Int, weights: [Double])]
    {
        let step = length / Double(outputs)
        return (0..<outputs).map { index in
            let low = start + Double(index) * step, high = low + step
            let first = min(sourceCount - 1, max(0, Int(low.rounded(.down))))
            let last = max(first, min(sourceCount - 1, Int(high.rounded(.up)) - 1))
            var weights = (first...last).map { pixel in
                max(0, min(high, Double(pixel + 1)) - max(low, Double(pixel)))
            }
            let total = weights.reduce(0, +)
            if total > 0 { weights = weights.map { $0 / total } } else { weights = weights.map { _ in 1 / Double(weights.count) } }
            return (first, weights)
        }
    }

    /// `image` with its alpha multiplied by the shape's coverage of each pixel (1 inside, 0 outside, linear
    /// across the one-pixel band around the outline, sampled at pixel centres).
    static func masked(_ image: RGBAImage, by shape: Shape) -> RGBAImage {
        var result = image
        let width = image.width, height = image.height
        result.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let distance = shape.signedDistance(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    let coverage = min(1, max(0, 0.5 - distance))
                    let i = (y * width + x) * 4 + 3
                    pixels[i] = clampedByte(Double(pixels[i]) * coverage)
                }
            }
        }
        return result
    }

    private static func clampedByte(_ value: Double) -> UInt8 {
        UInt8(min(255, max(0, value.rounded())))
    }
}
