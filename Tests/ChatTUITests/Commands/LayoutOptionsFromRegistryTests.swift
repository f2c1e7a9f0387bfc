import ArgumentParsing
import GroupIcon
import Support
import Testing

@testable import ChatTUI

/// The command line offers exactly the registered layouts and their options.
@Suite struct LayoutOptionsFromRegistryTests {
    @Test func everyRegisteredLayoutIsAccepted() throws {
        for kind in LayoutRegistry.kinds {
            let arguments = try ParsedArguments(
                ["--layout", kind.rawValue], specs: CompositionOptions.specs,
                command: "export")
            #expect(try CompositionOptions.parameters(from: arguments).layout == kind)
        }
    }

    @Test func helpAndErrorsListTheRegistry() throws {
        let help = ExportCommand.helpText(program: "chat-tui")
        let layoutLine = try #require(help.split(separator: "\n").first { $0.contains("--layout NAME") })
        #expect(layoutLine.contains(LayoutRegistry.namesInWords))
        for layout in LayoutRegistry.all {
            for option in layout.options {
                #expect(help.contains("--" + option.name), "\(option.name)")
            }
        }
        let arguments = try ParsedArguments(["--layout", "square"], specs: CompositionOptions.specs, command: "export")
        let names = LayoutRegistry.kinds.map(\.rawValue).joined(separator: ", ")
        #expect(throws: UsageError(message: "--layout: expected one of \(names), got 'square'", command: "export")) {
            try CompositionOptions.parameters(from: arguments)
        }
    }

    @Test func layoutListPrintsTheRegistry() async throws {
        let printed = LockedText()
        let output = CommandOutput(
            standardOutput: { printed.append($0) }, standardError: { _ in },
            errorIsTerminal: false)
        let command = try LayoutCommand(
            arguments: ParsedArguments(
                ["--list"], specs: LayoutCommand.specs,
                command: "layout"))
        #expect(await command.run(output: output) == .success)
        #expect(
            printed.text.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
                == LayoutRegistry.kinds.map(\.rawValue))
    }
}

/// Text collected from a command's output closure.
final class LockedText: Sendable {
    private let state = LockedState("")
    func append(_ text: String) { state.withLock { $0 += text } }
    var text: String { state.withLock { $0 } }
}
