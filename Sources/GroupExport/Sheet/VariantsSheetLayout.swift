import GroupIcon

/// Where everything of a variants sheet goes, in pixels: a grid of labelled cells (the parameters applied to
/// 1-9 and 12 members, then the selected group's own photos) and under it the avatar-in-context rows, one per
/// theme. Computed from sizes alone, before anything is composed, so the sheet's size is known up front.
package struct VariantsSheetLayout: Hashable, Sendable {
    /// One labelled composite of the grid.
    package struct Cell: Hashable, Sendable {
        /// What the label under the composite says: the member count, or "group-id (N)".
        package var label: String
        /// Members the composite is drawn from.
        package var memberCount: Int
        /// Whether this is the selected group's own composite rather than a variant of the photo pool.
        package var isGroup: Bool
        /// The composite's pixels.
        package var avatar: PixelBox
        /// The box the label is centred in, under the composite and as wide as the cell and half the spacing on
        /// either side.
        package var labelBox: PixelBox
    }

    /// The member counts every sheet shows, in order.
    package static let memberCounts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12]
    /// Cells per grid row.
    package static let columns = 6
    /// Margin around the sheet and space between cells and rows, in points.
    package static let spacing = 16.0
    /// Space between a composite and its label, in points.
    package static let labelGap = 6.0
    /// The labels' size, in points per em.
    package static let labelPoints = 13.0
    /// The narrowest cell, in points: room for a group's label under a small avatar.
    package static let minimumCellPoints = 72.0

    package let width: Int
    package let height: Int
    package let cells: [Cell]
    /// The mock chat-list rows, one per theme, under the grid.
    package let contextRows: [PixelBox]
    /// The layout inside each context row.
    package let row: ChatRowLayout?
    /// The labels' size in pixels per em.
    package let labelPixelsPerEm: Double

    /// The layout for composites at most `avatarWidth` x `avatarHeight` pixels (a grid layout's canvas may be
    /// narrower or shorter than `--size`) at `scale` pixels per point, with a last cell for a group (`group`:
    /// its id and member count) and `themes` context rows laid out by `row`.
    package init(
        avatarWidth: Int, avatarHeight: Int, scale: Int, group: (id: String, memberCount: Int)?, row: ChatRowLayout?,
        themes: Int
    ) {
        let s = Double(max(1, scale))
        let spacing = Self.pixels(Self.spacing, s), labelGap = Self.pixels(Self.labelGap, s)
        labelPixelsPerEm = Self.labelPoints * s
        let labelHeight = Int((TextLine.lineHeight * labelPixelsPerEm).rounded(.up))
        let side = (width: max(1, avatarWidth), height: max(1, avatarHeight))
        let cellWidth = max(side.width, Self.pixels(Self.minimumCellPoints, s))
        let cellHeight = side.height + labelGap + labelHeight
        var entries = Self.memberCounts.map { (label: "\($0)", count: $0, isGroup: false) }
        if let group { entries.append((label: "\(group.id) (\(group.memberCount))", count: group.memberCount, true)) }
        cells = entries.enumerated().map { index, entry in
            let x = spacing + (index % Self.columns) * (cellWidth + spacing)
            let y = spacing + (index / Self.columns) * (cellHeight + spacing)
            return Cell(
                label: entry.label, memberCount: entry.count, isGroup: entry.isGroup,
                avatar: PixelBox(x: x + (cellWidth - side.width) / 2, y: y, width: side.width, height: side.height),
                // Labels may take half the space to either side: a group's id needs the room more than the gap.
                labelBox: PixelBox(
                    x: x - spacing / 2, y: y + side.height + labelGap, width: cellWidth + spacing - spacing % 2,
                    height: labelHeight))
        }
        let columnsUsed = min(Self.columns, entries.count)
        let gridRows = (entries.count + Self.columns - 1) / Self.columns
        let gridWidth = spacing + columnsUsed * (cellWidth + spacing)
        var bottom = spacing + gridRows * (cellHeight + spacing)
        var rows: [PixelBox] = []
        if let row {
            for _ in 0..<max(0, themes) {
                rows.append(PixelBox(x: spacing, y: bottom, width: row.width, height: row.height))
                bottom += row.height + spacing
            }
        }
        contextRows = rows
        self.row = rows.isEmpty ? nil : row
        width = max(gridWidth, rows.isEmpty ? 0 : row.map { $0.width + 2 * spacing } ?? 0)
        height = bottom
    }

    /// The layout of the sheet `VariantsSheet.compose` makes at `parameters` for `group` with `themes` context
    /// rows at `listAvatarPoints`, worked out from the layouts' canvases without composing anything: where a
    /// click on the sheet lands. `timeWidth` (the context row's time in pixels) moves only how far the name may
    /// reach, never a cell or a row.
    package init(
        parameters: CompositionParameters, group: (id: String, memberCount: Int)?, listAvatarPoints: Double,
        themes: Int, timeWidth: Int = 0
    ) {
        let counts = Self.memberCounts + (group.map { [$0.memberCount] } ?? [])
        let sizes = counts.map { Self.canvasPixels(count: $0, parameters: parameters) }
        // The context row shows the group, or without one the nine-member variant, as `compose` does.
        let rowAvatar = Self.rowAvatarPixels(
            count: group?.memberCount ?? 9, parameters: parameters, listAvatarPoints: listAvatarPoints)
        let row =
            themes > 0
            ? ChatRowLayout(
                avatarSide: max(rowAvatar.width, rowAvatar.height), scale: parameters.scale, timeWidth: timeWidth)
            : nil
        self.init(
            avatarWidth: sizes.map(\.width).max() ?? 1, avatarHeight: sizes.map(\.height).max() ?? 1,
            scale: parameters.scale, group: group, row: row, themes: themes)
    }

    /// The pixels of a composite of `count` members at `parameters`: its layout's canvas at the scale.
    static func canvasPixels(count: Int, parameters: CompositionParameters) -> (width: Int, height: Int) {
        let canvas = Layouts.canvas(count: count, parameters: parameters)
        let scale = Double(parameters.scale)
        return (max(1, Int((canvas.width * scale).rounded())), max(1, Int((canvas.height * scale).rounded())))
    }

    /// The pixels of the context row's avatar: the composite of `count` members at `parameters`, its
    /// proportions kept, reduced until its longer side is `listAvatarPoints` at the scale.
    package static func rowAvatarPixels(
        count: Int, parameters: CompositionParameters, listAvatarPoints: Double
    ) -> (width: Int, height: Int) {
        let full = canvasPixels(count: count, parameters: parameters)
        let longer = Double(max(full.width, full.height))
        let side = max(1.0, (listAvatarPoints * Double(parameters.scale)).rounded())
        return (
            max(1, Int((Double(full.width) * side / longer).rounded())),
            max(1, Int((Double(full.height) * side / longer).rounded()))
        )
    }

    /// Where `image` goes in `box` (a cell's or a row's avatar box): centred, so a composite smaller than the
    /// largest keeps its own pixels.
    package static func origin(of image: RGBAImage, in box: PixelBox) -> (x: Int, y: Int) {
        (box.x + (box.width - image.width) / 2, box.y + (box.height - image.height) / 2)
    }

    /// `points` at `scale`, rounded to whole pixels.
    static func pixels(_ points: Double, _ scale: Double) -> Int {
        Int((points * scale).rounded())
    }
}

/// A mock chat-list row as WeChat draws one, in pixels from the row's top-left corner: the avatar at its
/// display size on the left, the name over the last message to its right, the time at the top right, the
/// unread badge on the avatar's top-right corner.
package struct ChatRowLayout: Hashable, Sendable {
    /// Points: the row's width (a phone's), the margins left and right, the space above and below the avatar,
    /// between the avatar and the text, and between the name and the message.
    package static let widthPoints = 375.0
    package static let sideMargin = 16.0
    package static let verticalMargin = 12.0
    package static let textGap = 12.0
    package static let lineGap = 3.0
    /// Text sizes in points per em: the name, the last message, the time and the badge's count.
    package static let namePoints = 17.0
    package static let messagePoints = 14.0
    package static let timePoints = 12.0
    package static let badgePoints = 12.0
    /// The badge's height in points (a disc for one digit, a pill for more); its centre sits this far inside
    /// the avatar's top-right corner.
    package static let badgeDiameter = 18.0
    package static let badgeInset = 2.0

    package let width: Int
    package let height: Int
    package let avatar: PixelBox
    /// Where the name and the message start, and the widest each may be (the name leaves room for the time).
    package let textX: Int
    package let nameTop: Int
    package let messageTop: Int
    package let nameMaxWidth: Int
    package let messageMaxWidth: Int
    /// The time's right edge and top.
    package let timeRight: Int
    package let timeTop: Int
    /// The badge: its centre and height in pixels.
    package let badgeCenterX: Int
    package let badgeCenterY: Int
    package let badgeHeight: Int
    /// Pixels per em of the name, message, time and badge count.
    package let namePixelsPerEm: Double
    package let messagePixelsPerEm: Double
    package let timePixelsPerEm: Double
    package let badgePixelsPerEm: Double

    /// A row for an avatar `avatarSide` pixels square at `scale` pixels per point; `timeWidth` is the time's
    /// drawn width in pixels, which the name leaves room for.
    package init(avatarSide: Int, scale: Int, timeWidth: Int) {
        let s = Double(max(1, scale))
        func px(_ points: Double) -> Int { VariantsSheetLayout.pixels(points, s) }
        let side = max(1, avatarSide)
        width = max(px(Self.widthPoints), px(Self.sideMargin) * 3 + side + px(Self.textGap))
        height = side + 2 * px(Self.verticalMargin)
        avatar = PixelBox(x: px(Self.sideMargin), y: px(Self.verticalMargin), width: side, height: side)
        namePixelsPerEm = Self.namePoints * s
        messagePixelsPerEm = Self.messagePoints * s
        timePixelsPerEm = Self.timePoints * s
        badgePixelsPerEm = Self.badgePoints * s
        let nameHeight = Int((TextLine.lineHeight * namePixelsPerEm).rounded(.up))
        let messageHeight = Int((TextLine.lineHeight * messagePixelsPerEm).rounded(.up))
        // The two lines together are centred on the avatar.
        let block = nameHeight + px(Self.lineGap) + messageHeight
        nameTop = avatar.y + (side - block) / 2
        messageTop = nameTop + nameHeight + px(Self.lineGap)
        textX = avatar.maxX + px(Self.textGap)
        timeRight = width - px(Self.sideMargin)
        let timeHeight = Int((TextLine.lineHeight * timePixelsPerEm).rounded(.up))
        timeTop = nameTop + (nameHeight - timeHeight) / 2
        nameMaxWidth = max(1, timeRight - max(0, timeWidth) - px(Self.textGap) - textX)
        messageMaxWidth = max(1, timeRight - textX)
        badgeHeight = px(Self.badgeDiameter)
        badgeCenterX = avatar.maxX - px(Self.badgeInset)
        badgeCenterY = avatar.y + px(Self.badgeInset)
    }
}
