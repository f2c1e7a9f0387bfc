import Fixtures
import GroupExport
import GroupIcon

extension AppController {
    /// What a sheet slot's job (`CompositeSubject.sheet`) does instead of composing one avatar: `group`'s whole
    /// variants sheet, its row in the theme `themeName`, composed through the provider and painted, off the
    /// loop's thread like every composite.
    func sheetWork(for group: ChatGroup, theme themeName: ChatListTheme.Name)
        -> @Sendable (CompositionParameters) async throws(CompositionError) -> Composite
    {
        let pool = VariantsSheet.photoPool(state.groups, first: group)
        let theme = options.themes.first { $0.name == themeName } ?? .standard(themeName)
        let text = ChatRowText(
            name: group.name, message: group.lastMessage,
            time: ChatListView.timeLabel(group.updatedAt, now: options.now(), timeZone: options.timeZone),
            unread: group.unread)
        let listAvatarPoints = options.listAvatarPoints
        let provider = provider
        let budget = options.memoryBudget
        return { parameters throws(CompositionError) in
            // A sheet above the memory budget is drawn at the largest scale that fits (at 1 when none does, as a
            // composite above the budget is made alone): the pane shows it reduced anyway.
            let shape = (id: group.id, memberCount: group.members.count)
            var drawn = parameters
            if let budget {
                drawn.scale =
                    VariantsSheet.scaleFitting(
                        limit: budget.limit, parameters: parameters, group: shape, listAvatarPoints: listAvatarPoints,
                        themes: 1) ?? 1
            }
            let sheet = try await VariantsSheet.compose(
                pool: pool, group: group, text: text, themes: [theme], parameters: drawn,
                listAvatarPoints: listAvatarPoints,
                composite: { group, parameters throws(CompositionError) in
                    try await provider.composite(for: group, parameters: parameters)
                })
            let bytes = VariantsSheet.memoryBytes(
                parameters: drawn, group: shape, listAvatarPoints: listAvatarPoints, themes: 1)
            let image = try await sheet.painted(reserving: bytes, from: budget) { $0 }
            return Composite(image: image, warnings: sheet.warnings)
        }
    }
}
