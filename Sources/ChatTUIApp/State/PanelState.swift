import Fixtures
import GroupIcon
import Support

/// The parameter panel's state: whether it is on screen, whether keys go to it, and which row is selected.
package struct PanelState: Hashable, Sendable {
    /// Whether the panel is shown.
    package enum Visibility: Hashable, Sendable {
        /// Shown when the terminal is wide enough (`ScreenLayout.automaticPanelWidth`), the start-up choice.
        case automatic
        case shown
        case hidden
    }

    package var visibility = Visibility.automatic
    /// Whether the arrow keys, Enter and the step keys act on the panel rather than the chat list.
    package var isFocused = false
    /// The selected row, by name (`PanelRow.name`), so that it stays put when the layout's rows change.
    package var selectedRow = "layout"

    package init() {}
}

/// A line prompt in the status line and what its text is for.
package struct Prompt: Hashable, Sendable {
    package enum Purpose: Hashable, Sendable {
        /// `E`: where to export.
        case exportPath
        /// Enter in the panel: a value for the parameter called `name`.
        case value(parameter: String)
        /// `s`: the name to save the current parameters under.
        case presetName
        /// `r` in the presets: the new name of the preset called `from`.
        case presetRename(from: String)
    }

    package var purpose: Purpose
    package var editor: LineEditor
    /// What the prompt says beside the text: why the text was refused (until it is edited), or the files an
    /// export writes.
    package var note: String?

    package init(purpose: Purpose, editor: LineEditor, note: String? = nil) {
        self.purpose = purpose; self.editor = editor; self.note = note
    }

    /// The note of a colour prompt whose text is a colour: two cells the status line paints in it.
    package static let swatch = "██"

    /// The colour `text` names when it is one (`#RGB`, `#RRGGBB`, `#RRGGBBAA`, with or without `#`), for the
    /// swatch; nil otherwise.
    package static func color(of text: String) -> RGBA8? {
        RGBA8(parsing: text.trimmingCharacters(in: .whitespaces))
    }

    /// Which `PromptHistory` the prompt's text goes to and is recalled from.
    package var historyKey: String {
        switch purpose {
        case .exportPath: return "export"
        case .value(let name): return "value:" + name
        case .presetName, .presetRename: return "preset"
        }
    }

    /// The label in front of the text.
    package var label: String {
        switch purpose {
        case .exportPath: return "Export to: "
        case .value(let parameter): return "\(parameter): "
        case .presetName: return "Save preset as: "
        case .presetRename(let name): return "Rename preset \(Sanitizer.clean(name)) to: "
        }
    }
}

/// A yes/no question in the status line; `y` (or Enter) carries out `onYes`, `n` (or Esc) drops it.
package struct Question: Hashable, Sendable {
    package var text: String
    package var onYes: [Effect]

    package init(text: String, onYes: [Effect]) {
        self.text = text; self.onYes = onYes
    }
}

/// A framed list over the screen.
package enum Overlay: Hashable, Sendable {
    /// `w`: every warning so far.
    case warnings
    /// `o`: the saved presets, one selected.
    case presets(selection: Int)
    /// `y` / `Y`: the text handed off (and copied), under a title.
    case shared(title: String, text: String)
    /// `a`: the parameters that differ between the pinned A and the current B, one selected.
    case comparison(selection: Int)
}

/// One undoable change: the parameters before and after, and what changed in words ("margin 9.3 → 8.3"); for
/// a member added or dropped (`n`, `N`) also the group's members before and after (the parameters stay).
package struct ParameterEdit: Hashable, Sendable {
    package var before: CompositionParameters
    package var after: CompositionParameters
    package var description: String
    /// The edit swapped A and B (`s` in the A/B list): undoing or redoing it pins the side it leaves, so A
    /// comes back with B.
    package var swapsPinned: Bool
    package var members: MemberChange?

    package init(
        before: CompositionParameters, after: CompositionParameters, description: String, swapsPinned: Bool = false,
        members: MemberChange? = nil
    ) {
        self.before = before; self.after = after; self.description = description; self.swapsPinned = swapsPinned
        self.members = members
    }
}

/// The members of one group before and after a session edit (`n`, `N`).
package struct MemberChange: Hashable, Sendable {
    package var groupID: String
    package var before: [GroupMember]
    package var after: [GroupMember]

    package init(groupID: String, before: [GroupMember], after: [GroupMember]) {
        self.groupID = groupID; self.before = before; self.after = after
    }
}
