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
}
