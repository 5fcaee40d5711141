import BenchHarness
import Foundation
import TestSupport
import Testing

@testable import BenchResults

#if canImport(Glibc)
import Glibc
#endif

@Suite struct BlockChildTests {
    static let rules = BlockRules(maximumStartLagNanos: 5_000_000, maximumStealShare: 0.1, blockSeconds: 1)

    @Test func twoWorkingChildrenGiveEveryPairAndAVerdict() throws {
        let directory = try CLIHarness.temporaryDirectory()
        let base = try FakeBlockChild.install(FakeBlockChild.working(p50: 4_000), named: "base", in: directory)
        let slow = try FakeBlockChild.install(FakeBlockChild.working(p50: 4_400), named: "slow", in: directory)
        let baseline = try BlockChild(label: "baseline", binary: base, arguments: ["--scenario", "steady"])
        let candidate = try BlockChild(label: "candidate", binary: slow, arguments: [])
        let runner = InterleavedRunner(blockSeconds: 0.1, pairs: 12, settlingPairs: 1, seed: 3, readySeconds: 30)
        let result = try runner.run(baseline: baseline, candidate: candidate, rules: Self.rules)
        #expect(result.pairs.count == 12)
        #expect(result.pairs.map(\.baselineFirst) == Array(InterleavedRunner.order(pairs: 13, seed: 3).dropFirst()))
        #expect(result.pairs.allSatisfy { $0.dropped == nil })
        let settings = InterleavedComparison.Settings(
            metrics: ["*.inline.p50"],
            analysis: PairedAnalysis(),
            rules: Self.rules,
            minimumPairs: 8
        )
        let comparison = InterleavedComparison(pairs: result.pairs, settings: settings)
        #expect(comparison.verdict == .regression)
        baseline.stop()
        candidate.stop()
    }

    @Test func aBinaryThatIsNotAnAuthZBenchIsRefusedNamingIt() throws {
        let directory = try CLIHarness.temporaryDirectory()
        let path = try FakeBlockChild.install(FakeBlockChild.notAuthZBench, named: "other", in: directory)
        let child = try BlockChild(label: "candidate", binary: path, arguments: [])
        let error = #expect(throws: BenchError.self) { try child.greeting(within: 30) }
        #expect(error?.reason == .badInput)
        #expect(
            error?.message.hasPrefix("candidate binary \(path) is not an authz-bench speaking the block protocol")
                == true
        )
    }

    @Test func anOlderAuthZBenchIsBadInputAndRefusedFlagsAreUsage() throws {
        let directory = try CLIHarness.temporaryDirectory()
        let older = try FakeBlockChild.install(FakeBlockChild.olderBench, named: "older", in: directory)
        let refusing = try FakeBlockChild.install(FakeBlockChild.refusesFlags, named: "refusing", in: directory)
        let first = #expect(throws: BenchError.self) {
            try BlockChild(label: "baseline", binary: older, arguments: []).greeting(within: 30)
        }
        #expect(first?.reason == .badInput)
        #expect(first?.message.contains("unknown command") == true)
        let second = #expect(throws: BenchError.self) {
            try BlockChild(label: "baseline", binary: refusing, arguments: []).greeting(within: 30)
        }
        #expect(second?.reason == .invalidSetting)
        #expect(second?.message.hasSuffix("(exit 64): authz-bench blocks: --rate must be a positive number") == true)
    }

    @Test func twoChildrenOfOneLabelKeepTheirOwnMessages() throws {
        let directory = try CLIHarness.temporaryDirectory()
        func refusing(_ word: String) throws -> BlockChild {
            let path = try FakeBlockChild.install(
                "#!/bin/sh\necho 'authz-bench blocks: the \(word) refusal' >&2\nexit 64\n",
                named: word,
                in: directory
            )
            return try BlockChild(label: "baseline", binary: path, arguments: [])
        }
        var first: BlockChild? = try refusing("first")
        let second = try refusing("second")
        let firstError = #expect(throws: BenchError.self) { try first?.greeting(within: 30) }
        #expect(firstError?.message.hasSuffix("(exit 64): authz-bench blocks: the first refusal") == true)
        // The first one's end removes its file of messages, and only its own.
        first = nil
        let secondError = #expect(throws: BenchError.self) { try second.greeting(within: 30) }
        #expect(secondError?.message.hasSuffix("(exit 64): authz-bench blocks: the second refusal") == true)
    }

    @Test func anotherSchemaVersionIsRefused() throws {
        let directory = try CLIHarness.temporaryDirectory()
        let path = try FakeBlockChild.install(
            FakeBlockChild.working(p50: 1, schemaVersion: 2),
            named: "v2",
            in: directory
        )
        let error = #expect(throws: BenchError.self) {
            try BlockChild(label: "candidate", binary: path, arguments: []).greeting(within: 30)
        }
        #expect(error?.reason == .badInput)
        #expect(error?.message.contains("with result schema 2") == true)
    }

    @Test func aChildThatDiesMidRunIsNamedWithItsLastMessage() throws {
        let directory = try CLIHarness.temporaryDirectory()
        let path = try FakeBlockChild.install(FakeBlockChild.diesMidRun, named: "dies", in: directory)
        let child = try BlockChild(label: "candidate", binary: path, arguments: [])
        _ = try child.greeting(within: 30)
        let error = #expect(throws: BenchError.self) { try child.measure(block: 0, seconds: 0.1) }
        #expect(error?.reason == .badInput)
        #expect(
            error?.message.hasSuffix(
                "ended before the report of block 0 (exit 3): authz-bench blocks: the engine failed"
            ) == true
        )
    }

    @Test func aMissingOrNonExecutableBinaryIsNoInput() throws {
        let directory = try CLIHarness.temporaryDirectory()
        let missing = #expect(throws: BenchError.self) {
            try BlockChild(label: "baseline", binary: directory.appendingPathComponent("nosuch").path, arguments: [])
        }
        #expect(missing?.reason == .noInput)
        let plain = directory.appendingPathComponent("plain")
        try Data("x".utf8).write(to: plain)
        let notExecutable = #expect(throws: BenchError.self) {
            try BlockChild(label: "baseline", binary: plain.path, arguments: [])
        }
        #expect(notExecutable?.message == "baseline binary \(plain.path): not an executable file")
    }

    @Test func aStopRequestEndsTheChildAtOnce() throws {
        let directory = try CLIHarness.temporaryDirectory()
        let path = try FakeBlockChild.install("#!/bin/sh\nexec sleep 600\n", named: "sleeper", in: directory)
        let child = try BlockChild(label: "baseline", binary: path, arguments: [])
        let stop = StopRequest()
        stop.request(signal: SIGTERM, atNanos: 0)
        let error = #expect(throws: BenchError.self) { try child.greeting(within: 30, stop: stop) }
        #expect(error?.message == "baseline: stopped by SIGTERM")
        #expect(!child.isRunning)
    }

    @Test func hugePagesReachTheChildThroughGlibcTunables() throws {
        let directory = try CLIHarness.temporaryDirectory()
        // Refuses its flags, naming the tunables it was started with: the message ab reports.
        let path = try FakeBlockChild.install(
            "#!/bin/sh\necho \"authz-bench blocks: tunables [$GLIBC_TUNABLES]\" >&2\nexit 64\n",
            named: "tunables",
            in: directory
        )
        for (hugePages, expected) in [(true, "[\(BlockChild.hugePageTunable)]"), (false, "[]")] {
            let error = #expect(throws: BenchError.self) {
                try BlockChild(label: "baseline", binary: path, arguments: [], hugePages: hugePages).greeting(
                    within: 30
                )
            }
            #expect(error?.message.hasSuffix("authz-bench blocks: tunables \(expected)") == true, "\(hugePages)")
        }
    }

    @Test(arguments: [
        ([:], true, "glibc.malloc.hugetlb=1"),
        (["GLIBC_TUNABLES": "glibc.malloc.arena_max=2"], true, "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1"),
        (["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"], true, "glibc.malloc.hugetlb=0"),
        (["GLIBC_TUNABLES": "glibc.malloc.arena_max=2"], false, "glibc.malloc.arena_max=2"),
    ])
    func theTunableJoinsTheUsersOwnAndNeverOverridesIt(base: [String: String], hugePages: Bool, expected: String) {
        let environment = BlockChild.environment(base.merging(["HOME": "/h"]) { $1 }, hugePages: hugePages)
        #expect(environment["GLIBC_TUNABLES"] == expected)
        #expect(environment["HOME"] == "/h")
    }
}
