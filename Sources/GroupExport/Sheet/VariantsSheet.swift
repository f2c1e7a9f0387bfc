import Fixtures
import GroupIcon

/// What a mock chat-list row shows beside the avatar.
package struct ChatRowText: Hashable, Sendable {
    package var name: String
    package var message: String
    /// The time as the list shows it ("14:05", "2026-11-30"); empty for none.
    package var time: String
    /// The unread count on the badge; no badge at 0.
    package var unread: Int

    package init(name: String, message: String, time: String, unread: Int) {
        self.name = name; self.message = message; self.time = time; self.unread = unread
    }

    /// The badge's text: the count, "99+" above 99, empty when nothing is unread.
    package var badge: String { unread <= 0 ? "" : unread > 99 ? "99+" : "\(unread)" }
}

/// A variants sheet: the current parameters applied to 1-9 and 12 members and to the selected group, side by
/// side with labels, and that group's avatar in mock chat-list rows, one per theme, at its display size, like
/// a design tool's variants panel. `chat-tui export --sheet` writes it as one picture.
package struct VariantsSheet: Sendable {
    /// Where everything goes.
    package let layout: VariantsSheetLayout
    /// One composite per cell of the layout, in its order.
    package let composites: [RGBAImage]
    /// The avatar of the context rows, the composite reduced to the list's display size; nil without rows.
    package let rowAvatar: RGBAImage?
    package let rowText: ChatRowText
    /// One per context row, top to bottom.
    package let themes: [ChatListTheme]
    /// Warnings met while composing (unreadable photos become placeholders), each once.
    package let warnings: [AvatarWarning]

    /// The neutral grey behind the grid and the labels' colour on it.
    package static let background = RGBA8(r: 0xE6, g: 0xE6, b: 0xE6)
    package static let labelColor = RGBA8(r: 0x33, g: 0x33, b: 0x33)

    /// The photos the variants draw from: the selected group's members first, then every other member of
    /// `groups` with a photo, each photo once, in fixture order, up to the twelve the largest variant draws;
    /// members without photos only when no member has one (placeholders then stand in).
    package static func photoPool(_ groups: [ChatGroup], first: ChatGroup? = nil) -> [MemberSource] {
        let wanted = VariantsSheetLayout.memberCounts.max() ?? 12
        var photos: [MemberSource] = [], placeholders: [MemberSource] = []
        var seenPhotos = Set<String>(), seenIDs = Set<String>()
        for group in (first.map { [$0] } ?? []) + groups {
            for member in GroupComposer.members(of: group) {
                if let path = member.imagePath {
                    if seenPhotos.insert(path).inserted { photos.append(member) }
                    if photos.count == wanted { return photos }
                } else if placeholders.count < wanted, seenIDs.insert(member.id).inserted {
                    placeholders.append(member)
                }
            }
        }
        return photos.isEmpty ? placeholders : photos
    }

    /// `count` members from `pool`, taken in order and repeated when it has fewer (a repeat gets its own id,
    /// so it is drawn as a member of its own); "Member N" placeholders for an empty pool.
    package static func variantMembers(_ pool: [MemberSource], count: Int) -> [MemberSource] {
        (0..<max(0, count)).map { index in
            guard !pool.isEmpty else {
                return MemberSource(id: "member-\(index + 1)", name: "Member \(index + 1)", imagePath: nil)
            }
            var member = pool[index % pool.count]
            if index >= pool.count { member.id += "#\(index / pool.count + 1)" }
            return member
        }
    }

    /// How a sheet gets composites: `GroupComposer.composite(for:parameters:)` or a stand-in that draws the same.
    package typealias Compose =
        @Sendable (ChatGroup, CompositionParameters) async throws(CompositionError) -> Composite

    /// The group a variant of `count` members is drawn as: `variantMembers` of `pool`, without a photo of its own.
    package static func variantGroup(_ pool: [MemberSource], count: Int) -> ChatGroup {
        ChatGroup(
            id: "variant-\(count)", name: "\(count) members",
            members: variantMembers(pool, count: count).map {
                GroupMember(id: $0.id, name: $0.name, avatarPath: $0.imagePath)
            })
    }

    /// Composes every picture of a sheet with `composer`: the variants from `pool` and `group`'s own composite
    /// at `parameters`, and, for each of `themes`, a context row with `group` (or, without one, the nine-member
    /// variant) reduced to `listAvatarPoints` showing `text`.
    package static func compose(
        pool: [MemberSource], group: ChatGroup?, text: ChatRowText, themes: [ChatListTheme],
        parameters: CompositionParameters, listAvatarPoints: Double, composer: GroupComposer
    ) async throws(CompositionError) -> VariantsSheet {
        try await compose(
            pool: pool, group: group, text: text, themes: themes, parameters: parameters,
            listAvatarPoints: listAvatarPoints, composite: composer.composite)
    }

    /// The same with composites from `composite`.
    package static func compose(
        pool: [MemberSource], group: ChatGroup?, text: ChatRowText, themes: [ChatListTheme],
        parameters: CompositionParameters, listAvatarPoints: Double, composite: Compose
    ) async throws(CompositionError) -> VariantsSheet {
        var warnings: [AvatarWarning] = []
        var composites: [RGBAImage] = []
        for count in VariantsSheetLayout.memberCounts {
            do throws(CompositionError) {
                let variant = try await composite(variantGroup(pool, count: count), parameters)
                composites.append(variant.image)
                warnings += variant.warnings
            } catch .limitBroken {
                // The app's parameters fit its groups, not necessarily every variant (a margin fine for three
                // members leaves nine blank tiles): such a variant's cell is its bare background.
                let canvas = Layouts.canvas(count: count, parameters: parameters)
                composites.append(
                    RGBAImage(
                        width: max(1, Int((canvas.width * parameters.pixelsPerPoint).rounded())),
                        height: max(1, Int((canvas.height * parameters.pixelsPerPoint).rounded())),
                        fill: parameters.resolvedBackground))
            }
        }
        if let group {
            let own = try await composite(group, parameters)
            composites.append(own.image)
            warnings += own.warnings
        }
        // The context row's avatar is the group's composite (or the nine-member variant) reduced to the list's
        // size, as a chat list shows the bitmap it was given and as the app's list does: composed at the list's
        // size instead, margins and radii in points would take the same points of a smaller canvas.
        let side = VariantsSheetLayout.rowAvatarPixels(
            count: group?.members.count ?? 9, parameters: parameters, listAvatarPoints: listAvatarPoints)
        let nineMembers = VariantsSheetLayout.memberCounts.firstIndex(of: 9).map { composites[$0] }
        let shown = group == nil ? nineMembers : composites.last
        let rowAvatar =
            themes.isEmpty ? nil : shown.map { Resampler.resample($0, width: side.width, height: side.height) }
        let timeWidth =
            TextLine.mask(text.time, pixelsPerEm: ChatRowLayout.timePoints * Double(parameters.scale), maxWidth: .max)?
            .box.width ?? 0
        let row = ChatRowLayout(avatarSide: max(side.width, side.height), scale: parameters.scale, timeWidth: timeWidth)
        let layout = VariantsSheetLayout(
            avatarWidth: composites.map(\.width).max() ?? 1, avatarHeight: composites.map(\.height).max() ?? 1,
            scale: parameters.scale,
            group: group.map { ($0.id, $0.members.count) }, row: row, themes: themes.count)
        var seen = Set<String>()
        return VariantsSheet(
            layout: layout, composites: composites, rowAvatar: rowAvatar, rowText: text, themes: themes,
            warnings: warnings.filter { seen.insert("\($0)").inserted })
    }

    /// The sheet as one opaque picture: every composite at its cell with its label centred under it, the
    /// context rows under the grid.
    package func image() -> RGBAImage {
        var canvas = SheetCanvas(width: layout.width, height: layout.height, background: Self.background)
        for (cell, composite) in zip(layout.cells, composites) {
            let origin = VariantsSheetLayout.origin(of: composite, in: cell.avatar)
            canvas.place(composite, x: origin.x, y: origin.y)
            if let mask = TextLine.mask(cell.label, pixelsPerEm: layout.labelPixelsPerEm, maxWidth: cell.labelBox.width)
            {
                canvas.fill(
                    mask, x: cell.labelBox.x + (cell.labelBox.width - mask.box.width) / 2, y: cell.labelBox.y,
                    color: Self.labelColor)
            }
        }
        if let row = layout.row, let rowAvatar {
            for (box, theme) in zip(layout.contextRows, themes) {
                drawRow(row, at: box, theme: theme, avatar: rowAvatar, on: &canvas)
            }
        }
        return canvas.image
    }

    private func drawRow(
        _ row: ChatRowLayout, at box: PixelBox, theme: ChatListTheme, avatar: RGBAImage, on canvas: inout SheetCanvas
    ) {
        canvas.fill(
            CoverageMask.solid(PixelBox(x: 0, y: 0, width: box.width, height: box.height)), x: box.x, y: box.y,
            color: theme.background)
        let origin = VariantsSheetLayout.origin(of: avatar, in: row.avatar)
        canvas.place(avatar, x: box.x + origin.x, y: box.y + origin.y)
        func text(
            _ string: String, _ pixelsPerEm: Double, _ maxWidth: Int, _ color: RGBA8, x: Int, y: Int,
            rightAligned: Bool = false
        ) {
            guard !string.isEmpty, let mask = TextLine.mask(string, pixelsPerEm: pixelsPerEm, maxWidth: maxWidth) else {
                return
            }
            canvas.fill(mask, x: box.x + (rightAligned ? x - mask.box.width : x), y: box.y + y, color: color)
        }
        text(rowText.name, row.namePixelsPerEm, row.nameMaxWidth, theme.text, x: row.textX, y: row.nameTop)
        text(
            rowText.message, row.messagePixelsPerEm, row.messageMaxWidth, theme.secondaryText, x: row.textX,
            y: row.messageTop)
        text(
            rowText.time, row.timePixelsPerEm, row.width, theme.secondaryText, x: row.timeRight, y: row.timeTop,
            rightAligned: true)
        let badge = rowText.badge
        guard !badge.isEmpty else { return }
        let count = TextLine.mask(badge, pixelsPerEm: row.badgePixelsPerEm, maxWidth: row.width)
        let height = Double(row.badgeHeight)
        // A disc for one digit, a pill as wide as the count needs for more.
        let width = max(height, Double(count?.box.width ?? 0) + height / 2)
        let frame = Rect(
            x: Double(box.x + row.badgeCenterX) - width / 2, y: Double(box.y + row.badgeCenterY) - height / 2,
            width: width, height: height)
        canvas.fill(
            Coverage.mask(of: .roundedRect(frame, cornerRadius: height / 2), scale: 1), x: 0, y: 0, color: theme.badge)
        if let count {
            canvas.fill(
                count, x: box.x + row.badgeCenterX - count.box.width / 2,
                y: box.y + row.badgeCenterY - count.box.height / 2, color: theme.badgeText)
        }
    }
}

extension CoverageMask {
    /// Full coverage over `box`.
    static func solid(_ box: PixelBox) -> CoverageMask {
        CoverageMask(box: box, values: [Float](repeating: 1, count: box.pixelCount))
    }
}
