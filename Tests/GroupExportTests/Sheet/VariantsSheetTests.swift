import Fixtures
import GroupIcon
import Testing

@testable import GroupExport

/// The variants sheet's layout: where every cell, label and context row goes.
@Suite struct VariantsSheetLayoutTests {
    @Test func everyMemberCountHasACellInOrderThenTheGroup() {
        let layout = VariantsSheetLayout(
            avatarWidth: 96, avatarHeight: 96, scale: 2, group: ("family", 7), row: nil, themes: 0)
        #expect(layout.cells.map(\.memberCount) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 7])
        #expect(layout.cells.map(\.label) == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "12", "family (7)"])
        #expect(layout.cells.map(\.isGroup) == Array(repeating: false, count: 10) + [true])
        #expect(layout.contextRows.isEmpty && layout.row == nil)
    }

    @Test func cellsSitInAGridOfSixWithLabelsUnderTheirAvatars() {
        // 96 px avatars at 2x: 32 px spacing, cells 144 px wide (72 pt minimum), labels 12 px under the avatar and
        // 16 px wider on either side.
        let layout = VariantsSheetLayout(avatarWidth: 96, avatarHeight: 96, scale: 2, group: nil, row: nil, themes: 0)
        let labelHeight = Int((TextLine.lineHeight * 26).rounded(.up))
        #expect(layout.labelPixelsPerEm == 26)
        let first = layout.cells[0], seventh = layout.cells[6]
        #expect(first.avatar == PixelBox(x: 32 + 24, y: 32, width: 96, height: 96))
        #expect(first.labelBox == PixelBox(x: 16, y: 32 + 96 + 12, width: 144 + 32, height: labelHeight))
        #expect(layout.cells[1].avatar.x == first.avatar.x + 144 + 32)
        let rowHeight = 96 + 12 + labelHeight + 32
        #expect(seventh.avatar == PixelBox(x: first.avatar.x, y: 32 + rowHeight, width: 96, height: 96))
        #expect(layout.width == 32 + 6 * (144 + 32))
        #expect(layout.height == 32 + 2 * rowHeight)
        // No two cells overlap, and every cell lies inside the sheet.
        let sheet = PixelBox(x: 0, y: 0, width: layout.width, height: layout.height)
        for (i, a) in layout.cells.enumerated() {
            #expect(sheet.intersection(a.avatar) == a.avatar && sheet.intersection(a.labelBox) == a.labelBox)
            #expect(a.avatar.intersection(a.labelBox).isEmpty)
            for b in layout.cells[(i + 1)...] { #expect(a.labelBox.intersection(b.labelBox).isEmpty) }
        }
    }

    @Test func largeAvatarsWidenTheCells() {
        let layout = VariantsSheetLayout(avatarWidth: 396, avatarHeight: 396, scale: 3, group: nil, row: nil, themes: 0)
        #expect(layout.cells[0].avatar.x == layout.cells[0].labelBox.x + 24)
        #expect(layout.cells[0].labelBox.width == 396 + 48)
    }

    @Test func aWideCanvasGetsCellsOfItsShape() {
        // A grid layout's canvas grown to 144 x 62 px.
        let layout = VariantsSheetLayout(avatarWidth: 144, avatarHeight: 62, scale: 2, group: nil, row: nil, themes: 0)
        #expect(layout.cells[0].avatar == PixelBox(x: 32, y: 32, width: 144, height: 62))
        #expect(layout.cells[0].labelBox.y == 32 + 62 + 12)
        let small = RGBAImage(width: 100, height: 40)
        #expect(VariantsSheetLayout.origin(of: small, in: layout.cells[0].avatar) == (54, 43))
    }

    @Test func contextRowsFollowTheGridOnePerTheme() {
        let row = ChatRowLayout(avatarSide: 96, scale: 2, timeWidth: 60)
        let layout = VariantsSheetLayout(
            avatarWidth: 96, avatarHeight: 96, scale: 2, group: ("g", 3), row: row, themes: 2)
        let gridBottom = layout.cells.map { $0.labelBox.maxY }.max() ?? 0
        #expect(layout.contextRows.count == 2)
        #expect(layout.contextRows[0] == PixelBox(x: 32, y: gridBottom + 32, width: row.width, height: row.height))
        #expect(layout.contextRows[1].y == layout.contextRows[0].maxY + 32)
        #expect(layout.height == layout.contextRows[1].maxY + 32)
        #expect(layout.width == max(32 + 6 * (144 + 32), row.width + 64))
    }

    @Test func aChatRowPlacesTheAvatarTextTimeAndBadgeAsWeChatDoes() {
        let row = ChatRowLayout(avatarSide: 96, scale: 2, timeWidth: 60)
        #expect(row.width == 750 && row.height == 96 + 48)
        #expect(row.avatar == PixelBox(x: 32, y: 24, width: 96, height: 96))
        #expect(row.textX == 32 + 96 + 24)
        #expect(row.timeRight == 750 - 32)
        #expect(row.nameMaxWidth == 750 - 32 - 60 - 24 - row.textX)
        #expect(row.messageMaxWidth == 750 - 32 - row.textX)
        // Name over message, the pair centred on the avatar.
        #expect(row.nameTop > row.avatar.y && row.messageTop > row.nameTop)
        let messageBottom = row.messageTop + Int((TextLine.lineHeight * 28).rounded(.up))
        #expect(abs((row.nameTop - row.avatar.y) - (row.avatar.maxY - messageBottom)) <= 1)
        // The badge on the avatar's top-right corner.
        #expect(row.badgeCenterX == row.avatar.maxX - 4 && row.badgeCenterY == row.avatar.y + 4)
        #expect(row.badgeHeight == 36)
    }
}

/// The sheet's pictures: the variants from a photo pool, the group, the rows in their themes.
@Suite struct VariantsSheetTests {
    @Test func thePoolTakesTheGroupFirstThenEveryOtherPhotoOnce() throws {
        let folder = try ExportFolder()
        let groups = (0..<4).map(folder.group)
        let pool = VariantsSheet.photoPool(groups, first: groups[2])
        #expect(pool.prefix(groups[2].members.count).map(\.imagePath) == groups[2].members.map(\.avatarPath))
        #expect(Set(pool.compactMap(\.imagePath)).count == pool.count)
        #expect(pool.count == ExportFolder.photos.count)
        let many = (0..<40).map { index in
            ChatGroup(
                id: "g\(index)", name: "G",
                members: [GroupMember(id: "m\(index)", name: "M", avatarPath: "/p\(index).jpg")])
        }
        #expect(VariantsSheet.photoPool(many).map(\.imagePath) == (0..<12).map { "/p\($0).jpg" })
    }

    @Test func variantsRepeatAShortPoolWithIdsOfTheirOwn() {
        let pool = [
            MemberSource(id: "a", name: "A", imagePath: "/a.jpg"), MemberSource(id: "b", name: "B", imagePath: nil),
        ]
        let members = VariantsSheet.variantMembers(pool, count: 5)
        #expect(members.map(\.id) == ["a", "b", "a#2", "b#2", "a#3"])
        #expect(members.map(\.imagePath) == ["/a.jpg", nil, "/a.jpg", nil, "/a.jpg"])
        #expect(VariantsSheet.variantMembers([], count: 2).map(\.name) == ["Member 1", "Member 2"])
    }

    @Test func eachCellHoldsTheCompositeOfItsCountAndTheRowsTheirThemes() async throws {
        let folder = try ExportFolder()
        let composer = folder.composer()
        var group = folder.group(3)
        group.unread = 5
        let parameters = CompositionParameters(size: 40, scale: 1, cornerRadius: 0)
        let pool = VariantsSheet.photoPool([group], first: group)
        let text = ChatRowText(name: group.name, message: "hello", time: "12:30", unread: 5)
        let sheet = try await VariantsSheet.compose(
            pool: pool, group: group, text: text, themes: [.light, .dark], parameters: parameters,
            listAvatarPoints: 24, composer: composer)
        let image = sheet.image()
        #expect(image.width == sheet.layout.width && image.height == sheet.layout.height)
        #expect(sheet.layout.cells.count == 11 && sheet.composites.count == 11)
        for (cell, count) in zip(sheet.layout.cells, VariantsSheetLayout.memberCounts) {
            let alone = try await composer.pipeline.composite(
                members: VariantsSheet.variantMembers(pool, count: count), parameters: parameters
            ).composite.image
            #expect(crop(image, cell.avatar) == flattened(alone, on: VariantsSheet.background), "cell \(count)")
        }
        let own = try await composer.composite(for: group, parameters: parameters).image
        #expect(crop(image, sheet.layout.cells[10].avatar) == flattened(own, on: VariantsSheet.background))
        // Labels have ink: darker pixels under each cell when a font is installed.
        if TextLine.hasFont {
            for cell in sheet.layout.cells {
                let label = crop(image, cell.labelBox)
                #expect(stride(from: 0, to: label.pixels.count, by: 4).contains { label.pixels[$0] < 0x90 })
            }
        }
        // The rows: the theme's background at the row's corner, the badge's red on the avatar's corner, the
        // list-size avatar inside.
        for (box, theme) in zip(sheet.layout.contextRows, [ChatListTheme.light, .dark]) {
            #expect(image[box.x + 1, box.y + 1] == theme.background)
            let row = try #require(sheet.layout.row)
            #expect(image[box.x + row.badgeCenterX, box.y + row.badgeCenterY - row.badgeHeight / 2 + 1] == theme.badge)
            #expect(row.avatar.width == 24)
        }
    }

    @Test func theContextRowShowsTheGroupsCompositeAtTheListsSize() async throws {
        // Margin and corner radius in points: the row shows the 80 px composite reduced to 48 px, as the list
        // does, not a composite made at 24 pt, whose 6 pt margins and corners of half its side would leave
        // little of the photos.
        let folder = try ExportFolder()
        let composer = folder.composer()
        let group = folder.group(4)
        let parameters = CompositionParameters(size: 40, scale: 2, margin: 6, cornerRadius: 20)
        let text = ChatRowText(name: group.name, message: "hello", time: "12:30", unread: 0)
        let sheet = try await VariantsSheet.compose(
            pool: VariantsSheet.photoPool([group], first: group), group: group, text: text, themes: [.light],
            parameters: parameters, listAvatarPoints: 24, composer: composer)
        let own = try await composer.composite(for: group, parameters: parameters).image
        let reduced = Resampler.resample(own, width: 48, height: 48)
        #expect(sheet.rowAvatar == reduced)
        var atListSize = parameters
        atListSize.size = 24
        // 6 pt margins and 20 pt corners on a 24 pt canvas break their limits: the library refuses them.
        await #expect(throws: CompositionError.self) {
            try await composer.composite(for: group, parameters: atListSize)
        }
        atListSize.margin = 2
        atListSize.cornerRadius = 12
        let composedSmall = try await composer.composite(for: group, parameters: atListSize).image
        #expect(composedSmall.width == 48 && sheet.rowAvatar != composedSmall)
        // Drawn into the row: the avatar's middle pixel is the reduced composite's, over the row's background.
        let image = sheet.image()
        let row = try #require(sheet.layout.row), box = try #require(sheet.layout.contextRows.first)
        let middle = reduced[24, 24]
        #expect(image[box.x + row.avatar.x + 24, box.y + row.avatar.y + 24] == middle)
    }

    @Test func aVariantWhoseTilesWouldBeTooSmallIsItsBareBackground() async throws {
        // A 30 pt margin suits the one-member group but leaves nine members' tiles below the minimum: the
        // library refuses that composite, and the sheet shows the variant's background instead of failing.
        let folder = try ExportFolder()
        let group = folder.group(0)
        let parameters = CompositionParameters(size: 132, margin: 30)
        let text = ChatRowText(name: group.name, message: "hello", time: "12:30", unread: 0)
        let sheet = try await VariantsSheet.compose(
            pool: VariantsSheet.photoPool([group], first: group), group: group, text: text, themes: [],
            parameters: parameters, listAvatarPoints: 24, composer: folder.composer())
        let nine = try #require(VariantsSheetLayout.memberCounts.firstIndex(of: 9))
        #expect(sheet.composites[nine] == RGBAImage(width: 132, height: 132, fill: parameters.resolvedBackground))
        #expect(sheet.composites[0] != sheet.composites[nine])
    }

    @Test func theLayoutWorkedOutFromTheParametersIsTheOneComposed() async throws {
        let folder = try ExportFolder()
        let composer = folder.composer()
        let group = folder.group(2)
        let text = ChatRowText(name: group.name, message: "hello", time: "12:30", unread: 0)
        var grid = CompositionParameters(size: 40, scale: 2)
        grid.layout = .grid
        for parameters in [CompositionParameters(size: 40, scale: 1), CompositionParameters(size: 30, scale: 3), grid] {
            let sheet = try await VariantsSheet.compose(
                pool: VariantsSheet.photoPool([group], first: group), group: group, text: text, themes: [.light],
                parameters: parameters, listAvatarPoints: 24, composer: composer)
            let timeWidth =
                TextLine.mask(
                    "12:30", pixelsPerEm: ChatRowLayout.timePoints * Double(parameters.scale), maxWidth: .max)?
                .box.width ?? 0
            let predicted = VariantsSheetLayout(
                parameters: parameters, group: (group.id, group.members.count), listAvatarPoints: 24, themes: 1,
                timeWidth: timeWidth)
            #expect(predicted == sheet.layout, "\(parameters.layout) at @\(parameters.scale)x")
        }
    }

    private func crop(_ image: RGBAImage, _ box: PixelBox) -> RGBAImage {
        var out = RGBAImage(width: box.width, height: box.height)
        for y in 0..<box.height { for x in 0..<box.width { out[x, y] = image[box.x + x, box.y + y] } }
        return out
    }

    private func flattened(_ image: RGBAImage, on background: RGBA8) -> RGBAImage {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                out[x, y] = RGBA8(
                    r: SheetCanvas.over(p.r, p.a, background.r), g: SheetCanvas.over(p.g, p.a, background.g),
                    b: SheetCanvas.over(p.b, p.a, background.b))
            }
        }
        return out
    }

    @Test func aSheetsMemoryIsItsCompositesAndItsCanvasTwiceAndFitsAtALowerScale() async throws {
        var parameters = CompositionParameters()
        parameters.size = 1024
        parameters.scale = 4
        let group = (id: "ride", memberCount: 3)
        let layout = VariantsSheetLayout(parameters: parameters, group: group, listAvatarPoints: 48, themes: 1)
        let bytes = VariantsSheet.memoryBytes(
            parameters: parameters, group: group, listAvatarPoints: 48, themes: 1)
        // Eleven 4096 px composites (704 MiB) and the canvas, painted and encoded.
        #expect(bytes >= 11 * 4096 * 4096 * 4 + 2 * layout.width * layout.height * 4)
        #expect(bytes > 2_000_000_000)
        let limit = 192 << 20
        #expect(
            VariantsSheet.scaleFitting(
                limit: limit, parameters: parameters, group: group, listAvatarPoints: 48, themes: 1) == 1)
        #expect(
            VariantsSheet.scaleFitting(
                limit: bytes, parameters: parameters, group: group, listAvatarPoints: 48, themes: 1) == 4)
        #expect(
            VariantsSheet.scaleFitting(
                limit: 1 << 20, parameters: parameters, group: group, listAvatarPoints: 48, themes: 1) == nil)
        #expect(VariantsSheet.describeBytes(bytes).hasSuffix(" GB") && VariantsSheet.describeBytes(limit) == "192 MB")
    }

    @Test func aSheetIsPaintedWithItsMemoryReserved() async throws {
        let sheet = try await VariantsSheet.compose(
            pool: [], group: nil, text: ChatRowText(name: "n", message: "m", time: "", unread: 0), themes: [],
            parameters: CompositionParameters(), listAvatarPoints: 48,
            composite: { _, _ in Composite(image: RGBAImage(width: 8, height: 8, fill: .white), warnings: []) })
        let budget = MemoryBudget(limit: 1 << 20)
        let (reserved, width) = try await sheet.painted(reserving: 1000, from: budget) { image in
            (budget.reserved, image.width)
        }
        #expect(reserved == 1000 && width == sheet.layout.width && budget.reserved == 0)
    }
}
