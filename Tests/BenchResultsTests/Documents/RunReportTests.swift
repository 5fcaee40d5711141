import AuthZCore
import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

@Suite("Console run summary")
struct RunReportTests {
    @Test func showsPercentileRowsThroughputAndVerdict() {
        let text = RunReport.text(SyntheticRun.result())
        if let path = ProcessInfo.processInfo.environment["AUTHZ_BENCH_REPORT_SAMPLE"] {
            try? text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let lines = text.split(separator: "\n").map(String.init)
        for kind in LatencyKind.allCases {
            #expect(lines.contains { $0.hasPrefix(kind.rawValue) }, "row \(kind.rawValue)")
        }
        for column in ["p50", "p90", "p99", "p99.9", "p99.99", "max"] {
            #expect(lines.contains { $0.hasPrefix("latency") && $0.contains(column) })
        }
        // Response time is 1µs...1ms (1,000 values each of 3 intervals): p50 about 500µs.
        let response = lines.first { $0.hasPrefix("responseTime") } ?? ""
        #expect(response.contains("µs"))
        #expect(response.contains("3,000"))
        #expect(lines.contains { $0.hasPrefix("throughput") && $0.contains("1,000 req/s achieved of 1,000 target") })
        #expect(lines.contains { $0.hasPrefix("parse") } && lines.contains { $0.hasPrefix("verify") })
        #expect(lines.contains { $0.hasPrefix("verifiedTokens") && $0.contains("90.0%") })
        #expect(lines.contains { $0.hasPrefix("authorizations") && $0.contains("60.0%") })
        #expect(lines.contains { $0.hasPrefix("both") && $0.contains("75.0%") && $0.contains("1,500") })
        #expect(
            lines.contains {
                $0.hasPrefix("answers") && $0.contains("NOT_AUTHORIZED 7") && $0.contains("INVALID_SIGNATURE 3")
            }
        )
        #expect(lines.contains { $0.hasPrefix("failures    10 (0.33% of the requests): UPSTREAM_UNAVAILABLE 10") })
        #expect(!lines.contains { $0.hasPrefix("errors") })
        #expect(lines.contains { $0.hasPrefix("attacks") && $0.contains("INVALID_SIGNATURE 3") })
        #expect(lines.contains("result      VALID"))
        #expect(!text.contains("RESULT INVALID"))
        #expect(!text.contains("DEBUG"))
    }

    @Test func showsInFlightUpstreamAndPrewarmLines() throws {
        let result = SyntheticRun.result()
        let lines = RunReport.text(result).split(separator: "\n").map(String.init)
        let inFlight = try #require(lines.first { $0.hasPrefix("in flight   ") })
        #expect(inFlight.contains("p50 \(LatencyText.count((result.inFlight?.value(atPercentile: 50) ?? 0))),"))
        #expect(inFlight.contains("p99 \(LatencyText.count((result.inFlight?.value(atPercentile: 99) ?? 0))),"))
        #expect(inFlight.contains("max \(result.summary.maxInFlight ?? 0) "))
        #expect(inFlight.contains("(3,000 sends)"))
        let u = try #require(result.upstream)
        #expect(
            lines.contains(
                "upstream    calls \(u.calls), coalesced \(u.coalesced), refreshes \(u.refreshes), "
                    + "errors \(u.errors), timeouts \(u.timeouts), rejected \(u.rejected), max in flight \(u.maxInFlight)"
            )
        )
        let prewarm = try #require(result.prewarm)
        let line = try #require(lines.first { $0.hasPrefix("prewarm     ") })
        #expect(line.contains("\(LatencyText.count(prewarm.devices)) devices"))
        #expect(line.contains("\(LatencyText.count(prewarm.authorizations)) authorizations"))
        #expect(line.contains(String(format: "%.2f s", prewarm.seconds)) && line.contains("untimed"))
        let wait = try #require(lines.first { $0.hasPrefix("upstreamWait") })
        #expect(wait.hasSuffix(LatencyText.count(result.latency[.upstreamWait]!.totalCount)))
        #expect(wait.contains(LatencyText.duration(result.latency[.upstreamWait]!.value(atPercentile: 99))))
        // The new lines keep the 12-column label of the others.
        for label in ["in flight", "upstream", "prewarm"] {
            #expect(
                lines.contains { $0.hasPrefix(label.padding(toLength: 12, withPad: " ", startingAt: 0)) },
                "\(label)"
            )
        }
    }

    @Test func closedLoopIsLabelled() {
        let text = RunReport.text(SyntheticRun.result(closed: true))
        #expect(text.contains("scenario    closed loop"))
        #expect(text.contains("(closed loop, no target rate)"))
        #expect(text.contains("latency [closed loop]"))
        #expect(text.contains("VALID (closed loop)"))
        #expect(!text.contains("target ("))
    }

    @Test func invalidRunIsLoudWithReasons() {
        let text = RunReport.text(SyntheticRun.result(valid: false))
        #expect(text.contains("### RESULT INVALID"))
        #expect(text.contains("below 99% of the 1,000 req/s target"))
        #expect(!text.contains("result      VALID"))
    }

    @Test func debugBuildIsMarked() {
        let text = RunReport.text(SyntheticRun.result(build: "debug"))
        #expect(text.hasPrefix("#"))
        #expect(text.contains("DEBUG BUILD"))
        #expect(text.contains("\"build\": \"debug\""))
    }

    @Test(arguments: [1, 10, 1_000, 100_000])
    func histogramLinesFitEightyColumns(spread: Int) {
        var histogram = HDRHistogram()
        for index in 0..<spread { histogram.record(UInt64(50 + index * 997)) }
        histogram.record(3_000_000_000)
        let lines = LatencyBars.lines(histogram)
        #expect(!lines.isEmpty)
        for line in lines { #expect(line.count <= 80, "\(line.count): \(line)") }
        let total = lines.compactMap { line in
            line.split(separator: "|").last.flatMap {
                Int($0.split(separator: " ").first!.replacingOccurrences(of: ",", with: ""))
            }
        }.reduce(0, +)
        #expect(UInt64(total) == histogram.totalCount)
    }

    @Test func histogramBarsAreProportionalToCounts() {
        var histogram = HDRHistogram()
        histogram.record(1_500, count: 100)  // [1µs, 2µs)
        histogram.record(3_000, count: 50)  // [2µs, 5µs)
        let lines = LatencyBars.lines(histogram)
        try? #require(lines.count == 2)
        let bars = lines.map { $0.filter { $0 == "#" }.count }
        #expect(bars[0] == 2 * bars[1])
        #expect(lines[0].contains("1µs") && lines[0].contains("2µs"))
    }

    @Test func emptyHistogramSaysSo() {
        #expect(LatencyBars.lines(HDRHistogram()) == ["  (no samples)"])
    }

    @Test(arguments: [
        (UInt64(850), "850ns"), (12_345, "12.3µs"), (1_234_567, "1.23ms"), (2_500_000_000, "2.50s"),
        (999_999, "1.00ms"),
    ])
    func humanUnits(value: UInt64, text: String) {
        #expect(LatencyText.duration(value) == text)
    }
}
