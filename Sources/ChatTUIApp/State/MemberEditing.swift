import Fixtures
import GroupExport
import GroupIcon

/// `n` and `N`: members added to or dropped from the selected group for this session, so that a designer sees
/// how a layout behaves at every count without editing the fixture. The file is never written; each change is
/// undoable with `u`, and reading the fixture again (it changed on disk) ends the edits.
enum MemberEditing {
    /// `n`: the first member of the fixture's photo pool (the members of the other groups, by id, in fixture
    /// order) that the selected group does not have, added at the end.
    static func add(_ state: inout AppState) -> [Effect] {
        guard let group = state.selectedGroup else {
            state.announce("Select a group to add a member to")
            return []
        }
        let layout = state.parameters.layout.layout
        guard group.members.count < layout.maximumMembers else {
            state.announce("\(layout.displayName) draws at most \(layout.maximumMembers) members; N drops one")
            return []
        }
        guard let member = pool(for: group, in: state).first else {
            state.announce("No photo left to add: every member of the fixture's other groups is in this group")
            return []
        }
        return change(&state, group, to: group.members + [member], verb: "Added \(member.name)")
    }

    /// `N`: the selected group's last member dropped; a group keeps one.
    static func drop(_ state: inout AppState) -> [Effect] {
        guard let group = state.selectedGroup else {
            state.announce("Select a group to drop a member from")
            return []
        }
        guard let last = group.members.last, group.members.count > 1 else {
            state.announce("A group keeps at least one member; n adds one")
            return []
        }
        return change(&state, group, to: Array(group.members.dropLast()), verb: "Dropped \(last.name)")
    }

    /// The members the fixture's other groups have and `group` has not, each once, in fixture order.
    static func pool(for group: ChatGroup, in state: AppState) -> [GroupMember] {
        var seen = Set(group.members.map(\.id))
        var pool: [GroupMember] = []
        for other in state.groups where other.id != group.id {
            for member in other.members where seen.insert(member.id).inserted { pool.append(member) }
        }
        return pool
    }

    /// The variants sheet's cell at `index` applied to the selected group: a variant's members as the sheet
    /// draws them (`VariantsSheet.variantGroup` of the photo pool the sheet uses), or, for the group's own cell,
    /// the fixture's members back. No effect, and a message, when the group shows those members already.
    static func applyVariant(_ state: inout AppState, index: Int) -> [Effect] {
        guard let group = state.selectedGroup, let sheetGroup = SheetGeometry.group(state) else {
            state.announce("Select a group to show a variant of")
            return []
        }
        let counts = VariantsSheetLayout.memberCounts
        var members = sheetGroup.members
        if index < counts.count {
            // The pool knows photos by their resolved paths; each keeps the spelling its fixture member has.
            let written = Dictionary(
                (state.groups.flatMap(\.members) + sheetGroup.members).compactMap { member in
                    member.avatarPath.flatMap { path in member.avatarSource.map { (path, $0) } }
                }, uniquingKeysWith: { first, _ in first })
            members = VariantsSheet.variantGroup(
                VariantsSheet.photoPool(state.groups, first: sheetGroup), count: counts[index]
            ).members.map { member in
                var member = member
                member.avatarSource = member.avatarPath.flatMap { written[$0] }
                return member
            }
        }
        guard members != group.members else {
            state.announce("\(group.name) shows these \(members.count) members already")
            return []
        }
        let verb =
            index < counts.count
            ? "Variant of \(counts[index]) members" : "The fixture's members back"
        return change(&state, group, to: members, verb: verb)
    }

    /// Shows `members` for `group` when the parameters keep their limits at the new count, as an undoable
    /// change; the group is drawn again.
    private static func change(
        _ state: inout AppState, _ group: ChatGroup, to members: [GroupMember], verb: String
    ) -> [Effect] {
        if let problem = CompositionLimits.problem(state.parameters, memberCounts: [members.count]) {
            state.announce("Not at \(members.count) members: \(problem)")
            return []
        }
        let description = "\(verb) (\(group.members.count) → \(members.count) members of \(group.name))"
        state.undoStack.append(
            ParameterEdit(
                before: state.parameters, after: state.parameters, description: description,
                members: MemberChange(groupID: group.id, before: group.members, after: members)))
        if state.undoStack.count > AppState.undoLimit { state.undoStack.removeFirst() }
        state.redoStack = []
        state.setMembers(members, ofGroup: group.id)
        let shownAs = state.membersAreEdited(group.id) ? "session only, the fixture is unchanged" : "as in the fixture"
        state.announce("\(description); \(shownAs); u undoes")
        return [.invalidateComposites([group.id])]
    }
}
