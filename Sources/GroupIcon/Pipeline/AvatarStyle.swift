import Imaging

/// How one member's avatar is presented on its own (the avatar-pipeline reference's `AvatarStyle`), sizes in pixels.
///
/// Every style has a stable `identifier`; styled avatars are cached under the source identity plus it.
public enum AvatarStyle: Hashable, Sendable, CustomStringConvertible {
    /// The decoded photo, untouched.
    case original
    /// Centre-cropped (never stretched) and area-averaged to exactly `width` × `height`.
    case rectangle(width: Int, height: Int)
    /// Like `rectangle`, then clipped to a rounded rectangle inset by `borderWidth` on every side, with
    /// anti-aliased edges. The border band is `borderColor` (transparent by default, as in the avatar-pipeline reference; a
    /// coloured band has outer corners of `cornerRadius + borderWidth`); the corners outside it are transparent.
    case roundedRectangle(
        width: Int, height: Int, cornerRadius: Double, borderWidth: Double,
        borderColor: RGBA8 = .transparent)
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
        case .roundedRectangle(let width, let height, let radius, let border, let color):
            return "rounded-rectangle \(width)x\(height) radius=\(formatNumber(radius)) border=\(formatNumber(border))"
                + (color == .transparent ? "" : " border-colour=\(color.hexString)")
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
        case .rectangle(let width, let height), .roundedRectangle(let width, let height, _, _, _):
            return max(1, width, height)
        case .circle(let diameter): return max(1, diameter)
        }
    }

    /// The sides in pixels this style asks for, named as in its case: what the pipeline checks against
    /// `CompositionLimits.maximumPixelSize` before it makes anything.
    var sides: [(name: String, side: Int)] {
        switch self {
        case .original, .custom: return []
        case .rectangle(let width, let height), .roundedRectangle(let width, let height, _, _, _):
            return [("width", width), ("height", height)]
        case .circle(let diameter): return [("diameter", diameter)]
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
        case .roundedRectangle(let width, let height, let radius, let border, let color):
            let resized = Resampler.resample(image, width: max(1, width), height: max(1, height))
            return Self.styled(resized, .rounded(radius: max(0, radius), border: max(0, border), borderColor: color))
        case .circle(let diameter):
            let side = max(1, diameter)
            return Self.styled(Resampler.resample(image, width: side, height: side), .circle)
        case .custom(_, let transform):
            return transform(image)
        }
    }

    /// `image` (already at its final size) presented in `style` the way a composite tile of the same pixel
    /// size presents it (`MemberStyle.placement`): transparent outside the clip, over the border band.
    static func styled(_ image: RGBAImage, _ style: MemberStyle) -> RGBAImage {
        let frame = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        let placement = style.placement(frame: frame, shape: .rect(frame), photoAspect: 1)
        let clip = Coverage.mask(of: placement.clip, scale: 1)
        let band = placement.border.map { (Coverage.mask(of: $0.shape, scale: 1), $0.color) }
        var result = image
        let width = image.width, height = image.height
        result.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    let photoAlpha = Float(pixels[i + 3]) / 255 * clip[x, y]
                    guard let (bandMask, color) = band else {
                        pixels[i + 3] = UInt8((photoAlpha * 255).rounded())
                        continue
                    }
                    // Straight-alpha "photo over band".
                    let bandAlpha = Float(color.a) / 255 * bandMask[x, y] * (1 - photoAlpha)
                    let alpha = photoAlpha + bandAlpha
                    guard alpha > 0 else { pixels[i + 3] = 0; continue }
                    func mix(_ channel: Int, _ bandValue: UInt8) {
                        let mixed = (Float(pixels[i + channel]) * photoAlpha + Float(bandValue) * bandAlpha) / alpha
                        pixels[i + channel] = UInt8(min(255, mixed.rounded()))
                    }
                    mix(0, color.r); mix(1, color.g); mix(2, color.b)
                    pixels[i + 3] = UInt8(min(255, (alpha * 255).rounded()))
                }
            }
        }
        return result
    }
}
