import Fixtures
import GroupExport
import GroupIcon

extension AppController {
    /// What a request for the sheet's stand-in group (`VariantsSheetView.standIn`) does instead of composing
    /// one avatar: the whole variants sheet composed through the provider and painted, off the loop's thread
    /// like every composite; nil for any other group.
    func sheetWork(for standIn: ChatGroup)
        -> (@Sendable (CompositionParameters) async throws(CompositionError) -> Composite)?
    {
        guard let (themeName, group) = VariantsSheetView.sheet(of: standIn) else { return nil }
        let pool = VariantsSheet.photoPool(state.groups, first: group)
        let theme = options.themes.first { $0.name == themeName } ?? .standard(themeName)
        let text = ChatRowText(
            name: group.name, message: group.lastMessage,
            time: ChatListView.timeLabel(group.updatedAt, now: options.now(), timeZone: options.timeZone),
            unread: group.unread)
        let listAvatarPoints = options.listAvatarPoints
        let provider = provider
        return { parameters throws(CompositionError) in
            let sheet = try await VariantsSheet.compose(
                pool: pool, group: group, text: text, themes: [theme], parameters: parameters,
                listAvatarPoints: listAvatarPoints,
                composite: { group, parameters throws(CompositionError) in
                    try await provider.composite(for: group, parameters: parameters)
                })
            return Composite(image: sheet.image(), warnings: sheet.warnings)
        }
    }
}
