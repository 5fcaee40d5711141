import BenchHarness
import Testing

/// Small contracts of the command line: the form of a commit a result records, and an option
/// left out of a parser that means something else by it.
@Suite("Commit form and arguments")
struct CommitAndArgumentsTests {
    @Test(arguments: ["abcdef1", "0123456789ab", String(repeating: "f", count: 40), "ABCDEF123456-dirty", "unknown"])
    func aCommitIsTaken(text: String) {
        #expect(Environment.isCommit(text))
    }

    @Test(arguments: [
        "", "abc", "abc\n\u{1B}[31mX", "g123456", "0123456789ab-clean", String(repeating: "a", count: 65),
    ])
    func anythingElseIsNot(text: String) {
        #expect(!Environment.isCommit(text))
    }

    @Test func anOptionCanBeLeftOut() throws {
        let args = try Arguments(["--shards", "4,16", "--seed", "3"], options: ["shards", "seed"], flags: [])
        let without = args.removing("shards")
        #expect(without.value("shards") == nil)
        #expect(without.value("seed") == "3")
        #expect(args.value("shards") == "4,16")
    }
}
