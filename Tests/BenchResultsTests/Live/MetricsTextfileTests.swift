import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

@Suite("--metrics-textfile: Prometheus text exposition", .serialized)
struct MetricsTextfileTests {
    static let labels = ["scenario": "steady", "shard": "2/3"]

    static func interval(
        requests: Int,
        codes: [String: Int],
        p50: UInt64 = 250_000,
        p99: UInt64 = 4_000_000,
        inFlight: Int = 7
    ) -> LiveInterval {
        LiveInterval(
            lengthSeconds: 1,
            requests: requests,
            responseP50Nanos: p50,
            responseP99Nanos: p99,
            codes: codes,
            inFlight: inFlight
        )
    }

    /// A textfile in a fresh directory, and the directory.
    static func textfile() throws -> (MetricsTextfile, URL) {
        let directory = try SyntheticRun.directory()
        return (
            MetricsTextfile(path: directory.appendingPathComponent("authz-bench.prom").path, labels: labels), directory
        )
    }

    @Test func everyFamilyHasHelpAndTypeAndTheSamplesCarryTheLabels() {
        var metrics = LiveMetrics(labels: Self.labels)
        metrics.add(Self.interval(requests: 1_990, codes: ["VALID_TOKEN": 1_980, "UPSTREAM_UNAVAILABLE": 10]))
        let text = PrometheusText.render(metrics)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "a final newline")
        let families = [
            "authz_bench_running", "authz_bench_intervals_total", "authz_bench_achieved_rate",
            "authz_bench_requests_in_flight", "authz_bench_response_time_seconds", "authz_bench_requests_total",
        ]
        for family in families {
            #expect(lines.filter { $0.hasPrefix("# HELP \(family) ") }.count == 1, "\(family)")
            #expect(lines.filter { $0.hasPrefix("# TYPE \(family) ") }.count == 1, "\(family)")
        }
        #expect(text.contains("# TYPE authz_bench_requests_total counter\n"))
        #expect(text.contains("# TYPE authz_bench_achieved_rate gauge\n"))
        for sample in lines where !sample.isEmpty && !sample.hasPrefix("#") {
            #expect(sample.contains("scenario=\"steady\"") && sample.contains("shard=\"2/3\""), "\(sample)")
        }
        #expect(
            text.contains(
                "authz_bench_requests_total{code=\"UPSTREAM_UNAVAILABLE\",scenario=\"steady\",shard=\"2/3\"} 10\n"
            )
        )
        #expect(
            text.contains(
                "authz_bench_response_time_seconds{percentile=\"99\",scenario=\"steady\",shard=\"2/3\"} 0.004\n"
            )
        )
        #expect(text.contains("authz_bench_achieved_rate{scenario=\"steady\",shard=\"2/3\"} 1990\n"))
    }

    @Test func noGaugeSampleBeforeTheFirstInterval() {
        let text = PrometheusText.render(LiveMetrics(labels: Self.labels))
        #expect(!text.contains("\nauthz_bench_achieved_rate{"))
        #expect(!text.contains("\nauthz_bench_response_time_seconds{"))
        #expect(text.contains("\nauthz_bench_intervals_total{scenario=\"steady\",shard=\"2/3\"} 0\n"))
    }

    @Test(arguments: [
        ("plain", "plain"), ("a\"b", "a\\\"b"), ("back\\slash", "back\\\\slash"), ("two\nlines", "two\\nlines"),
    ])
    func labelValuesAreEscaped(value: String, escaped: String) {
        #expect(PrometheusText.escapeLabelValue(value) == escaped)
        let text = PrometheusText.render(LiveMetrics(labels: ["scenario": value]))
        #expect(text.contains("{scenario=\"\(escaped)\"}"))
    }

    @Test func countersNeverGoDownAcrossUpdates() {
        var metrics = LiveMetrics(labels: Self.labels)
        var previous: [String: Int] = [:]
        let intervals = [["VALID_TOKEN": 100, "DENIED": 2], ["VALID_TOKEN": 90], [:], ["DENIED": 1, "TIMEOUT": 4]]
        for codes in intervals {
            metrics.add(Self.interval(requests: codes.values.reduce(0, +), codes: codes))
            for (code, count) in previous { #expect(metrics.codes[code, default: 0] >= count, "\(code)") }
            previous = metrics.codes
        }
        #expect(metrics.codes == ["VALID_TOKEN": 190, "DENIED": 3, "TIMEOUT": 4])
        #expect(metrics.intervals == intervals.count)
        metrics.finish(totals: ["VALID_TOKEN": 150, "DENIED": 5])
        #expect(metrics.codes == ["VALID_TOKEN": 190, "DENIED": 5, "TIMEOUT": 4], "final totals raise, never lower")
        #expect(!metrics.running && metrics.rate == 0 && metrics.inFlight == 0)
    }

    @Test func prometheusClientParsesEveryUpdate() throws {
        let (textfile, directory) = try Self.textfile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = URL(fileURLWithPath: textfile.path)
        var last: [String: Double] = [:]
        for codes in [["VALID_TOKEN": 1_000], ["VALID_TOKEN": 990, "UPSTREAM_UNAVAILABLE": 3]] {
            try textfile.record(Self.interval(requests: codes.values.reduce(0, +), codes: codes))
            guard let families = try PrometheusParser.parse(url) else { return }
            let byName = Dictionary(uniqueKeysWithValues: families.map { ($0.name, $0) })
            #expect(byName["authz_bench_requests"]?.type == "counter")
            #expect(byName["authz_bench_achieved_rate"]?.type == "gauge")
            #expect(byName["authz_bench_requests_in_flight"]?.samples.first?.value == 7)
            let percentiles = byName["authz_bench_response_time_seconds"]?.samples.map { $0.labels["percentile"] }
            #expect(percentiles == ["50", "99"])
            let counts = byName["authz_bench_requests"]?.samples ?? []
            #expect(counts.allSatisfy { $0.labels["scenario"] == "steady" && $0.labels["shard"] == "2/3" })
            for sample in counts {
                let code = sample.labels["code"] ?? ""
                #expect(sample.value >= last[code, default: 0])
                last[code] = sample.value
            }
        }
        #expect(last == ["VALID_TOKEN": 1_990, "UPSTREAM_UNAVAILABLE": 3])
        try textfile.finish()
        let ended = try PrometheusParser.parse(url)
        #expect(ended?.first { $0.name == "authz_bench_running" }?.samples.first?.value == 0)
    }

    /// A reader holding the file open keeps reading the complete previous exposition after an
    /// update: the update replaced the directory entry (rename) instead of rewriting the file in
    /// place, so no reader can see it half-written. No temporary file stays behind.
    @Test func anUpdateReplacesTheFileByRename() throws {
        let (textfile, directory) = try Self.textfile()
        defer { try? FileManager.default.removeItem(at: directory) }
        try textfile.record(Self.interval(requests: 1_000, codes: ["VALID_TOKEN": 1_000]))
        let first = try String(contentsOfFile: textfile.path, encoding: .utf8)
        let reader = try #require(FileHandle(forReadingAtPath: textfile.path))
        defer { try? reader.close() }
        let before = try FileManager.default.attributesOfItem(atPath: textfile.path)[.systemFileNumber] as? Int

        try textfile.record(Self.interval(requests: 2_000, codes: ["VALID_TOKEN": 1_500, "DENIED": 500], inFlight: 40))
        let seenByOpenReader = String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self)
        #expect(seenByOpenReader == first)
        let second = try String(contentsOfFile: textfile.path, encoding: .utf8)
        #expect(second != first && second.contains("code=\"DENIED\""))
        let after = try FileManager.default.attributesOfItem(atPath: textfile.path)[.systemFileNumber] as? Int
        #expect(before != nil && before != after, "a new file took the name")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["authz-bench.prom"])
    }

    @Test func anUnwritableDirectoryIsABadInputNamingThePath() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blocker = directory.appendingPathComponent("file")
        try Data().write(to: blocker)
        let textfile = MetricsTextfile(path: blocker.appendingPathComponent("m.prom").path, labels: [:])
        #expect(throws: BenchError.self) { try textfile.record(Self.interval(requests: 1, codes: ["VALID_TOKEN": 1])) }
    }
}
