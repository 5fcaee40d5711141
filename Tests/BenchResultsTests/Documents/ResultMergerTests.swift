import AuthZCore
import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

@Suite("merge: in flight, upstream, prewarm")
struct ResultMergerTests {
    /// Two shards' results that differ in their peaks: the second's requests in flight peak higher,
    /// its upstream calls in flight lower.
    static func shards() -> [RunResult] {
        var second = SyntheticRun.result(shard: 1, shards: 2)
        second.inFlight?.record(90)
        second.summary.maxInFlight = 90
        second.upstream?.maxInFlight = 30
        second.upstream?.calls += 5
        second.prewarm?.seconds = 3.5
        return [SyntheticRun.result(shard: 0, shards: 2), second]
    }

    /// The shards written as result files in `directory`, merged.
    static func merge(_ results: [RunResult], in directory: URL) throws -> RunResult {
        var paths: [String] = []
        for (index, result) in results.enumerated() {
            let path = directory.appendingPathComponent("shard\(index).json").path
            try ResultDocument(result).write(to: path)
            paths.append(path)
        }
        return try ResultMerger.merge(paths)
    }

    @Test func histogramsAddCountersSumAndPeaksTakeTheLargest() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let results = Self.shards()
        let merged = try Self.merge(results, in: directory)

        var inFlight = HDRHistogram()
        var wait = HDRHistogram()
        for result in results {
            inFlight.add(try #require(result.inFlight))
            wait.add(result.latency[.upstreamWait]!)
        }
        #expect(merged.inFlight == inFlight)
        #expect(merged.latency[.upstreamWait] == wait)
        // Peaks do not add: the merged maxima are the largest shard's.
        #expect(merged.summary.maxInFlight == results.compactMap(\.summary.maxInFlight).max())
        #expect(merged.summary.maxInFlight == 90)
        let upstream = try #require(merged.upstream)
        #expect(upstream.maxInFlight == results.compactMap(\.upstream?.maxInFlight).max())
        #expect(upstream.calls == results.compactMap(\.upstream?.calls).reduce(0, +))
        #expect(upstream.coalesced == results.compactMap(\.upstream?.coalesced).reduce(0, +))
        #expect(upstream.refreshes == results.compactMap(\.upstream?.refreshes).reduce(0, +))
        #expect(upstream.errors == results.compactMap(\.upstream?.errors).reduce(0, +))
        #expect(upstream.timeouts == results.compactMap(\.upstream?.timeouts).reduce(0, +))
        #expect(upstream.rejected == results.compactMap(\.upstream?.rejected).reduce(0, +))
        let prewarm = try #require(merged.prewarm)
        #expect(prewarm.devices == results.compactMap(\.prewarm?.devices).reduce(0, +))
        #expect(prewarm.authorizations == results.compactMap(\.prewarm?.authorizations).reduce(0, +))
        #expect(prewarm.seconds == 3.5)
    }

    @Test func resultCodesStillSumToTheRequests() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let results = Self.shards()
        let merged = try Self.merge(results, in: directory)
        let valid = results.compactMap { $0.summary.codes["VALID_TOKEN"] }.reduce(0, +)
        #expect(merged.summary.requests == results.map(\.summary.requests).reduce(0, +))
        #expect(merged.summary.errors.values.reduce(0, +) + valid == merged.summary.requests)
        #expect(
            merged.summary.errors["UPSTREAM_UNAVAILABLE"]
                == results.compactMap { $0.summary.codes["UPSTREAM_UNAVAILABLE"] }.reduce(0, +)
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
        var older = SyntheticRun.result(shard: 1, shards: 2)
        older.inFlight = nil
        older.upstream = nil
        older.prewarm = nil
        older.summary.maxInFlight = nil
        let current = SyntheticRun.result(shard: 0, shards: 2)
        let paths = [
            directory.appendingPathComponent("new.json").path, directory.appendingPathComponent("old.json").path,
        ]
        try ResultDocument(current).write(to: paths[0])
        try ResultDocument(older).write(to: paths[1])
        let merged = try ResultMerger.merge(paths)
        #expect(merged.inFlight == current.inFlight)
        #expect(merged.summary.maxInFlight == current.summary.maxInFlight)
        #expect(merged.upstream == current.upstream)
        #expect(merged.prewarm == current.prewarm)
    }

    @Test func anUnknownLogTagNamesEveryKnownOne() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try HistogramFiles.hlogText(SyntheticRun.result()).replacingOccurrences(
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
