import Testing

@testable import GroupIcon

@Suite struct AvatarStyleTests {
    private let red = RGBA8(r: 255, g: 0, b: 0), green = RGBA8(r: 0, g: 255, b: 0), blue = RGBA8(r: 0, g: 0, b: 255)

    @Test func customStylesAreEqualByName() {
        let a = AvatarStyle.custom(name: "grey") { $0 }
        let b = AvatarStyle.custom(name: "grey") { _ in nil }
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        #expect(a != .custom(name: "sepia") { $0 })
        #expect(AvatarStyle.circle(diameter: 40).identifier == "circle 40")
        #expect(AvatarStyle.rectangle(width: 3, height: 2) != .rectangle(width: 2, height: 3))
    }

    @Test func rectangleCentreCropsWithoutStretching() throws {
        // 4x2: red, green, green, blue columns. A 2x2 rectangle keeps the middle two columns.
        var image = RGBAImage(width: 4, height: 2, fill: green)
        for y in 0..<2 { image[0, y] = red; image[3, y] = blue }
        let styled = try #require(AvatarStyle.rectangle(width: 2, height: 2).apply(to: image))
        #expect(styled.width == 2 && styled.height == 2)
        #expect((0..<2).allSatisfy { x in (0..<2).allSatisfy { y in styled[x, y] == green } })
    }

    @Test func reductionAveragesTheCoveredArea() throws {
        // 2x2 source: red, green / blue, white -> 1x1 average (255+0+0+255)/4 etc., by hand.
        var image = RGBAImage(width: 2, height: 2)
        image[0, 0] = red; image[1, 0] = green; image[0, 1] = blue; image[1, 1] = .white
        let styled = try #require(AvatarStyle.rectangle(width: 1, height: 1).apply(to: image))
        #expect(styled[0, 0] == RGBA8(r: 128, g: 128, b: 128))  // 127.5 rounds up
    }

    @Test func transparentPixelsDoNotDarkenTheAverage() throws {
        var image = RGBAImage(width: 2, height: 1)
        image[0, 0] = red
        let styled = try #require(AvatarStyle.rectangle(width: 1, height: 1).apply(to: image))
        #expect(styled[0, 0] == RGBA8(r: 255, g: 0, b: 0, a: 128))
    }

    @Test func circleIsAntiAliased() throws {
        let styled = try #require(
            AvatarStyle.circle(diameter: 10).apply(to: RGBAImage(width: 20, height: 20, fill: red)))
        #expect(styled[0, 0].a == 0)
        #expect(styled[5, 5] == red)
        // Pixel (0, 4): centre (0.5, 4.5) lies hypot(4.5, 0.5) - 5 = -0.4723 from the outline -> 0.9723 * 255.
        #expect(styled[0, 4].a == 248)
    }

    @Test func roundedRectangleLeavesATransparentBorder() throws {
        let style = AvatarStyle.roundedRectangle(width: 10, height: 10, cornerRadius: 2, borderWidth: 2)
        let styled = try #require(style.apply(to: RGBAImage(width: 10, height: 10, fill: red)))
        #expect(styled[1, 5].a == 0)
        #expect(styled[2, 5] == red)
        // Corner pixel (2, 2): centre (2.5, 2.5) is 1.5*sqrt2 - 2 = 0.1213 outside the arc -> 0.3787 * 255.
        #expect(styled[2, 2].a == 97)
        #expect(styled[2, 2].r == 255)
        #expect(styled[5, 5] == red)
    }

    @Test func degenerateSizesDoNotCrash() throws {
        let image = RGBAImage(width: 3, height: 3, fill: red)
        #expect(try #require(AvatarStyle.rectangle(width: 0, height: -4).apply(to: image)).width == 1)
        let tooThick = AvatarStyle.roundedRectangle(width: 4, height: 4, cornerRadius: 1, borderWidth: 5)
        #expect(try #require(tooThick.apply(to: image))[2, 2].a == 0)
    }
}
