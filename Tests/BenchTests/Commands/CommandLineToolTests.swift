import TestSupport
import Testing

@Suite("Command line dispatch")
struct CommandLineToolTests {
    @Test func unknownCommandIsAUsageError() throws {
        let unknown = try CLIHarness.bench(["frobnicate"])
        #expect(unknown.status == 64)
        #expect(unknown.message.contains("unknown command 'frobnicate'"), "\(unknown.stderr)")
        #expect(try CLIHarness.bench([]).status == 64)
    }
}
