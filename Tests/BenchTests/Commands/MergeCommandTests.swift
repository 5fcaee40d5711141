import AuthZCore
import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("merge")
struct MergeCommandTests {
    /// Writes the .hlog and JSON of two shards; returns their paths.
    static func writeShards(
        in directory: URL,
        invalidSecond: Bool = false
    )
        throws -> (results: [RunResult], hlogs: [String], jsons: [String])
    {
        let results = [
            SyntheticRun.result(shard: 0, shards: 2), SyntheticRun.result(valid: !invalidSecond, shard: 1, shards: 2),
        ]
        var hlogs: [String] = []
        var jsons: [String] = []
        for (index, result) in results.enumerated() {
            let hlog = directory.appendingPathComponent("shard\(index).hlog").path
            let json = directory.appendingPathComponent("shard\(index).json").path
            try HistogramFiles.writeHlog(result, to: hlog)
            try ResultDocument(result).write(to: json)
            hlogs.append(hlog)
            jsons.append(json)
        }
        return (results, hlogs, jsons)
    }

    static func sum(_ results: [RunResult], _ histograms: (RunResult) -> HDRHistogram?) -> HDRHistogram {
        var total = HDRHistogram()
        for result in results { if let histogram = histograms(result) { total.add(histogram) } }
        return total
    }

    @Test func twoLogsMergeToTheSumOfTheirHistograms() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shards = try Self.writeShards(in: directory)
        let merged = try ResultMerger.merge(shards.hlogs)
        for kind in LatencyKind.allCases {
            #expect(merged.latency[kind] == Self.sum(shards.results) { $0.latency[kind] })
        }
        #expect(merged.summary.requests == 6_000)
        #expect(merged.summary.durationSeconds == 3)
        #expect(merged.summary.achievedRate == 2_000)
        #expect(merged.summary.targetRate == nil)
        #expect(merged.scenario == .object(["merged": .array(shards.hlogs.map(JSONValue.string))]))
        #expect(
            merged.intervals
                == [0, 1, 2].map { IntervalSummary(startSeconds: Double($0), lengthSeconds: 1, requests: 2_000) }
        )
    }

    @Test func twoResultsMergeCountsRatesAndCaches() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shards = try Self.writeShards(in: directory)
        let output = directory.appendingPathComponent("out/merged.json").path
        let hgrm = directory.appendingPathComponent("hgrm").path
        let run = try CLIHarness.bench(["merge"] + shards.jsons + ["--json", output, "--hgrm", hgrm, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try ResultDocument.read(from: output)
        let merged = try RunResult(document, file: output)
        for kind in LatencyKind.allCases {
            #expect(merged.latency[kind] == Self.sum(shards.results) { $0.latency[kind] })
            #expect(merged.warmup[kind] == Self.sum(shards.results) { $0.warmup[kind] })
        }
        #expect(merged.stages["verify"] == Self.sum(shards.results) { $0.stages["verify"] })
        #expect(document.summary.requests == 6_000)
        #expect(document.summary.achievedRate == 2_000)
        #expect(document.summary.targetRate == 2_000)
        #expect(document.summary.durationSeconds == 3)
        #expect(document.summary.valid)
        #expect(document.summary.errors == ["NOT_AUTHORIZED": 14, "INVALID_SIGNATURE": 6, "UPSTREAM_UNAVAILABLE": 20])
        #expect(document.attacks.expected == ["INVALID_SIGNATURE": 6])
        #expect(document.cache.total.hits == 3_000)
        #expect(document.cache.caches.authorizations.evictions == 100)
        #expect(document.scenario["shardIndex"] == nil && document.scenario["shardCount"] == nil)
        #expect(document.scenario["loop"] == .string("open"))
        #expect(document.scenario["seed"] == .integer(1))
        #expect(document.intervals.map(\.requests) == [2_000, 2_000, 2_000])
        let written = try FileManager.default.contentsOfDirectory(atPath: hgrm)
        #expect(
            Set(written) == [
                "responseTime.hgrm", "serviceTime.hgrm", "startLag.hgrm", "upstreamWait.hgrm", "inline.hgrm",
                "parked.hgrm", "inFlight.hgrm", "stage-parse.hgrm", "stage-verify.hgrm",
            ]
        )
    }

    @Test func anInvalidInputMakesTheMergeInvalid() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shards = try Self.writeShards(in: directory, invalidSecond: true)
        let merged = try ResultMerger.merge(shards.jsons)
        #expect(!merged.summary.valid)
        #expect(merged.summary.invalidReasons.count == 1)
        #expect(merged.summary.invalidReasons.first?.hasPrefix(shards.jsons[1] + ": ") == true)
        #expect(try CLIHarness.bench(["merge"] + shards.jsons + ["--quiet"]).status == 7)
    }

    @Test func aFIFOInputExits66AtOnceAndTheSameFileTwice65() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = directory.appendingPathComponent("ok.json").path
        try ResultDocument(SyntheticRun.result()).write(to: result)
        let fifo = directory.appendingPathComponent("fifo.hlog").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // No writer ever opens the FIFO: a merge that read it would never end.
        let blocked = try CLIHarness.bench(["merge", result, fifo, "--json", "m.json", "--quiet"], in: directory)
        #expect(blocked.status == 66, "\(blocked.stderr)")
        #expect(
            blocked.message.contains("fifo.hlog: is a FIFO") && !blocked.message.contains("\n"),
            "\(blocked.message)"
        )
        let twice = try CLIHarness.bench(["merge", result, result, "--json", "m.json", "--quiet"], in: directory)
        #expect(twice.status == 65 && twice.message.contains("given twice"), "\(twice.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("m.json").path))
    }

    @Test func noInputIsAUsageError() throws {
        let run = try CLIHarness.bench(["merge", "--json", "/tmp/x.json"])
        #expect(run.status == 64)
    }

    /// Bad inputs: file contents (nil: missing file) and what the one-line error must say.
    static let badInputs: [(String?, String)] = [
        (nil, "no such file"),
        ("", "empty file"),
        ("\u{0}\u{1}\u{2}HISTF\u{0}", "binary data"),
        ("#[Histogram log format version 1.3]\n0.000,1.000,0.001,HISTFAAAAB\n", "line 2: histogram payload"),
        ("#[Histogram log format version 1.3]\n", "no interval histograms"),
        ("hello,world\n", "line 1: expected"),
        ("{\"schemaVersion\": 1, \"tool\": \"authz-bench\", \"summary\": {", "not valid JSON"),
        ("{\"schemaVersion\": 3}", "$.schemaVersion: expected 1"),
    ]

    @Test(arguments: 0..<badInputs.count)
    func badInputExits65WithOneLineNamingTheFile(index: Int) throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (contents, expected) = Self.badInputs[index]
        let path = directory.appendingPathComponent("input-\(index)").path
        if let contents { try Data(contents.utf8).write(to: URL(fileURLWithPath: path)) }
        let run = try CLIHarness.bench(["merge", path, "--quiet"])
        // A missing input is "no input" (66); one that is there but bad, 65.
        #expect(run.status == (contents == nil ? 66 : 65))
        #expect(run.message.contains(path))
        #expect(run.message.contains(expected), "\(run.message)")
        #expect(!run.message.contains("\n"))
    }

    /// A log cut mid-line: without the run's metadata (another writer's log) the cut line is bad
    /// input named by its number; with it, the log is a killed run's, its half line is dropped and
    /// the shard is named truncated.
    @Test(arguments: [false, true])
    func cutLogNamesTheLineOrTheTruncatedShard(metadata: Bool) throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try HistogramFiles.hlogText(SyntheticRun.result(), metadata: metadata, end: false)
        let path = directory.appendingPathComponent("cut.hlog").path
        try Data(text.utf8.dropLast(40)).write(to: URL(fileURLWithPath: path))
        let lines = text.split(separator: "\n").count
        let run = try CLIHarness.bench(["merge", path, "--quiet"])
        #expect(run.status == 65)
        #expect(!run.message.contains("\n"))
        if metadata {
            #expect(run.message.contains("truncated: 1 ") && run.message.contains(path), "\(run.message)")
        } else {
            #expect(run.message.hasPrefix("\(path): line \(lines): "), "\(run.message)")
        }
    }

    @Test func mergedConsoleSummaryNamesItsInputs() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shards = try Self.writeShards(in: directory)
        let text = RunReport.text(try ResultMerger.merge(shards.hlogs))
        #expect(text.contains("merged from 2 input(s)"))
        #expect(text.contains(shards.hlogs[0]))
        #expect(text.contains("responseTime"))
        #expect(text.contains("6,000"))
        #expect(text.contains("as far as known"))
        // Logs carry no cache statistics: said once, not shown as a table of zeros.
        #expect(text.contains("cache       not known: .hlog inputs carry no cache statistics\n"))
        #expect(!text.contains("verifiedTokens"))
        #expect(RunReport.text(try ResultMerger.merge(shards.jsons)).contains("verifiedTokens"))
    }

    @Test func mergedResultsShowTheirScenario() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shards = try Self.writeShards(in: directory)
        let merged = try ResultMerger.merge(shards.jsons)
        #expect(merged.typedScenario?.seed == 1)
        #expect(merged.typedScenario?.shardCount == 1)
        let text = RunReport.text(merged)
        #expect(text.contains("scenario    open loop at 1,000 req/s"))
        #expect(text.contains("merged from: " + shards.jsons.joined(separator: ", ")))
        #expect(text.contains("result      VALID\n"))
    }
}
