import ArgumentParsing
import Support
import Testing

@testable import ChatTUI

@Suite struct ServeCommandTests {
    private func command(_ arguments: [String]) throws(UsageError) -> ServeCommand {
        try ServeCommand(
            arguments: try ParsedArguments(arguments, specs: ServeCommand.specs, command: ServeCommand.name))
    }

    /// More polling threads than the cores the process may run on take turns on them, which is what a p99 then
    /// measures: the default follows the affinity mask (`taskset`, a cpuset), not the machine's count.
    @Test func threadsDefaultToTheCoresTheProcessMayUse() throws {
        #expect(try command([]).threads == AvailableCores.count)
        #expect(try command(["--threads", "3"]).threads == 3)
        #expect(throws: UsageError.self) { try command(["--threads", "0"]) }
    }
}
