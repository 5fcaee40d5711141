import AuthZCore
import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

@Suite("HTML report")
struct HTMLReportTests {
    @Test(arguments: [
        (0.0, 0.0), (90.0, 1.0), (99.0, 2.0), (99.9, 3.0), (99.99, 4.0), (99.999, 5.0), (50.0, log10(2.0)),
    ])
    func spectrumXIsLog10OfOneOverOneMinusP(percentile: Double, expected: Double) {
        #expect(abs(PercentileSpectrumChart.xCoordinate(percentile: percentile) - expected) < 1e-9)
    }

    @Test func hundredPercentIsOffTheAxisAndTickLabelsAreHdrHistograms() {
        #expect(PercentileSpectrumChart.xCoordinate(percentile: 100) == .infinity)
        #expect((0...5).map(PercentileSpectrumChart.decadeLabel) == ["0%", "90%", "99%", "99.9%", "99.99%", "99.999%"])
    }

    @Test func spectrumPointsAreTheHistogramsPercentileTicks() {
        var histogram = HDRHistogram()
        for value in 1...10_000 { histogram.record(UInt64(value) * 1_000) }
        let points = PercentileSpectrumChart.points(histogram)
        let ticks = Array(histogram.percentiles(ticksPerHalfDistance: 5)).filter { $0.percentileLevelIteratedTo < 100 }
        #expect(points.count == ticks.count)
        #expect(points.first?.x == 0)
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.x < $1.x && $0.value <= $1.value })
        #expect(points.last.map { $0.value <= histogram.max } == true)
        #expect(PercentileSpectrumChart.points(HDRHistogram()).isEmpty)
    }

    @Test func escapingMakesMarkupInert() {
        #expect(
            HTMLDocument.escape("<script>alert('x') & \"y\"</script>")
                == "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;"
        )
        #expect(HTMLDocument.escape("plain µs") == "plain µs")
    }

    @Test func inputStringsAreEscapedEverywhere() throws {
        let hostile = "<script>alert(1)</script>"
        let run = ReportRun(
            name: "a\"><img src=x onerror=alert(1)>.json",
            document: try HTMLReportFixtures.run(scenarioNote: hostile)
        )
        let sweep = ReportSweep(
            name: "<b>sweep</b>.json",
            document: try SweepDocument.parse(
                try HTMLReportFixtures.sweepJSON(strategies: ["<i>lru</i>"], recommendation: hostile),
                file: "s.json"
            )
        )
        let html = ReportPage.html(ReportInputs(runs: [run], sweeps: [sweep]))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>sweep"))
        #expect(!html.contains("<i>lru"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test(arguments: [1, 2, 4])
    func everyChartHasOneLinePerResult(results: Int) throws {
        let runs = try (0..<results).map {
            ReportRun(name: "run\($0).json", document: try HTMLReportFixtures.run(scale: UInt64($0 + 1)))
        }
        let html = ReportPage.html(ReportInputs(runs: runs))
        for id in ["service-time-spectrum", "timeline"] {
            #expect(
                HTMLReportFixtures.count("<path class=\"series\"", in: HTMLReportFixtures.svg(id, in: html)) == results,
                "\(id)"
            )
        }
        // Response time: inline, parked and all, for each result.
        let spectrum = HTMLReportFixtures.svg("percentile-spectrum", in: html)
        #expect(HTMLReportFixtures.count("<path class=\"series\"", in: spectrum) == 3 * results)
        for index in 0..<results {
            for path in ["inline", "parked", "responseTime"] {
                #expect(spectrum.contains("data-series=\"run\(index).json: \(path)\""), "run\(index) \(path)")
            }
        }
        let latency = HTMLReportFixtures.svg("timeline-latency", in: html)
        #expect(HTMLReportFixtures.count("<path class=\"series p99\"", in: latency) == results)
        #expect(HTMLReportFixtures.count("<path class=\"series p50\"", in: latency) == results)
        let inFlight = HTMLReportFixtures.svg("timeline-in-flight", in: html)
        #expect(HTMLReportFixtures.count("<path class=\"series max\"", in: inFlight) == results)
        #expect(HTMLReportFixtures.count("<path class=\"series p50\"", in: inFlight) == results)
        // The synthetic runs have two stages: one p50 and one p99 bar per stage and result.
        let stages = HTMLReportFixtures.svg("stages", in: html)
        #expect(HTMLReportFixtures.count("class=\"bar-p50\"", in: stages) == 2 * results)
        #expect(HTMLReportFixtures.count("class=\"bar-p99\"", in: stages) == 2 * results)
        #expect(!html.contains("sweep-hit-ratio"))
    }

    @Test func sweepChartsHaveAStrategyLineEachAndTheOptimalLine() throws {
        let sweep = try HTMLReportFixtures.sweep()
        let hitRatio = SweepCharts.hitRatioSVG(id: "sweep-hit-ratio", sweep: sweep)
        #expect(HTMLReportFixtures.count("<path class=\"series\"", in: hitRatio) == 3)
        #expect(HTMLReportFixtures.count("<path class=\"optimal\"", in: hitRatio) == 1)
        #expect(HTMLReportFixtures.count("<circle class=\"best\"", in: hitRatio) == 1)
        #expect(hitRatio.contains("optimal (Belady)"))
        #expect(sweep.optimalByCapacity.map(\.capacity) == [100, 1_000, 10_000])
        let p99 = SweepCharts.p99SVG(id: "sweep-p99", sweep: sweep)
        #expect(HTMLReportFixtures.count("<path class=\"series\"", in: p99) == 3)
        let html = ReportPage.html(
            ReportInputs(sweeps: [
                ReportSweep(name: "a.json", document: sweep), ReportSweep(name: "b.json", document: sweep),
            ])
        )
        #expect(html.contains("<svg id=\"sweep-hit-ratio\"") && html.contains("<svg id=\"sweep-hit-ratio-2\""))
        #expect(!html.contains("percentile-spectrum"))
    }

    @Test func aSweepOfEveryStrategyAndTwoShardCountsDrawsEachSeriesInItsOwnColour() throws {
        var json =
            try JSONSerialization.jsonObject(
                with: try HTMLReportFixtures.sweepJSON(strategies: CacheStrategyKind.allCases.map(\.rawValue))
            ) as? [String: Any]
        var rows = try #require(json?["rows"] as? [[String: Any]])
        rows += rows.filter { $0["strategy"] as? String == "sharded" }.map { row in
            row.merging(["shards": 16]) { _, new in new }
        }
        json?["rows"] = rows
        let sweep = try SweepDocument.parse(try JSONSerialization.data(withJSONObject: json ?? [:]), file: "s.json")
        #expect(sweep.seriesNames.count == CacheStrategyKind.allCases.count + 1)
        let svg = SweepCharts.hitRatioSVG(id: "h", sweep: sweep)
        let strokes = svg.components(separatedBy: "<path class=\"series\"").dropFirst().map {
            $0.components(separatedBy: "stroke=\"")[1].prefix(7)
        }
        #expect(strokes.count == sweep.seriesNames.count)
        #expect(Set(strokes).count == strokes.count)
    }

    @Test func shardedRowsAreTheirOwnSeriesAndSameNamedFilesAreLabelledByPath() throws {
        var json =
            try JSONSerialization.jsonObject(with: try HTMLReportFixtures.sweepJSON(strategies: ["sharded"]))
            as? [String: Any]
        var rows = try #require(json?["rows"] as? [[String: Any]])
        rows += rows.map { row in row.merging(["shards": 8]) { _, new in new } }
        json?["rows"] = rows
        let sweep = try SweepDocument.parse(try JSONSerialization.data(withJSONObject: json ?? [:]), file: "s.json")
        #expect(sweep.seriesNames == ["sharded", "sharded x8"])
        #expect(
            HTMLReportFixtures.count("<path class=\"series\"", in: SweepCharts.hitRatioSVG(id: "h", sweep: sweep)) == 2
        )
        #expect(ReportInputs.labels(for: ["a/r.json", "b/s.json"]) == ["r.json", "s.json"])
        #expect(ReportInputs.labels(for: ["a/r.json", "b/r.json"]) == ["a/r.json", "b/r.json"])
    }

    @Test func resultsWithoutIntervalPercentilesStillReadAndSayWhy() throws {
        var document = try HTMLReportFixtures.run()
        document.intervals = document.intervals.map {
            IntervalSummary(startSeconds: $0.startSeconds, lengthSeconds: $0.lengthSeconds, requests: $0.requests)
        }
        let data = try document.jsonData()
        #expect(!String(decoding: data, as: UTF8.self).contains("\"p50\" : null"))
        let read = try ResultDocument.parse(data, file: "old.json")
        #expect(read.intervals.allSatisfy { $0.responseTime == nil })
        let html = ReportPage.html(ReportInputs(runs: [ReportRun(name: "old.json", document: read)]))
        #expect(html.contains("<svg id=\"timeline\""))
        #expect(!html.contains("<svg id=\"timeline-latency\""))
        #expect(html.contains("No per-interval latency"))
        #expect(!html.contains("<svg id=\"timeline-in-flight\""))
        #expect(html.contains("No requests in flight per interval"))
    }

    @Test func inFlightChartFollowsThroughputWithEachIntervalsFigures() throws {
        let runs = [
            ReportRun(name: "a.json", document: try HTMLReportFixtures.run(seconds: 30)),
            ReportRun(name: "b.json", document: try HTMLReportFixtures.run(scale: 2, seconds: 30)),
        ]
        let html = ReportPage.html(ReportInputs(runs: runs))
        // To look at the page (in a browser, or a headless Chromium screenshot), name a file here.
        if let path = ProcessInfo.processInfo.environment["AUTHZ_BENCH_HTML_SAMPLE"] {
            try html.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let throughput = try #require(html.range(of: "<svg id=\"timeline\""))
        let inFlight = try #require(html.range(of: "<svg id=\"timeline-in-flight\""))
        let latency = try #require(html.range(of: "<svg id=\"timeline-latency\""))
        #expect(throughput.lowerBound < inFlight.lowerBound && inFlight.lowerBound < latency.lowerBound)
        let chart = HTMLReportFixtures.svg("timeline-in-flight", in: html)
        // One point per interval on each line; the y axis reaches the highest interval max.
        for path in chart.components(separatedBy: "<path class=\"series ").dropFirst() {
            #expect(HTMLReportFixtures.count(" L", in: path.components(separatedBy: "</path>")[0]) == 29)
        }
        let highest = try #require(runs.flatMap(\.document.intervals).compactMap(\.inFlight?.max).max())
        let labels = chart.components(separatedBy: "class=\"tick-label\"").dropFirst().compactMap { part -> Double? in
            guard let close = part.firstIndex(of: ">"), let end = part.firstIndex(of: "<") else { return nil }
            return Double(part[part.index(after: close)..<end])
        }
        #expect(labels.max().map { $0 >= Double(highest) } == true, "\(labels)")
        #expect(chart.contains("requests in flight"))
        #expect(chart.contains("a.json: at most \(LatencyText.count(highest / 2)) in flight"))
        #expect(chart.contains("b.json: at most \(LatencyText.count(highest)) in flight"))
    }

    @Test func tablesShowUpstreamWaitInFlightUpstreamAndPrewarm() throws {
        let document = try ResultDocument(SyntheticRun.result())
        let html = ReportPage.html(ReportInputs(runs: [ReportRun(name: "r.json", document: document)]))
        let latency = try #require(
            html.components(separatedBy: "id=\"latency-table\"").last?.components(separatedBy: "</table>").first
        )
        #expect(
            latency.contains("upstreamWait p99</th><td>\(LatencyText.duration(document.latency.upstreamWait.p99))</td>")
        )
        let summary = try #require(
            html.components(separatedBy: "id=\"summary-table\"").last?.components(separatedBy: "</table>").first
        )
        let inFlight = try #require(document.concurrency?.inFlight)
        #expect(summary.contains("requests in flight p99</th><td>\(LatencyText.count(inFlight.p99))</td>"))
        #expect(
            summary.contains(
                "requests in flight max</th><td>\(LatencyText.count(try #require(document.summary.maxInFlight)))</td>"
            )
        )
        #expect(summary.contains("failures: UPSTREAM_UNAVAILABLE</th><td>10</td>"))
        #expect(summary.contains("answers: NOT_AUTHORIZED</th><td>7</td>"))
        #expect(!summary.contains("errors: "))
        let prewarm = try #require(document.prewarm)
        #expect(summary.contains("prewarm devices</th><td>\(LatencyText.count(prewarm.devices))</td>"))
        #expect(summary.contains("prewarm authorizations</th><td>\(LatencyText.count(prewarm.authorizations))</td>"))
        #expect(summary.contains("prewarm time (untimed)</th><td>\(String(format: "%.2f", prewarm.seconds)) s</td>"))
        let upstream = try #require(
            html.components(separatedBy: "id=\"upstream-table\"").last?.components(separatedBy: "</table>").first
        )
        let u = try #require(document.upstream)
        for (label, value) in [
            ("calls", u.calls), ("coalesced (joined a call in flight)", u.coalesced),
            ("refreshes (ahead of expiry)", u.refreshes), ("errors (upstream unavailable)", u.errors),
            ("timeouts", u.timeouts), ("rejected (in-flight bound)", u.rejected),
            ("most calls in flight", u.maxInFlight),
        ] {
            #expect(upstream.contains("\(label)</th><td>\(LatencyText.count(value))</td>"), "\(label)")
        }
        #expect(html.contains("<a href=\"#upstream\">"))
    }

    @Test func aRunKeepsEachIntervalsPercentiles() throws {
        let result = SyntheticRun.result()
        let document = try ResultDocument(result)
        for (interval, source) in zip(document.intervals, SyntheticRun.intervals()) {
            let histogram = source.response
            #expect(interval.responseTime?.p99 == histogram.value(atPercentile: 99))
            #expect(interval.responseTime?.max == histogram.max)
            #expect(interval.serviceTime?.p50 == source.service.value(atPercentile: 50))
        }
        #expect(try ResultDocument.parse(try document.jsonData(), file: "r.json") == document)
    }

    @Test func pageIsSelfContained() throws {
        let html = ReportPage.html(
            ReportInputs(
                runs: [ReportRun(name: "r.json", document: try HTMLReportFixtures.run())],
                sweeps: [ReportSweep(name: "s.json", document: try HTMLReportFixtures.sweep())]
            )
        )
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        for forbidden in ["<script", "<link", "src=\"http", "href=\"http", "@import", "url("] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        #expect(html.contains("default-src 'none'"))
    }
}
