import GroupIcon

extension KeyBindings {
    /// Every key with what it does, in the order the help overlay lists them; steps and units come from
    /// `ParameterCatalogue`, so the help says what the keys really do.
    package static let help: [(keys: String, action: String)] = [
        ("↑ ↓  j k", "select previous / next group"),
        ("PgUp PgDn", "page up / down"),
        ("g G  Home End", "first / last group"),
        ("/", "filter by name or id (Enter keeps, Esc clears)"),
        ("click  wheel", "select a row (list, panel), a variant (v) · wheel: steps a panel row"),
        ("l", "cycle layout " + LayoutRegistry.kinds.map(\.rawValue).joined(separator: " → ")),
        ("[ ]", "margin − / + " + fineStep("margin")),
        ("{ }", "canvas corner radius − / + " + fineStep("corner-radius")),
        ("( )", "tile corner radius − / + " + fineStep("tile-radius")),
        ("b", "cycle background (light grey, white, dark, transparent)"),
        ("m", "cycle member style (rectangle, rounded, circle, original)"),
        ("0", "reset parameters to the restored session's, then the start's"),
        // Undo and redo on one line, so that the help still fits 36 rows.
        ("u  U  Ctrl-R", "undo / redo the last change of parameters or members"),
        ("n  N", "add a member from the other groups / drop the last (session only)"),
        ("Tab", "parameter panel: focus it / back to the list"),
        ("P", "show / hide the parameter panel (needs \(ScreenLayout.requestedPanelWidth) columns)"),
        ("  ↑ ↓  g G", "panel: choose a parameter · the first / last"),
        ("  ← →", "panel: fine step onto the step grid (" + stepList(coarse: false) + "); no effect: skipped"),
        ("  < >  Shift-← →", "panel: coarse step (" + stepList(coarse: true) + ")"),
        // Enter, Backspace and % on one line, so that the help still fits 36 rows.
        ("  Enter  Bksp  %", "panel: type a value (hex, auto, 5%; Ctrl-U clears) · Bksp: auto · %: pt ⇄ %"),
        ("x", "export scales: the scale, @1x @2x @3x, @2x @3x, ..."),
        ("e", "export selected group: <id>.png, <id>@2x.png, ... and <id>.spec.json"),
        ("E", "export to a path you type (as typed; scales add @2x; ~ is home) + .spec.json"),
        ("p", "pin the parameters as A to compare with B (p again unpins)"),
        ("a", "with A pinned: what differs; Enter copies A's value into B, s swaps A and B"),
        // y and Y on one line, so that the help still fits 36 rows.
        ("y  Y", "show and copy the export command · the parameters as preset JSON (OSC 52)"),
        ("s  o", "save a preset / presets: ↑ ↓ preview, Enter applies, d deletes, r renames"),
        ("w", "list the warnings"),
        // One line for the fitted zoom and the 1:1 view, so that the help still fits 36 rows.
        (
            "+ -  1",
            "zoom in / out · 1: 1:1 view (arrows, h j k l pan; + - ×1 to ×\(ActualPixelsView.magnifications.last ?? 1); Esc back)"
        ),
        // The variants sheet shares the comparison strip's line, so that the help still fits 36 rows.
        ("i  I", "guides: tile frames, spacing in pt and px · I: pixel inspector (1:1)"),
        ("c  v  t", "comparison strip · v: variants sheet (arrows, Enter) · t: light / dark row"),
        // Ctrl-L shares the help's line, so that the help still fits 36 rows.
        ("?  Ctrl-L", "toggle this help (↑ ↓ PgUp PgDn scroll it) · Ctrl-L: repaint all, pictures too"),
        ("q  Ctrl-C", "quit, keeping the session (q asks if not exported or saved); Esc closes, never quits"),
    ]

    /// "1 pt": the fine step of the parameter called `name`, with its unit.
    private static func fineStep(_ name: String) -> String {
        guard let field = ParameterCatalogue.field(named: name), let steps = field.steps else { return "" }
        return formatNumber(steps.fine) + (field.kind == .number(unit: .points) ? " pt" : "")
    }

    /// "size 1 pt, margin 1 pt, ...": one step of every stepped parameter, parameters with the same step named
    /// together ("margin, padding 1 pt").
    private static func stepList(coarse: Bool) -> String {
        var groups: [(step: String, names: [String])] = []
        for field in ParameterCatalogue.all {
            guard let steps = field.steps else { continue }
            let text =
                formatNumber(coarse ? steps.coarse : steps.fine) + (field.kind == .number(unit: .points) ? " pt" : "")
            if let index = groups.firstIndex(where: { $0.step == text }) {
                groups[index].names.append(field.name)
            } else {
                groups.append((text, [field.name]))
            }
        }
        return groups.map { $0.names.joined(separator: ", ") + " " + $0.step }.joined(separator: "; ")
    }
}
