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
    ///
    /// Resizing and masks are the raster layer's (`Resampler`'s centre crop with Lanczos-3, `Coverage`'s
    /// anti-aliased outlines), so a styled avatar looks exactly like the same photo in a composite tile.
    public func apply(to image: RGBAImage) -> RGBAImage? {
        switch self {
        case .original:
            return image
        case .rectangle(let width, let height):
            return Resampler.resample(image, width: max(1, width), height: max(1, height))
        case .roundedRectangle(let width, let height, let radius, let border):
            let side = (width: max(1, width), height: max(1, height))
            let inset = max(0, border)
            let inner = Rect(x: inset, y: inset, width: Double(side.width) - 2 * inset,
                             height: Double(side.height) - 2 * inset)
            let resized = Resampler.resample(image, width: side.width, height: side.height)
            guard inner.width > 0, inner.height > 0 else {
                return RGBAImage(width: side.width, height: side.height, fill: .transparent)
            }
            return Self.masked(resized, by: .roundedRect(inner, cornerRadius: max(0, radius)))
        case .circle(let diameter):
            let side = max(1, diameter)
            let resized = Resampler.resample(image, width: side, height: side)
            let radius = Double(side) / 2
            return Self.masked(resized, by: .circle(center: Point(x: radius, y: radius), radius: radius))
        case .custom(_, let transform):
            return transform(image)
        }
    }

    /// `image` with its alpha multiplied by the shape's anti-aliased coverage (zero outside the shape).
    static func masked(_ image: RGBAImage, by shape: Shape) -> RGBAImage {
        let mask = Coverage.mask(of: shape, scale: 1)
        var result = image
        let width = image.width, height = image.height
        result.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4 + 3
                    pixels[i] = UInt8((Float(pixels[i]) * mask[x, y]).rounded())
                }
            }
        }
        return result
    }
}
