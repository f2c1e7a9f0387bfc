import Testing

@testable import GroupIcon

@Suite struct MemberStyleTests {
    @Test func textFormsRoundTrip() throws {
        let cases: [(String, MemberStyle)] = [
            ("original", .original), ("rectangle", .rectangle), ("circle", .circle),
            ("rounded:6", .rounded(radius: 6, border: 0, borderColor: .transparent)),
            ("rounded:6:2", .rounded(radius: 6, border: 2, borderColor: .transparent)),
            ("rounded:6:2:#FFFFFF", .rounded(radius: 6, border: 2, borderColor: .white)),
            (
                "rounded:0.5:0:#11223344",
                .rounded(radius: 0.5, border: 0, borderColor: RGBA8(r: 0x11, g: 0x22, b: 0x33, a: 0x44))
            ),
        ]
        for (text, style) in cases {
            #expect(MemberStyle(parsing: text) == style, "\(text)")
            #expect(style.description == text)
        }
        #expect(MemberStyle(parsing: " Rounded:3:1:#ffffff ") == .rounded(radius: 3, border: 1, borderColor: .white))
    }

    @Test func nonsenseIsRejected() {
        for text in [
            "", "square", "rounded", "rounded:", "rounded:-1", "rounded:nan", "rounded:inf", "rounded:4:x",
            "rounded:4:1:#12", "rounded:4:1:#FFFFFF:9", "circle:4", "original:1", "rounded:4:-2",
        ] {
            #expect(MemberStyle(parsing: text) == nil, "\(text)")
        }
    }

    @Test func placementsFollowTheStyle() {
        let frame = Rect(x: 10, y: 20, width: 40, height: 20)
        let shape = Shape.rect(frame)
        // original: a 1:1 photo fits as a 20 x 20 square in the middle of the 40 x 20 tile.
        let original = MemberStyle.original.placement(frame: frame, shape: shape, photoAspect: 1)
        #expect(original.photoFrame == Rect(x: 20, y: 20, width: 20, height: 20))
        #expect(original.clip == .intersection(shape, .rect(original.photoFrame)))
        // circle: the centred square and its inscribed circle.
        let circle = MemberStyle.circle.placement(frame: frame, shape: shape, photoAspect: 3)
        #expect(circle.photoFrame == Rect(x: 20, y: 20, width: 20, height: 20))
        #expect(circle.clip == .intersection(shape, .circle(center: Point(x: 30, y: 30), radius: 10)))
        // rounded with a coloured border: the photo clipped inside the border, the band around it.
        let rounded = MemberStyle.rounded(radius: 4, border: 2, borderColor: .white)
            .placement(frame: frame, shape: shape, photoAspect: 1)
        #expect(rounded.photoFrame == frame)
        #expect(
            rounded.clip
                == .intersection(shape, .roundedRect(Rect(x: 12, y: 22, width: 36, height: 16), cornerRadius: 4)))
        #expect(
            rounded.border
                == MemberPlacement.Band(
                    shape: .intersection(shape, .roundedRect(frame, cornerRadius: 6)),
                    color: .white))
        // A transparent border leaves no band; rectangle is the tile itself.
        #expect(
            MemberStyle.rounded(radius: 4, border: 2, borderColor: .transparent)
                .placement(frame: frame, shape: shape, photoAspect: 1).border == nil)
        #expect(
            MemberStyle.rectangle.placement(frame: frame, shape: shape, photoAspect: 2)
                == MemberPlacement(photoFrame: frame, clip: shape, border: nil))
    }

    @Test func degenerateAspectsAndBordersStayFinite() {
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        for aspect in [0, -1, .nan, .infinity] {
            let placement = MemberStyle.original.placement(frame: frame, shape: .rect(frame), photoAspect: aspect)
            #expect(placement.photoFrame == frame)
        }
        let thick = MemberStyle.rounded(radius: 1, border: 1e9, borderColor: .white)
            .placement(frame: frame, shape: .rect(frame), photoAspect: 1)
        #expect(
            thick.clip
                == .intersection(.rect(frame), .roundedRect(Rect(x: 5, y: 5, width: 0, height: 0), cornerRadius: 1)))
    }

    @Test func avatarStylesInPixels() {
        #expect(MemberStyle.rectangle.avatarStyle(side: 40, scale: 3) == .rectangle(width: 120, height: 120))
        #expect(MemberStyle.circle.avatarStyle(side: 40, scale: 2) == .circle(diameter: 80))
        #expect(MemberStyle.original.avatarStyle(side: 40, scale: 2) == .original)
        #expect(
            MemberStyle.rounded(radius: 6, border: 1, borderColor: .white).avatarStyle(side: 40, scale: 2)
                == .roundedRectangle(width: 80, height: 80, cornerRadius: 12, borderWidth: 2, borderColor: .white))
    }

    @Test func aColoredBorderIsPaintedUnderTheClippedPhoto() throws {
        let red = RGBA8(r: 255, g: 0, b: 0)
        let style = AvatarStyle.roundedRectangle(
            width: 20, height: 20, cornerRadius: 0, borderWidth: 3, borderColor: .white)
        let styled = try #require(style.apply(to: RGBAImage(width: 20, height: 20, fill: red)))
        #expect(styled[1, 10] == .white)
        #expect(styled[10, 10] == red)
        #expect(styled[0, 0] == .white)
        #expect(style.identifier == "rounded-rectangle 20x20 radius=0 border=3 border-colour=#FFFFFF")
    }
}
