extension ParameterCatalogue {
    /// The common parameters about how members are presented rather than where they go: the member style,
    /// the decorations (all off by default), the placeholder style and the colour space of exported files.
    static let presentation: [ParameterField] = [
        ParameterField(
            name: "member-style", label: "Member style",
            help: "original, rectangle, rounded:R[:BORDER[:#COLOUR]] or circle (default rectangle)",
            kind: .memberStyle, valueName: "STYLE",
            expectation: "original, rectangle, rounded:R[:BORDER[:#COLOUR]] or circle",
            key: .text, summary: .noteWhenChanged("style"),
            read: { .memberStyle($0.memberStyle) },
            write: { parameters, value in if case .memberStyle(let style) = value { parameters.memberStyle = style } }),
        ParameterField(
            name: "gap-color", label: "Gap colour",
            help: "fill of the gaps between tiles, #RGB, #RRGGBB or #RRGGBBAA (default: the background shows)",
            kind: .color, valueName: "COLOR", isOptional: true, expectation: "#RGB, #RRGGBB, #RRGGBBAA or transparent",
            // `none` rather than `auto`: unset, the gaps show the background.
            key: .custom { $0.gapColor?.hexString ?? "none" }, summary: .omitted,
            read: { $0.gapColor.map(ParameterValue.color) },
            write: { parameters, value in
                if case .color(let color) = value { parameters.gapColor = color } else { parameters.gapColor = nil }
            }),
        flag(
            name: "overflow-badge", label: "Overflow badge",
            help: "show +N on the last tile when members exceed the layout's cap", keyPath: \.overflowBadge),
        flag(
            name: "rtl", label: "Right to left", help: "place members right to left (the layout mirrored)",
            keyPath: \.rightToLeft),
        ParameterField(
            name: "placeholder", label: "Placeholder",
            help: "initials or silhouette: what a member without a photo shows (default initials)",
            kind: .choice, valueName: "STYLE", choices: PlaceholderStyle.allCases.map(\.rawValue),
            expectation: "initials or silhouette", key: .text, summary: .omitted,
            read: { .choice($0.placeholder.rawValue) },
            write: { parameters, value in
                if case .choice(let word) = value, let style = PlaceholderStyle(rawValue: word) {
                    parameters.placeholder = style
                }
            }),
        ParameterField(
            name: "color-space", label: "Colour space",
            help: "srgb or display-p3: the colour space exported files are written in, its profile embedded "
                + "(default srgb; the preview shows sRGB)",
            kind: .choice, valueName: "SPACE", choices: ColorSpace.allCases.map(\.name),
            expectation: "srgb or display-p3", key: .textOmittedAt(ColorSpace.srgb.name),
            summary: .noteWhenChanged("output"),
            read: { .choice($0.colorSpace.name) },
            write: { parameters, value in
                if case .choice(let word) = value, let space = ColorSpace(rawValue: word) {
                    parameters.colorSpace = space
                }
            }),
    ]

    /// A common on/off parameter (a command-line flag without a value).
    private static func flag(
        name: String, label: String, help: String,
        keyPath: WritableKeyPath<CompositionParameters, Bool> & Sendable
    ) -> ParameterField {
        ParameterField(
            name: name, label: label, help: help, kind: .flag, valueName: nil, expectation: "true or false",
            key: .text, summary: .omitted,
            read: { .flag($0[keyPath: keyPath]) },
            write: { parameters, value in if case .flag(let flag) = value { parameters[keyPath: keyPath] = flag } })
    }
}
