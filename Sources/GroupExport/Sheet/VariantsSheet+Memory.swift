import GroupIcon

/// How much memory a variants sheet takes, and the scale it fits the memory budget at.
///
/// A sheet holds all its composites at once (ten variants and the group's own), then paints them on a canvas
/// several times their width, which is encoded beside itself: at `--size 1024 --scale 4` some 2.4 GB where one
/// export of the same size takes 200 MB. Its painting and encoding reserve these bytes from the pipeline's
/// `MemoryBudget`, after its composites are made (each of them reserves its own work as any composite does, so
/// a sheet never holds a reservation a composite of its own waits for), and a sheet that would take more than
/// the whole budget is made at a smaller scale (the app) or refused (`export --sheet`).
extension VariantsSheet {
    /// The bytes a sheet laid out as `layout` holds at its peak: its composites of `compositeSides` pixels,
    /// the context row's avatar, its canvas, and the canvas again while it is encoded (all RGBA, 4 bytes a
    /// pixel).
    package static func memoryBytes(layout: VariantsSheetLayout, compositeSides: [(width: Int, height: Int)]) -> Int {
        func bytes(_ width: Int, _ height: Int) -> Int {
            let (pixels, overflow) = max(0, width).multipliedReportingOverflow(by: max(0, height))
            return overflow || pixels > Int.max / 64 ? Int.max / 16 : pixels * 4
        }
        let composites = compositeSides.reduce(0) { min(Int.max / 4, $0 + bytes($1.width, $1.height)) }
        let row = layout.row.map { bytes($0.avatar.width, $0.avatar.height) } ?? 0
        return min(Int.max / 2, composites + row + 2 * bytes(layout.width, layout.height))
    }

    /// The bytes the sheet `compose` makes at `parameters` holds at its peak (`memoryBytes`), worked out from
    /// the layouts' canvases before anything is composed.
    package static func memoryBytes(
        parameters: CompositionParameters, group: (id: String, memberCount: Int)?, listAvatarPoints: Double,
        themes: Int
    ) -> Int {
        let layout = VariantsSheetLayout(
            parameters: parameters, group: group, listAvatarPoints: listAvatarPoints, themes: themes)
        let counts = VariantsSheetLayout.memberCounts + (group.map { [$0.memberCount] } ?? [])
        return memoryBytes(
            layout: layout,
            compositeSides: counts.map { VariantsSheetLayout.canvasPixels(count: $0, parameters: parameters) })
    }

    /// The largest scale from `parameters.scale` down to 1 at which the sheet takes at most `limit` bytes; nil
    /// when not even scale 1 fits.
    package static func scaleFitting(
        limit: Int, parameters: CompositionParameters, group: (id: String, memberCount: Int)?,
        listAvatarPoints: Double, themes: Int
    ) -> Int? {
        var scaled = parameters
        for scale in stride(from: max(1, parameters.scale), through: 1, by: -1) {
            scaled.scale = scale
            let bytes = memoryBytes(
                parameters: scaled, group: group, listAvatarPoints: listAvatarPoints, themes: themes)
            if bytes <= limit { return scale }
        }
        return nil
    }

    /// The sheet painted (`image()`) and handed to `body`, which encodes or keeps it, with `bytes` reserved
    /// from `budget` meanwhile (at once without one; a request above the budget counts as all of it).
    package func painted<Result: Sendable>(
        reserving bytes: Int, from budget: MemoryBudget?, _ body: (RGBAImage) async -> Result
    ) async throws(CompositionError) -> Result {
        guard let budget else { return await body(image()) }
        do {
            return try await budget.withReservation(bytes) { await body(image()) }
        } catch {
            throw .cancelled
        }
    }

    /// A size in bytes as the messages give it: "2.4 GB", "192 MB", "512 KB" (powers of 1024, one decimal
    /// below ten).
    package static func describeBytes(_ bytes: Int) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(max(0, bytes)), unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        guard unit > 0 else { return "\(Int(value)) bytes" }
        return value < 10 ? "\((value * 10).rounded() / 10) \(units[unit])" : "\(Int(value.rounded())) \(units[unit])"
    }
}
