import ArgumentParsing
import ChatTUIApp
import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import Support
import TerminalUI

/// `chat-tui` without a subcommand: the interactive chat list with live previews.
struct InteractiveCommand: ToolCommand {
    static let name = ""
    static let summary = "tune chat group avatars in the terminal"
    static let usage = [
        "chat-tui [--fixtures PATH] [--export-dir DIR] [--color MODE] [--dither MODE] [--graphics MODE] [--list-avatar-size PT] [--no-watch] [--fresh] [--preset NAME] [options]"
    ]
    static let exportDirSpec = OptionSpec(
        name: "--export-dir", valueName: "DIR", help: "where 'e' writes PNGs (default: current folder)")
    static let noWatchSpec = OptionSpec(
        name: "--no-watch", valueName: nil,
        help: "do not reload the fixture and redraw photos when their files change on disk")
    static let freshSpec = OptionSpec(
        name: "--fresh", valueName: nil,
        help: "start clean instead of from the last session with this fixture ($XDG_STATE_HOME/chat-tui)")
    static let specs =
        [FixtureSource.fileSpec, exportDirSpec] + TerminalOptions.options + SheetOptions.options + [
            noWatchSpec, freshSpec,
        ]
        + SessionOptions.PipelineOptions.options + CompositionOptions.specs

    var fixturePath: String
    var exportDirectory: String
    var colorOption: ColorMode.Option
    /// nil: the colour mode's standard (`DitherMode.standard(for:)`).
    var dither: DitherMode?
    var graphics: GraphicsOption
    /// `--list-avatar-size`, in points.
    var listAvatarPoints: Double
    /// The variants sheet's chat-list themes (`--theme`, `--theme-*`) and the one it starts on.
    var themes: [ChatListTheme]
    var sheetTheme: ChatListTheme.Name
    /// Whether the fixture and photo files are watched for changes (`--no-watch` turns it off).
    var watchesFiles: Bool
    var pipeline: SessionOptions.PipelineOptions
    var parameters: CompositionParameters
    /// Whether parameters were given on the command line: they win over the last session's.
    var parametersGiven: Bool
    /// `--fresh`: the last session is not restored (it is still saved on quitting).
    var startsFresh: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        try arguments.requireNoPositionals()
        fixturePath = FixtureSource.filePath(from: arguments)
        exportDirectory = arguments.string(Self.exportDirSpec) ?? "."
        let terminal = try TerminalOptions(parsing: arguments)
        (colorOption, dither, graphics) = (terminal.colorOption, terminal.dither, terminal.graphics)
        let sheet = try SheetOptions(parsing: arguments)
        (listAvatarPoints, themes, sheetTheme) = (sheet.listAvatarPoints, sheet.themes, sheet.selectedTheme)
        watchesFiles = !arguments.has(Self.noWatchSpec)
        pipeline = try SessionOptions.PipelineOptions(parsing: arguments)
        parameters = try CompositionOptions.parameters(from: arguments)
        try parameters.checkPixelSize(command: Self.name)
        parametersGiven = CompositionOptions.specs.contains { arguments.isGiven($0) }
        startsFresh = arguments.has(Self.freshSpec)
    }

    func run(output: CommandOutput) async -> ExitStatus {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            output.standardError(
                "chat-tui: the interactive app needs a terminal; for scripts use 'chat-tui export' or 'chat-tui layout'\n"
            )
            return .failure
        }
        // Nothing is sent to the terminal while another job owns it (`chat-tui &`): stop until `fg`.
        if let reason = JobControl.awaitForeground(descriptor: STDIN_FILENO) {
            output.standardError("chat-tui: \(reason)\n")
            return .hangUp
        }
        let fixture: Fixture
        do { fixture = try FixtureLoader.load(path: fixturePath) } catch {
            output.standardError("chat-tui: \(Sanitizer.clean("\(error)"))\n")
            return .failure
        }
        do throws(UsageError) {
            try CompositionOptions.checkLimits(
                parameters, memberCounts: fixture.groups.map(\.members.count),
                command: Self.name)
        } catch {
            output.standardError("chat-tui: \(error.message)\nTry 'chat-tui --help'.\n")
            return .usage
        }
        let environment = ProcessInfo.processInfo.environment
        // The terminfo entry is known before anything is sent: a TERM without one would be refused after the
        // questions and colours below reached the terminal.
        let terminal: TerminalType
        do throws(TerminalError) {
            terminal = try TerminalType.resolve(term: environment["TERM"] ?? "", exists: CursesDriver.terminfoExists)
        } catch {
            output.standardError("chat-tui: \(Sanitizer.clean(error.description))\n")
            return .failure
        }
        var mode = ColorMode.detect(environment: environment, override: colorOption.override)
        // A terminal that keeps 24-bit colour without saying so in its environment (xterm, TERM=xterm) is asked.
        var probe = ColorProbe.Outcome()
        if ColorMode.asksTruecolor(environment: environment, option: colorOption) {
            probe = ColorProbe.ask()
            if probe.keepsTruecolor { mode = .truecolor }
        }
        // ncurses ignores COLORTERM: 24-bit colour needs the matching `*-direct` terminfo entry.
        let terminalName =
            mode == .truecolor
            ? terminal.direct(colorterm: environment["COLORTERM"] ?? "truecolor", exists: CursesDriver.terminfoExists)
                ?? terminal.name : terminal.name
        let composer = SessionOptions.makeComposer(pipeline).composer
        let inputs = ExportInputs.identities(fixturePath: fixturePath, fixture: fixture)
        var options = AppController.Options()
        options.parameters = parameters
        options.exportDirectory = exportDirectory
        options.listAvatarPoints = listAvatarPoints
        (options.themes, options.sheetTheme) = (themes, sheetTheme)
        options.colorMode = mode
        options.fixturePath = fixturePath
        options.memoryBudget = composer.pipeline.configuration.memoryBudget
        // Every export from the app hands off its spec: what an engineer builds the pixels from goes with them.
        options.specExporter = { [fixturePath] group, parameters, images, output, path, note in
            let current = inputs.merging(ExportInputs.identities(fixturePath: fixturePath, groups: [group])) { $1 }
            try await Self.exportSpecForApp(
                group, parameters, images: images, output: output, to: path, fixturePath: fixturePath,
                composer: composer, inputs: current, note: note)
        }
        if let note = terminal.note { options.startupWarnings.append(note) }
        Self.loadPresets(environment: environment, into: &options)
        loadSession(environment: environment, into: &options)
        if watchesFiles { Self.watchFiles(fixturePath: fixturePath, fixture: fixture, into: &options) }
        let wake = WakeSignal()
        let driver = CursesDriver(
            terminalName: terminalName, wakeDescriptor: wake.postDescriptor, graphics: graphics,
            typedAhead: probe.typed,
            unfinishedReply: probe.unfinished)
        // Installed before the driver starts: ncurses installs its own SIGINT/SIGTERM handlers only where the
        // disposition is still the default.
        let signals = TerminationSignals(wake: wake)
        defer { signals.uninstall() }
        do {
            let status = try AppController.run(
                fixture: fixture, options: options, driver: driver, provider: composer,
                exporter: { group, parameters, path in
                    // The group's photos as they are now: live reload may have replaced them since the start.
                    let current = inputs.merging(ExportInputs.identities(fixturePath: fixturePath, groups: [group])) {
                        $1
                    }
                    try await Self.exportForApp(group, parameters, path, composer, inputs: current)
                },
                imageCells: { image, columns, rows in
                    // Transparent parts over a checkerboard, so that "transparent" never looks like a background.
                    HalfBlockRenderer.render(
                        image, columns: columns, rows: rows, mode: mode,
                        backdrop: .checkerboard, dither: dither, utf8: driver.supportsUnicode)
                },
                wake: wake, pendingSignal: { signals.received }, pendingRepaint: { signals.takeContinued() },
                farewell: { output.standardError("chat-tui: \(Sanitizer.clean($0))\n") })
            if let reason = driver.lostTerminalReason { output.standardError("chat-tui: \(reason)\n") }
            return status == 0 ? .success : ExitStatus(rawValue: status) ?? .failure
        } catch {
            output.standardError("chat-tui: \(Sanitizer.clean("\(error)"))\n")
            return .failure
        }
    }

    /// The presets the app offers, or a warning when the file cannot be used: the app starts all the same,
    /// and does not save over a file it could not read.
    private static func loadPresets(environment: [String: String], into options: inout AppController.Options) {
        guard let path = PresetFile.defaultPath(environment: environment) else { return }
        do throws(PresetError) {
            options.presets = try PresetFile.load(path: path)
        } catch {
            options.startupWarnings.append("presets not loaded: \(error)")
            options.presetsUnavailableReason = "\(path) could not be read; fix or remove it first"
        }
    }

    /// The last session with this fixture (unless `--fresh`), its parameters replaced by those of the command
    /// line when some are given; a session file that cannot be read is a warning, and the app starts clean.
    private func loadSession(environment: [String: String], into options: inout AppController.Options) {
        let fixture = FileIO.lexicallyAbsolute(fixturePath)
        guard let path = SessionRecord.defaultPath(fixture: fixture, environment: environment) else { return }
        options.sessionPath = path
        guard !startsFresh, FileIO.kind(of: path) != .missing else { return }
        do {
            let bytes = try FileIO.readRegularFile(path: path, maxBytes: PresetFile.maximumFileSize)
            var record = try SessionRecord.decode(bytes, path: path)
            if parametersGiven { record.parameters = parameters }
            options.session = record
            options.sessionSavedAt = FileIO.status(of: path).map {
                Date(timeIntervalSince1970: Double($0.modificationNanoseconds) / 1e9)
            }
        } catch {
            options.startupWarnings.append("last session not restored: \(error) (--fresh starts clean)")
        }
    }

    /// Live reload: the fixture and its photo files watched, through a wake source of the app's loop; when
    /// files cannot be watched the app starts all the same and says so.
    private static func watchFiles(fixturePath: String, fixture: Fixture, into options: inout AppController.Options) {
        do throws(FileIOError) {
            let reload = try LiveReload(fixturePath: fixturePath, fixture: fixture)
            options.wakeSources.append(reload.wakeSource)
            options.startupWarnings += reload.problems.map(LiveReload.warning)
        } catch {
            options.startupWarnings.append(LiveReload.warning(error))
        }
    }

    /// `e`/`E` in the app: the same export as `chat-tui export`, in the format the path's extension names (the
    /// app has checked the folder and asked before replacing anything); no file leaves its folder through a
    /// symbolic link.
    private static func exportForApp(
        _ group: ChatGroup, _ parameters: CompositionParameters, _ path: String,
        _ composer: GroupComposer, inputs: [FileIdentity: String]
    ) async throws {
        let format = try OutputFormat.resolve(path: path, requested: nil)
        let outcome = await GroupExporter.export(
            group, to: path, composer: composer, parameters: parameters,
            settings: ExportSettings(
                encoding: OutputEncoding(format: format), folder: FileIO.parentDirectory(of: path)),
            inputs: inputs)
        if let failure = outcome.failure { throw ExportFailure(message: failure) }
    }

    /// The spec hand-off of an export from the app, after its images: its command is the `chat-tui export`
    /// that writes the same images and spec (`--output` the only image or the 1x name, the scales, `--spec`),
    /// after `note` (what a group edited in the session says about the members the command exports).
    private static func exportSpecForApp(
        _ group: ChatGroup, _ parameters: CompositionParameters, images: [ExportSpec.Image], output: String,
        to path: String, fixturePath: String, composer: GroupComposer, inputs: [FileIdentity: String],
        note: String
    ) async throws {
        let encoding = OutputEncoding(format: try OutputFormat.resolve(path: output, requested: nil))
        let command =
            note
            + ParameterSharing.exportCommand(
                parameters, fixturePath: fixturePath, groupID: group.id, output: output,
                scales: images.count > 1 ? images.map(\.scale) : nil, encoding: encoding, spec: true)
        _ = try await GroupExporter.writeSpec(
            group, composer: composer, parameters: parameters, images: images, to: path, command: command,
            warnings: nil, settings: ExportSettings(encoding: encoding, folder: FileIO.parentDirectory(of: path)),
            inputs: inputs)
    }
}

/// An export from the app that wrote nothing; its message names the file and the cause.
struct ExportFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
