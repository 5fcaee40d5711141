import AuthZCore
import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

@Suite("merge: in flight, upstream, prewarm")
struct ResultMergerTests {
    /// Two shards' outcomes that differ in their peaks: the second's requests in flight peak higher,
    /// its upstream calls in flight lower.
    static func shards() -> [RunOutcome] {
        var second = SyntheticRun.outcome(shard: 1, shards: 2)
        second.inFlight.record(90)
        second.maxInFlight = 90
        second.upstream.maxInFlight = 30
        second.upstream.calls += 5
        second.prewarm?.seconds = 3.5
        return [SyntheticRun.outcome(shard: 0, shards: 2), second]
    }

    /// The shards written as result files in `directory`, merged.
    static func merge(_ outcomes: [RunOutcome], in directory: URL) throws -> RunResult {
        var paths: [String] = []
        for (index, outcome) in outcomes.enumerated() {
            let path = directory.appendingPathComponent("shard\(index).json").path
            try ResultDocument(outcome).write(to: path)
            paths.append(path)
        }
        return try ResultMerger.merge(paths)
    }

    @Test func histogramsAddCountersSumAndPeaksTakeTheLargest() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcomes = Self.shards()
        let merged = try Self.merge(outcomes, in: directory)

        var inFlight = HDRHistogram()
        var wait = HDRHistogram()
        for outcome in outcomes {
            inFlight.add(outcome.inFlight)
            wait.add(outcome.latency[.upstreamWait]!)
        }
        #expect(merged.inFlight == inFlight)
        #expect(merged.latency[.upstreamWait] == wait)
        // Peaks do not add: the merged maxima are the largest shard's.
        #expect(merged.summary.maxInFlight == outcomes.map(\.maxInFlight).max())
        #expect(merged.summary.maxInFlight == 90)
        let upstream = try #require(merged.upstream)
        #expect(upstream.maxInFlight == outcomes.map(\.upstream.maxInFlight).max())
        #expect(upstream.calls == outcomes.map(\.upstream.calls).reduce(0, +))
        #expect(upstream.coalesced == outcomes.map(\.upstream.coalesced).reduce(0, +))
        #expect(upstream.refreshes == outcomes.map(\.upstream.refreshes).reduce(0, +))
        #expect(upstream.errors == outcomes.map(\.upstream.errors).reduce(0, +))
        #expect(upstream.timeouts == outcomes.map(\.upstream.timeouts).reduce(0, +))
        #expect(upstream.rejected == outcomes.map(\.upstream.rejected).reduce(0, +))
        let prewarm = try #require(merged.prewarm)
        #expect(prewarm.devices == outcomes.compactMap(\.prewarm?.devices).reduce(0, +))
        #expect(prewarm.authorizations == outcomes.compactMap(\.prewarm?.authorizations).reduce(0, +))
        #expect(prewarm.seconds == 3.5)
    }

    @Test func resultCodesStillSumToTheRequests() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcomes = Self.shards()
        let merged = try Self.merge(outcomes, in: directory)
        let valid = outcomes.compactMap { $0.codes[.validToken] }.reduce(0, +)
        #expect(merged.summary.requests == outcomes.map(\.requests).reduce(0, +))
        #expect(merged.summary.errors.values.reduce(0, +) + valid == merged.summary.requests)
        #expect(
            merged.summary.errors["UPSTREAM_UNAVAILABLE"]
                == outcomes.compactMap { $0.codes[.upstreamUnavailable] }.reduce(0, +)
        )
    }

    @Test func theMergedDocumentWritesTheNewSections() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let merged = try Self.merge(Self.shards(), in: directory)
        let document = try ResultDocument.parse(try ResultDocument(merged).jsonData(), file: "merged.json")
        #expect(document.concurrency?.inFlight.count == merged.inFlight?.totalCount)
        #expect(document.upstream == merged.upstream)
        #expect(document.prewarm == merged.prewarm)
        #expect(document.summary.maxInFlight == 90)
    }

    @Test func anInputWithoutTheSectionsAddsNothingToThem() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var older = RunResult(SyntheticRun.outcome(shard: 1, shards: 2))
        older.inFlight = nil
        older.upstream = nil
        older.prewarm = nil
        older.summary.maxInFlight = nil
        let current = SyntheticRun.outcome(shard: 0, shards: 2)
        let paths = [
            directory.appendingPathComponent("new.json").path, directory.appendingPathComponent("old.json").path,
        ]
        try ResultDocument(current).write(to: paths[0])
        try ResultDocument(older).write(to: paths[1])
        let merged = try ResultMerger.merge(paths)
        #expect(merged.inFlight == current.inFlight)
        #expect(merged.summary.maxInFlight == current.maxInFlight)
        #expect(merged.upstream == current.upstream.section)
        #expect(merged.prewarm == current.prewarm)
    }

    @Test func anUnknownLogTagNamesEveryKnownOne() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try HistogramFiles.hlogText(SyntheticRun.outcome()).replacingOccurrences(
            of: "Tag=inFlight,",
            with: "Tag=queue,"
        )
        let path = directory.appendingPathComponent("odd.hlog").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: BenchError.self) { try ResultMerger.merge([path]) }
        #expect(error?.message.contains("unknown tag queue") == true)
        for tag in LatencyKind.allCases.map(\.rawValue) + ["inFlight"] {
            #expect(error?.message.contains(tag) == true, "\(tag)")
        }
    }
}
