import Testing
@testable import Bench

@Suite("Command line dispatch")
struct CommandLineToolTests {
    @Test func unknownCommandIsAUsageError() {
        #expect(CommandLineTool.main(["frobnicate"]) == ExitCode.usage.rawValue)
        #expect(CommandLineTool.main([]) == ExitCode.usage.rawValue)
    }
}
