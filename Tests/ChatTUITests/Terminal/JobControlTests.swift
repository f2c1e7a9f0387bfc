import Foundation
import Testing

@testable import ChatTUI

/// The job-control decision: the app goes on only while its process group owns the terminal, stops as a
/// background reader is stopped, and ends with a reason where it cannot stop.
@Suite struct JobControlTests {
    @Test func theForegroundJobGoesOn() {
        #expect(JobControl.standing(terminalGroup: 40, ownGroup: 40, readStops: true, orphaned: false) == .foreground)
        // Not a terminal at all: the loop notices that itself, as end of input.
        #expect(JobControl.standing(terminalGroup: -1, ownGroup: 40, readStops: false, orphaned: true) == .foreground)
    }

    @Test func aBackgroundJobStopsWhenSIGTTINStopsIt() {
        #expect(JobControl.standing(terminalGroup: 12, ownGroup: 40, readStops: true, orphaned: false) == .stop)
    }

    @Test func aBackgroundJobThatCannotStopEndsWithAReason() {
        guard
            case .cannotWait(let ignored) = JobControl.standing(
                terminalGroup: 12, ownGroup: 40, readStops: false, orphaned: false)
        else { Issue.record("SIGTTIN ignored must end the app"); return }
        #expect(ignored.contains("SIGTTIN is ignored") && ignored.contains("foreground"))
        guard
            case .cannotWait(let orphaned) = JobControl.standing(
                terminalGroup: 12, ownGroup: 40, readStops: true, orphaned: true)
        else { Issue.record("a stop that did not happen must end the app"); return }
        #expect(orphaned.contains("foreground"))
    }

    /// A shell (group 10, session 10) runs a wrapper script (group 20) that runs the app as its child (group 20).
    private let shellAndScript: [pid_t: JobControl.ProcessEntry] = [
        1: .init(parent: 0, group: 1, session: 1),
        10: .init(parent: 1, group: 10, session: 10),
        20: .init(parent: 10, group: 20, session: 10),
        21: .init(parent: 20, group: 20, session: 10),
    ]

    @Test func aGroupWhoseScriptHasAShellParentIsNotOrphaned() {
        // The app's own parent (the script) is in its group: the script's parent, the shell, is what counts.
        #expect(!JobControl.isOrphaned(group: 20, processes: shellAndScript))
    }

    @Test func aGroupWhoseShellHasGoneIsOrphaned() {
        var gone = shellAndScript
        gone[10] = nil
        gone[20]?.parent = 1  // re-parented to init, in another session
        #expect(JobControl.isOrphaned(group: 20, processes: gone))
        // A parent in the same group only (a script's own children) does not count either.
        #expect(JobControl.isOrphaned(group: 20, processes: [21: .init(parent: 20, group: 20, session: 10)]))
    }

    @Test func procStatIsReadAfterTheLastParenthesis() {
        let entry = JobControl.processEntry(stat: "4242 (my (odd) name) S 17 4242 99 34816 4242 4194304 1 0")
        #expect(entry == JobControl.ProcessEntry(parent: 17, group: 4242, session: 99))
        #expect(JobControl.processEntry(stat: "4242 no parenthesis") == nil)
        #expect(JobControl.processEntry(stat: "4242 (x) S") == nil)
    }

    @Test func procStatOfThisProcessNamesItsGroupAndSession() {
        let stat = (try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8)) ?? ""
        #expect(JobControl.processEntry(stat: stat) == .init(parent: getppid(), group: getpgrp(), session: getsid(0)))
    }
}
