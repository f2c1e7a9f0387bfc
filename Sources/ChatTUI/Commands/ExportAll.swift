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
    /// terminal, one line per distinct warning (`WarningTally`) and per failure, and a summary (`--json`: on
    /// standard output as JSON; `--quiet`: none); one sync at the end (`--sync end`).
    func exportAll(
        to directory: String, composer: GroupComposer, remote: RemotePhotos,
        output: CommandOutput
    ) async -> ExitStatus {
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
        var batch = BatchExport(
            directory: directory, jobs: jobs, shard: shard, settings: settings,
            parameters: parameters, composer: composer)
        var progress: ProgressBar
        let summary: BatchExport.Summary
        var report = BatchReport(quiet: quiet)
        do throws(FixtureError) {
            if let fixturePath = fixture.path, fixture.isJSONLinesFile {
                var input = StreamBatchInput(try GroupStream(path: fixturePath))
                if let problem = prepareFolder() { return fail(problem) }
                batch.protectedFiles = ExportInputs.identities(fixturePath: fixturePath, groups: [])
                batch.protectsPhotosAsGroupsArrive = true
                progress = ProgressBar(total: nil, output: output, quiet: quiet)
                summary = try await run(batch, &input, progress: &progress, report: &report)
            } else {
                let loaded = try fixture.load()
                if let refusal = limitRefusal(loaded.groups, output: output) { return refusal }
                if let problem = prepareFolder() { return fail(problem) }
                batch.protectedFiles = ExportInputs.identities(fixturePath: fixture.path, fixture: loaded)
                var input = FixtureBatchInput(loaded)
                // With a shard, how many groups it holds is known only at the end.
                progress = ProgressBar(total: shard == nil ? input.total : nil, output: output, quiet: quiet)
                summary = try await run(batch, &input, progress: &progress, report: &report)
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
        if !quiet { for line in report.warnings.repeatLines { progress.print(line) } }
        let distinct = report.warnings.entries.count
        var line =
            "exported \(summary.succeeded) of \(summary.groups) groups"
            + (shard.map { " (shard \($0))" } ?? "") + " to \(directory) in \(String(format: "%.2f", seconds)) s"
        if settings.skipExisting { line += ", \(summary.upToDate) up to date" }
        line += ", \(distinct) warning\(distinct == 1 ? "" : "s")"
        if report.warnings.total > distinct { line += " (\(report.warnings.total) in all groups)" }
        if summary.failed > 0 { line += ", \(summary.failed) failed" }
        if !quiet { output.standardError(Sanitizer.clean(line) + "\n") }
        if json {
            output.standardOutput(
                ExportJSON.summary(
                    summary, directory: directory, seconds: seconds,
                    warnings: report.warnings, failures: report.failures,
                    specs: settings.spec == nil ? nil : report.specs) + "\n")
        }
        if let photos = remote.statistics, !quiet {
            output.standardError("photos from URLs: \(photos.summary)\n")
        }
        guard summary.failed == 0 else { return .failure }
        return strict && distinct > 0 ? .failure : .success
    }

    /// What a batch has told so far: distinct warnings and the failures (for `--json`).
    struct BatchReport {
        var quiet: Bool
        var warnings = WarningTally()
        var failures: [String] = []
        /// The spec hand-offs written (`--spec`), for `--json`.
        var specs: [ExportedFile] = []
    }

    private func run(
        _ batch: BatchExport, _ input: inout some BatchInput, progress: inout ProgressBar,
        report: inout BatchReport
    ) async throws(FixtureError) -> BatchExport.Summary {
        try await batch.run(&input) { event in
            switch event {
            case .finished(_, let outcome):
                if let spec = outcome.spec { report.specs.append(spec) }
                for warning in report.warnings.add(outcome) where !report.quiet {
                    progress.print("warning: \(warning)")
                }
                if let failure = outcome.failure {
                    report.failures.append(failure)
                    progress.print("chat-tui: \(failure)")
                }
            case .unreadable(let error):
                report.failures.append("\(error)")
                progress.print("chat-tui: \(error) (group skipped)")
            }
            progress.advance()
        }
    }
}
