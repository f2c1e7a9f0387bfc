import Imaging

/// How each member's photo is presented in its tile (`--member-style`): the avatar-pipeline reference's avatar styles plus a
/// circle, in points, applied to every member before the composite is put together.
///
/// The text form is `original`, `rectangle`, `rounded:R[:BORDER[:#COLOUR]]` or `circle`.
public enum MemberStyle: Hashable, Sendable, CustomStringConvertible {
    /// The whole photo, not cropped: scaled to fit inside the tile and centred; the rest of the tile is empty.
    case original
    /// The photo centre-cropped to fill the tile (the default, and what every layout draws without styles).
    case rectangle
    /// Centre-cropped, then clipped to a rounded rectangle of corner radius `radius` inset by `border` on
    /// every side. The border band is `borderColor` (with rounded outer corners of `radius + border`);
    /// transparent, as in the avatar-pipeline reference, lets the gap or background show.
    case rounded(radius: Double, border: Double, borderColor: RGBA8)
    /// The tile's centred square, clipped to its inscribed circle.
    case circle

    /// The style named by `text` (see the type), nil when it is not one; radii and borders must be finite
    /// and not negative.
    public init?(parsing text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).lowercased().split(
            separator: ":", omittingEmptySubsequences: false)
        switch (parts.first, parts.count) {
        case ("original", 1): self = .original
        case ("rectangle", 1): self = .rectangle
        case ("circle", 1): self = .circle
        case ("rounded", 2...4):
            let lengths = parts.dropFirst().prefix(2).map { Double($0) }
            guard let radius = lengths[0], let border = lengths.count > 1 ? lengths[1] : 0,
                [radius, border].allSatisfy({ $0.isFinite && $0 >= 0 })
            else { return nil }
            var color = RGBA8.transparent
            if parts.count == 4 {
                guard let parsed = RGBA8(parsing: String(parts[3])) else { return nil }
                color = parsed
            }
            self = .rounded(radius: radius, border: border, borderColor: color)
        default: return nil
        }
    }

    /// The text form `init(parsing:)` reads, shortest first: `rounded:6`, `rounded:6:2`, `rounded:6:2:#FFFFFF`.
    public var description: String {
        switch self {
        case .original: return "original"
        case .rectangle: return "rectangle"
        case .circle: return "circle"
        case .rounded(let radius, let border, let color):
            var text = "rounded:\(formatNumber(radius))"
            if border != 0 || color != .transparent { text += ":\(formatNumber(border))" }
            if color != .transparent { text += ":\(color.hexString)" }
            return text
        }
    }

    /// The styles the interactive app's `s` key cycles through.
    public static let cycle: [MemberStyle] = [
        .rectangle, .rounded(radius: 6, border: 0, borderColor: .transparent),
        .circle, .original,
    ]

    /// What to draw for a photo of aspect ratio `photoAspect` (width / height) in `frame` clipped by `shape`
    /// (a tile's frame and shape, or an avatar's whole image), in the frame's units.
    func placement(frame: Rect, shape: Shape, photoAspect: Double) -> MemberPlacement {
        switch self {
        case .rectangle:
            return MemberPlacement(photoFrame: frame, clip: shape, border: nil)
        case .original:
            let aspect = photoAspect.isFinite && photoAspect > 0 ? photoAspect : 1
            let width = min(frame.width, frame.height * aspect), height = min(frame.height, frame.width / aspect)
            let fitted = Rect(x: frame.midX - width / 2, y: frame.midY - height / 2, width: width, height: height)
            return MemberPlacement(photoFrame: fitted, clip: .intersection(shape, .rect(fitted)), border: nil)
        case .circle:
            let square = Rect(center: frame.center, side: min(frame.width, frame.height))
            return MemberPlacement(
                photoFrame: square,
                clip: .intersection(shape, .circle(center: frame.center, radius: square.width / 2)),
                border: nil)
        case .rounded(let radius, let border, let color):
            let inset = min(border, frame.width / 2, frame.height / 2)
            let inner = Rect(
                x: frame.minX + inset, y: frame.minY + inset, width: frame.width - 2 * inset,
                height: frame.height - 2 * inset)
            let outerRadius = radius > 0 ? radius + inset : 0
            let band =
                color.a > 0 && inset > 0
                ? MemberPlacement.Band(
                    shape: .intersection(shape, .roundedRect(frame, cornerRadius: outerRadius)),
                    color: color)
                : nil
            return MemberPlacement(
                photoFrame: frame, clip: .intersection(shape, .roundedRect(inner, cornerRadius: radius)),
                border: band)
        }
    }

    /// The pixel style of one member avatar drawn on its own, `side` × `side` points at `scale` pixels per
    /// point (`chat-tui avatar`). `original` is the decoded photo untouched, as in the avatar-pipeline reference.
    public func avatarStyle(side: Double, scale: Int) -> AvatarStyle {
        let pixels = max(1, Int((side * Double(scale)).rounded()))
        switch self {
        case .original: return .original
        case .rectangle: return .rectangle(width: pixels, height: pixels)
        case .circle: return .circle(diameter: pixels)
        case .rounded(let radius, let border, let color):
            return .roundedRectangle(
                width: pixels, height: pixels, cornerRadius: radius * Double(scale),
                borderWidth: border * Double(scale), borderColor: color)
        }
    }
}

/// Where a styled member goes in its frame: the rectangle the photo is centre-cropped into, the region of it
/// that is painted, and a border band painted under the photo.
struct MemberPlacement: Hashable, Sendable {
    /// A region filled with one colour.
    struct Band: Hashable, Sendable {
        var shape: Shape
        var color: RGBA8
    }

    var photoFrame: Rect
    var clip: Shape
    var border: Band?
}
