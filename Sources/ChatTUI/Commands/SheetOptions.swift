import ArgumentParsing
import GroupExport
import GroupIcon
import Support

/// The options of the variants sheet (`export --sheet`, the app's `v`): the list avatar's display size and the
/// mock chat list's theme colours.
struct SheetOptions: OptionGroup {
    static let listAvatarSizeSpec = OptionSpec(
        name: "--list-avatar-size", valueName: "PT",
        help: "side of the chat list's avatars in pt at the export scale (default 48): list pictures, context rows")
    static let themeSpec = OptionSpec(
        name: "--theme", valueName: "NAME",
        help: "light or dark: the chat-list theme the --theme-* colours change (default light; the app starts on it)",
        choices: ChatListTheme.Name.allCases.map(\.rawValue))
    static let themeBackgroundSpec = OptionSpec(
        name: "--theme-background", valueName: "COLOR", help: "that theme's row background, #RRGGBB")
    static let themeTextSpec = OptionSpec(
        name: "--theme-text", valueName: "COLOR", help: "that theme's name colour, #RRGGBB")
    static let themeSecondaryTextSpec = OptionSpec(
        name: "--theme-secondary-text", valueName: "COLOR",
        help: "that theme's colour of the last message and the time, #RRGGBB")
    static let themeBadgeSpec = OptionSpec(
        name: "--theme-badge", valueName: "COLOR", help: "that theme's unread badge colour, #RRGGBB")
    static let options = [
        listAvatarSizeSpec, themeSpec, themeBackgroundSpec, themeTextSpec, themeSecondaryTextSpec, themeBadgeSpec,
    ]

    /// What `--list-avatar-size` accepts: from a small icon to a large one (a list row is at most the screen).
    static let listAvatarRange: ClosedRange<Double> = 16...256

    /// `--list-avatar-size` in points, 48 when absent.
    var listAvatarPoints: Double
    /// The themes, light then dark, with the `--theme-*` colours applied to the one `--theme` names.
    var themes: [ChatListTheme]
    /// The theme `--theme` names (light when absent).
    var selectedTheme: ChatListTheme.Name
    /// Whether any of the options was given (they only mean something with a sheet).
    var isGiven: Bool

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        let text = arguments.string(Self.listAvatarSizeSpec) ?? "48"
        guard let points = Double(text), Self.listAvatarRange.contains(points) else {
            throw UsageError(
                message: "--list-avatar-size: expected points from \(Int(Self.listAvatarRange.lowerBound))"
                    + " to \(Int(Self.listAvatarRange.upperBound)), got '\(Sanitizer.clean(text))'",
                command: arguments.command)
        }
        listAvatarPoints = points
        (themes, selectedTheme) = try Self.themes(from: arguments)
        isGiven = Self.options.contains { arguments.isGiven($0) }
    }

    /// The themes, light then dark, with the `--theme-*` colours applied to the one `--theme` names, and that
    /// theme's name.
    private static func themes(from arguments: ParsedArguments) throws(UsageError)
        -> (themes: [ChatListTheme], selected: ChatListTheme.Name)
    {
        let text = arguments.string(themeSpec) ?? "light"
        guard let selected = ChatListTheme.Name(rawValue: text.lowercased()) else {
            throw UsageError(
                message: "--theme: expected light or dark, got '\(Sanitizer.clean(text))'", command: arguments.command)
        }
        var theme = ChatListTheme.standard(selected)
        let colors: [(OptionSpec, WritableKeyPath<ChatListTheme, RGBA8>)] = [
            (themeBackgroundSpec, \.background), (themeTextSpec, \.text),
            (themeSecondaryTextSpec, \.secondaryText), (themeBadgeSpec, \.badge),
        ]
        for (option, keyPath) in colors {
            guard let value = arguments.string(option) else { continue }
            guard let color = RGBA8(parsing: value), color.a == 255 else {
                throw UsageError(
                    message: "\(option.name): expected an opaque colour as #RRGGBB, got '\(Sanitizer.clean(value))'",
                    command: arguments.command)
            }
            theme[keyPath: keyPath] = color
        }
        let themes = ChatListTheme.Name.allCases.map { $0 == selected ? theme : ChatListTheme.standard($0) }
        return (themes, selected)
    }
}
