import ArgumentParsing
import ChatTUIApp
import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import Support

extension ExportCommand.Target {
    /// The one file this target writes (`--output` or `--sheet`), nil for `--all`.
    var singleOutput: PathArgument? {
        switch self {
        case .one(_, let output), .sheet(_, let output): output
        case .all: nil
        }
    }

    var isSheet: Bool {
        if case .sheet = self { return true }
        return false
    }
}

extension ExportCommand {
    /// Groups a streamed (`.jsonl`) fixture is read for the sheet's photo pool when no group is named: enough
    /// for twelve photos in any sensible fixture, without reading a large stream to its end.
    static let sheetStreamGroups = 64

    /// `--sheet FILE`: the variants sheet of the parameters (and of `groupID`'s group), written atomically like
    /// one export, or to standard output for `-`.
    func exportSheet(groupID: String?, to destination: PathArgument, composer: GroupComposer, output: CommandOutput)
        async
        -> ExitStatus
    {
        let groups: [ChatGroup]
        let group: ChatGroup?
        do {
            (groups, group) = try sheetGroups(groupID)
        } catch let error as FixtureError {
            output.standardError("chat-tui: \(Sanitizer.clean("\(error)"))\n")
            return .failure
        } catch {
            output.standardError("chat-tui: \(fixture.name): \(Sanitizer.clean("\(error)"))\n")
            return .failure
        }
        if let groupID, group == nil {
            let close = Suggestion.closest(to: groupID, among: groups.map(\.id)).map {
                "; did you mean \"\(Sanitizer.clean($0))\"?"
            }
            output.standardError(
                "chat-tui: \(fixture.name): no group with id \"\(Sanitizer.clean(groupID))\"\(close ?? "")\n")
            return .failure
        }
        do throws(UsageError) {
            try CompositionOptions.checkLimits(
                parameters, memberCounts: VariantsSheetLayout.memberCounts + (group.map { [$0.members.count] } ?? []),
                command: Self.name)
        } catch {
            output.standardError("chat-tui: \(error.message)\nTry 'chat-tui export --help'.\n")
            return .usage
        }
        if destination == .standardOutput, let refusal = output.refusalOfImage(option: Self.sheetSpec.name) {
            return refusal
        }
        let shape = group.map { (id: $0.id, memberCount: $0.members.count) }
        let sheetBytes = VariantsSheet.memoryBytes(
            parameters: parameters, group: shape, listAvatarPoints: listAvatarPoints, themes: themes.count)
        let budget = composer.pipeline.configuration.memoryBudget
        if let budget, sheetBytes > budget.limit {
            let reason = sheetTooLarge(bytes: sheetBytes, budget: budget.limit, group: shape)
            output.standardError("chat-tui: \(destination.name): \(reason)\n")
            return .failure
        }
        let text = ChatRowText(
            name: Sanitizer.clean(group?.name ?? "9 members"),
            message: Sanitizer.clean(group?.lastMessage ?? "the nine-member variant"),
            time: ChatListView.timeLabel(group?.updatedAt, now: Date(), timeZone: .current),
            unread: group?.unread ?? 0)
        let sheet: VariantsSheet
        do {
            sheet = try await VariantsSheet.compose(
                pool: VariantsSheet.photoPool(groups, first: group), group: group, text: text, themes: themes,
                parameters: parameters, listAvatarPoints: listAvatarPoints, composer: composer)
        } catch {
            output.standardError("chat-tui: \(destination.name): export cancelled\n")
            return .failure
        }
        if !quiet {
            for warning in sheet.warnings { output.standardError("warning: \(Sanitizer.clean("\(warning)"))\n") }
        }
        let metadata = ImageMetadata([
            ImageMetadata.Entry("Software", "chat-tui \(ProductVersion.text)"),
            ImageMetadata.Entry("Title", "variants sheet" + (group.map { " of \(Sanitizer.clean($0.id))" } ?? "")),
            ImageMetadata.Entry("Comment", parameters.identifier),
        ])
        do {
            // Painted and encoded with the sheet's memory reserved: nothing else of the process's work may use it.
            let encoded = try await sheet.painted(reserving: sheetBytes, from: budget) { image in
                Result { () throws(CodecError) in try settings.encoding.encode(image, metadata: metadata) }
            }
            let bytes = try encoded.get()
            if let path = destination.path {
                FileIO.removeStaleTemporaryFiles(in: FileIO.parentDirectory(of: path))
                let inputs = ExportInputs.identities(fixturePath: fixture.path, groups: groups)
                try FileIO.writeAtomically(
                    bytes, to: path, options: AtomicWriteOptions(inputs: inputs, durability: settings.durability))
            } else {
                output.standardOutputBytes(bytes)
            }
        } catch {
            output.standardError(
                "chat-tui: \(Sanitizer.clean(destination.path == nil ? "standard output: \(error)" : "\(error)"))\n")
            return .failure
        }
        return strict && !sheet.warnings.isEmpty ? .failure : .success
    }

    /// Why a sheet of `bytes` is refused under a budget of `budget` bytes: how much it takes, the limit it
    /// exceeds, and the scale it would fit at.
    func sheetTooLarge(bytes: Int, budget: Int, group: (id: String, memberCount: Int)?) -> String {
        let fits = VariantsSheet.scaleFitting(
            limit: budget, parameters: parameters, group: group, listAvatarPoints: listAvatarPoints,
            themes: themes.count)
        let limit =
            pipeline.memoryLimit.map { "--memory-limit \(VariantsSheet.describeBytes($0))" }
            ?? "the default memory limit, a quarter of this machine's memory"
        return "the variants sheet at --size \(formatNumber(parameters.size)) --scale \(parameters.scale) takes "
            + "about \(VariantsSheet.describeBytes(bytes)) of pixels at once, more than the "
            + "\(VariantsSheet.describeBytes(budget)) of work memory allowed (three quarters of \(limit)); "
            + (fits.map { "it fits at --scale \($0)" } ?? "a smaller --size fits") + ", or give a larger --memory-limit"
    }

    /// The fixture's groups the sheet draws from, and the group with `id` among them: a whole fixture, or the
    /// first `sheetStreamGroups` groups of a stream (read on to the group when one is named).
    private func sheetGroups(_ id: String?) throws -> (groups: [ChatGroup], group: ChatGroup?) {
        guard let fixturePath = fixture.path, fixture.isJSONLinesFile else {
            let groups = try fixture.load().groups
            return (groups, groups.first { $0.id == id })
        }
        let stream = try GroupStream(path: fixturePath)
        var groups: [ChatGroup] = []
        while let next = try stream.next() {
            if next.id == id { return (groups + [next], next) }
            if groups.count < Self.sheetStreamGroups { groups.append(next) } else if id == nil { break }
        }
        return (groups, nil)
    }
}
