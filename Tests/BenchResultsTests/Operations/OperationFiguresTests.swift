import AuthZCore
import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

@Suite("Figures per operation: recorded apart, added up, written, read back")
struct OperationFiguresTests {
    /// Every kind kept per operation adds up, over the operations, to the total of that kind.
    static func expectCountsAddUp(_ totals: [LatencyKind: HDRHistogram], _ operations: OperationLatency) {
        for kind in OperationLabel.kinds {
            let sum = operations.values.map { $0[kind]?.totalCount ?? 0 }.reduce(0, +)
            #expect(sum == totals[kind]?.totalCount, "\(kind.rawValue)")
        }
    }

    @Test("Each operation's counts add up to the totals, and each request lands in its operation")
    func countsAddUpToTotals() {
        var set = SyntheticOperations.set(second: 2)
        #expect(set.byOperation.keys.sorted() == SyntheticOperations.labels)
        Self.expectCountsAddUp(set.byKind, set.byOperation)
        #expect(set[.check]?.requests == 20 && set[.get]?.requests == 72)
        #expect(set[.get]?.parked.totalCount == 8 && set[.check]?.parked.totalCount == 0)
        #expect(set.response.totalCount == UInt64(set.requests))
        // An operation's response time is its two paths together.
        #expect(set[.get]?.response.totalCount == 72)
        // Adding sets adds each operation's, and an operation only one set has is kept.
        var other = LatencyRecorder.Histograms()
        other.record(operation: .logout, response: 9_000, service: 8_000, startLag: nil, upstreamWait: nil)
        set.add(other)
        #expect(set[.logout]?.requests == 1)
        Self.expectCountsAddUp(set.byKind, set.byOperation)
        set.reset()
        #expect(set.requests == 0 && set.recordedOperations.isEmpty && set[.check] != nil)
    }

    @Test("A recorder allocates its mix's operations up front; the attacks apart, by kind")
    func theRecorderKeepsTheMixsOperations() {
        let mix = OperationMix(get: 60, check: 20, verify: 10, logout: 5, attack: 5)
        let labels = OperationLabel.sent(by: mix)
        #expect(labels == OperationLabel.allCases)
        #expect(OperationLabel.sent(by: OperationMix()) == [.get, .check, .verify])
        let recorder = LatencyRecorder(recordsStartLag: true, operations: [.check])
        #expect(recorder.current[.check] != nil && recorder.warmup[.check] != nil && recorder.current[.get] == nil)
        let attack = Operation(kind: .attack, device: 0, resource: 0, attack: .replayedMediaToken)
        #expect(OperationLabel(attack) == .replayedMediaToken)
        #expect(OperationLabel(Operation(kind: .verify, device: 0, resource: 0, attack: nil)) == .verify)
        for label in OperationLabel.allCases { #expect(OperationLabel(name: label.name) == label) }
    }

    @Test("The JSON round trip keeps every operation's histograms, in latency, warm-up and intervals")
    func jsonRoundTrip() throws {
        let result = SyntheticOperations.result()
        let data = try ResultDocument(result).jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let latency = try #require(object["latency"] as? [String: Any])
        let byOperation = try #require(latency["byOperation"] as? [String: Any])
        #expect(Set(byOperation.keys) == Set(SyntheticOperations.labels.map(\.name)))
        let check = try #require(byOperation["check"] as? [String: Any])
        #expect(Set(check.keys) == ["inline", "parked", "responseTime", "serviceTime"])
        let intervals = try #require(object["intervals"] as? [[String: Any]])
        #expect(intervals.allSatisfy { ($0["byOperation"] as? [String: Any])?["check"] != nil })

        let back = try RunResult(ResultDocument.parse(data, file: "r.json"), file: "r.json")
        #expect(back.latencyByOperation == result.latencyByOperation)
        #expect(back.warmupByOperation == result.warmupByOperation)
        #expect(back.intervals == result.intervals)
        Self.expectCountsAddUp(back.latency, try #require(back.latencyByOperation))
        Self.expectCountsAddUp(back.warmup, try #require(back.warmupByOperation))
    }

    @Test("A file without figures per operation reads as not recorded, never zeros")
    func anOldFileReadsAsNotRecorded() throws {
        let old = SyntheticRun.result()
        let data = try ResultDocument(old).jsonData()
        #expect(!String(decoding: data, as: UTF8.self).contains("byOperation"))
        let document = try ResultDocument.parse(data, file: "old.json")
        let back = try RunResult(document, file: "old.json")
        #expect(back.latencyByOperation == nil && back.warmupByOperation == nil && !back.recordsByOperation)
        #expect(back.histogram(.inline, of: .check) == nil)
        #expect(back.intervals.allSatisfy { $0.byOperation == nil })
        #expect(RunReport.operationTable(back) == nil)
        #expect(RunReport.text(back).contains("response time distribution"))
        #expect(!HistogramFiles.hgrmFiles(back).contains { $0.name.hasPrefix("check.") })
    }

    @Test("The .hlog's operation tags are merged back into the figures per operation")
    func hlogTagsMergeBack() throws {
        let result = SyntheticOperations.result()
        let intervals = SyntheticOperations.intervals()
        func log(startEpochMillis: Int64) throws -> String {
            let writer = HistogramFiles.hlogWriter(startEpochMillis: startEpochMillis)
            var text = writer.text
            for interval in intervals { text += try HistogramFiles.hlogLines(interval, writer: writer) }
            return text
        }
        let text = try log(startEpochMillis: 1_700_000_100_000)
        #expect(text.contains("Tag=check.inline,") && text.contains("Tag=get.parked,"))
        // A check is never parked: no empty line for it.
        #expect(!text.contains("Tag=check.parked,"))
        var merger = ResultMerger()
        try merger.add(bytes: Array(text.utf8), file: "a.hlog")
        try merger.add(bytes: Array(try log(startEpochMillis: 1_700_000_200_000).utf8), file: "b.hlog")
        let merged = try merger.outcome(options: MergeOptions(alignment: .relative)).result
        let operations = try #require(merged.latencyByOperation)
        Self.expectCountsAddUp(merged.latency, operations)
        for label in SyntheticOperations.labels {
            for kind in OperationLabel.kinds {
                let once = result.latencyByOperation?[label]?[kind]?.totalCount ?? 0
                #expect(operations[label]?[kind]?.totalCount == 2 * once, "\(label.name).\(kind.rawValue)")
            }
        }
        // Beside an input without them, the merge has none: a sum over some inputs is not the whole.
        let old = try HistogramFiles.hlogText(SyntheticRun.result(), metadata: false)
        try merger.add(bytes: Array(old.utf8), file: "old.hlog")
        #expect(try merger.outcome(options: MergeOptions(alignment: .relative)).result.latencyByOperation == nil)
    }

    @Test("Results merge their figures per operation when every input has them")
    func resultsMerge() throws {
        let data = try ResultDocument(SyntheticOperations.result()).jsonData()
        var merger = ResultMerger()
        try merger.add(bytes: Array(data), file: "a.json")
        var second = SyntheticOperations.result()
        second.summary.startEpochMillis = 1_700_000_010_000
        second.summary.host = "other"
        try merger.add(bytes: Array(try ResultDocument(second).jsonData()), file: "b.json")
        let merged = try merger.outcome(options: MergeOptions(alignment: .relative)).result
        Self.expectCountsAddUp(merged.latency, try #require(merged.latencyByOperation))
        Self.expectCountsAddUp(merged.warmup, try #require(merged.warmupByOperation))
    }

    @Test("The console's table per operation replaces the distribution and fits 100 columns")
    func consoleTable() throws {
        let result = SyntheticOperations.result()
        let table = try #require(RunReport.operationTable(result))
        #expect(table.count == 1 + SyntheticOperations.labels.count)
        #expect(table[2].hasPrefix("check") && table[1].hasPrefix("get"))
        let text = RunReport.text(result)
        #expect(!text.contains("response time distribution"))
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("by operation") }.count == 1)
        for line in table { #expect(line.count <= 100, "\(line)") }
        // The .hgrm files: one per operation and kind.
        let names = Set(HistogramFiles.hgrmFiles(result).map(\.name))
        #expect(names.isSuperset(of: ["check.inline.hgrm", "check.parked.hgrm", "get.responseTime.hgrm"]))
    }
}
