import Fixtures
import GroupExport
import GroupIcon

/// The variants sheet after a parameter key: every picture of the sheet (ten variants, the group, and the group
/// reduced to list size in one context row) made again at new parameters and painted into the sheet, as the app does
/// off its loop for `v`. Photos are decoded once and kept in the pipeline's memory, as in the app after the
/// first sheet; no composite is reused, since every call steps the margin.
enum SheetBench {
    /// The sheet's scale: the figure is at @2x.
    static let scale = 2

    static func sheet(_ inputs: BenchInputs, _ configuration: BenchConfiguration) async throws -> SheetFigures {
        let composer = GroupComposer(
            pipeline: AvatarPipeline(
                dependencies: .live,
                configuration: PipelineConfiguration(compositeCache: DiskCache(location: .disabled))))
        let members = inputs.memberPaths.enumerated().map { index, path in
            GroupMember(id: "m\(index)", name: "Member \(index)", avatarPath: path)
        }
        let group = ChatGroup(id: "bench", name: "Bench group", lastMessage: "see you", unread: 3, members: members)
        let pool = VariantsSheet.photoPool([group], first: group)
        let text = ChatRowText(name: group.name, message: group.lastMessage, time: "12:30", unread: group.unread)
        var parameters = configuration.parameters(for: .wechat)
        parameters.scale = configuration.compositeScale == 1 ? 1 : scale
        var step = 0
        var pixels = 0
        func sheet() async throws {
            step += 1
            var keyed = parameters
            keyed.margin = Double(step) / 100
            let sheet = try await VariantsSheet.compose(
                pool: pool, group: group, text: text, themes: [.light], parameters: keyed, listAvatarPoints: 48,
                composer: composer)
            pixels = sheet.image().pixels.count / 4
        }
        // The first sheet decodes the photos; the measured ones find them in memory.
        try await sheet()
        let seconds = try await configuration.timing.secondsPerCall { try await sheet() }
        // Our CPU per sheet, all threads: on a shared machine the wall clock also counts others' work.
        var cpuSeconds: [Double] = []
        for _ in 0..<max(1, configuration.timing.runs) {
            let start = ResponseBench.processCPUSeconds()
            try await sheet()
            cpuSeconds.append(ResponseBench.processCPUSeconds() - start)
        }
        return SheetFigures(
            size: parameters.size, scale: parameters.scale, pictures: VariantsSheetLayout.memberCounts.count + 2,
            sheetPixels: pixels, milliseconds: seconds * 1000, cpuMilliseconds: BenchTiming.median(cpuSeconds) * 1000)
    }
}
