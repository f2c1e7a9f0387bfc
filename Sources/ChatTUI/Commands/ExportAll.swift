import ArgumentParsing
import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import Support
import TerminalUI

extension ExportCommand {
    /// `export --all`: every group of the fixture (of the shard) into `directory`, with a progress bar on a
    /// terminal, one line per warning and failure, and a summary; one sync at the end (`--sync end`).
    func exportAll(to directory: String, composer: GroupComposer, remote: RemotePhotos,
                   output: CommandOutput) async -> ExitStatus {
        func fail(_ message: String) -> ExitStatus {
            output.standardError("chat-tui: \(Sanitizer.clean(message))\n")
            return .failure
        }
        // The folder is made (and swept) only once the fixture has been opened, so that a fixture that fails
        // to load leaves nothing behind.
        func prepareFolder() -> String? {
            do {
                try FileIO.createDirectory(directory)
            } catch {
                return "\(directory): cannot create the output folder (\(error))"
            }
            // Temporary files of an earlier export killed mid-write (kill -9) would otherwise pile up.
            FileIO.removeStaleTemporaryFiles(in: directory)
            return nil
        }
        let start = Date()
        var batch = BatchExport(directory: directory, jobs: jobs, shard: shard, settings: settings,
                                parameters: parameters, composer: composer)
        var progress: ProgressBar
        let summary: BatchExport.Summary
        do throws(FixtureError) {
            if GroupStream.isJSONLines(fixturePath) {
                var input = StreamBatchInput(try GroupStream(path: fixturePath))
                if let problem = prepareFolder() { return fail(problem) }
                batch.protectedFiles = ExportInputs.identities(fixturePath: fixturePath, groups: [])
                batch.protectsPhotosAsGroupsArrive = true
                progress = ProgressBar(total: nil, output: output)
                summary = try await run(batch, &input, progress: &progress)
            } else {
                let fixture = try FixtureLoader.load(path: fixturePath)
                if let refusal = limitRefusal(fixture.groups, output: output) { return refusal }
                if let problem = prepareFolder() { return fail(problem) }
                batch.protectedFiles = ExportInputs.identities(fixturePath: fixturePath, fixture: fixture)
                var input = FixtureBatchInput(fixture)
                // With a shard, how many groups it holds is known only at the end.
                progress = ProgressBar(total: shard == nil ? input.total : nil, output: output)
                summary = try await run(batch, &input, progress: &progress)
            }
        } catch {
            return fail("\(error)")
        }
        progress.finish()
        if sync == .end, summary.filesWritten > 0 {
            do { try FileIO.syncFileSystem(containing: directory) } catch {
                return fail("\(directory): the exported files could not be flushed to disk (\(error))")
            }
        }
        let seconds = Date().timeIntervalSince(start)
        var line = "exported \(summary.succeeded) of \(summary.groups) groups"
            + (shard.map { " (shard \($0))" } ?? "") + " to \(directory) in \(String(format: "%.2f", seconds)) s"
        if settings.skipExisting { line += ", \(summary.upToDate) up to date" }
        line += ", \(summary.warnings) warning\(summary.warnings == 1 ? "" : "s")"
        if summary.failed > 0 { line += ", \(summary.failed) failed" }
        output.standardError(Sanitizer.clean(line) + "\n")
        if let photos = remote.statistics {
            output.standardError("photos from URLs: \(photos.summary)\n")
        }
        return summary.failed == 0 ? .success : .failure
    }

    private func run(_ batch: BatchExport, _ input: inout some BatchInput, progress: inout ProgressBar)
        async throws(FixtureError) -> BatchExport.Summary
    {
        try await batch.run(&input) { event in
            switch event {
            case .finished(_, let outcome):
                for warning in outcome.warnings { progress.print("warning: \(warning)") }
                if let failure = outcome.failure { progress.print("chat-tui: \(failure)") }
            case .unreadable(let error):
                progress.print("chat-tui: \(error) (group skipped)")
            }
            progress.advance()
        }
    }
}
