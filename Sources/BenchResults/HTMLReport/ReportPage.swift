import BenchHarness
import HDRHistogram

/// The HTML report (`authz-bench report`, `run --report`): one self-contained page with inline SVG
/// charts and tables, no script and no network fetch.
package enum ReportPage {
    /// The page for `inputs`.
    package static func html(_ inputs: ReportInputs) -> String {
        var body = "<header>\n<h1>authz-bench report</h1>\n"
        body += HTMLDocument.paragraph(
            "\(inputCounts(inputs)); written by authz-bench \(BenchVersion.current).",
            className: "note"
        )
        body += "<ul class=\"inputs\">\n"
        for run in inputs.runs {
            var flags: [String] = []
            if run.document.environment.build != "release" {
                flags.append("\(run.document.environment.build) build: figures not representative")
            }
            if !run.document.summary.valid {
                flags.append("INVALID: " + run.document.summary.invalidReasons.joined(separator: "; "))
            }
            body +=
                "<li>\(HTMLDocument.escape(run.name))"
                + (flags.isEmpty ? "" : " <strong>\(HTMLDocument.escape(flags.joined(separator: " / ")))</strong>")
                + "</li>\n"
        }
        for sweep in inputs.sweeps { body += "<li>\(HTMLDocument.escape(sweep.name)) (sweep)</li>\n" }
        for capacity in inputs.capacities { body += "<li>\(HTMLDocument.escape(capacity.name)) (capacity)</li>\n" }
        body += "</ul>\n"
        body += navigation(inputs)
        body += "</header>\n"
        if !inputs.runs.isEmpty { body += runSections(inputs.runs) }
        for (index, sweep) in inputs.sweeps.enumerated() { body += sweepSection(sweep, index: index) }
        if !inputs.capacities.isEmpty { body += CapacityChart.section(inputs.capacities) }
        return HTMLDocument.page(title: "authz-bench report", body: body)
    }

    /// Writes the page for `inputs` to `path` atomically.
    package static func write(_ inputs: ReportInputs, to path: String) throws(BenchError) {
        try AtomicFile.write(html(inputs), to: path)
    }

    /// `1 run result, 2 capacity results`: the inputs by kind, kinds with none left out.
    package static func inputCounts(_ inputs: ReportInputs) -> String {
        [(inputs.runs.count, "run"), (inputs.sweeps.count, "sweep"), (inputs.capacities.count, "capacity")]
            .filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1) result\($0.0 == 1 ? "" : "s")" }
            .joined(separator: ", ")
    }

    /// The id suffix of sweep `index` (none for the first, `-2` for the second ...).
    package static func suffix(_ index: Int) -> String { index == 0 ? "" : "-\(index + 1)" }

    private static func navigation(_ inputs: ReportInputs) -> String {
        var links: [(String, String)] = []
        if !inputs.runs.isEmpty {
            links += [
                ("latency", "Latency"), ("over-time", "Over time"), ("stage-latency", "Stages"), ("summary", "Summary"),
                ("cache", "Cache"), ("upstream", "Upstream"), ("environment", "Environment"), ("scenario", "Scenario"),
            ]
        }
        for (index, sweep) in inputs.sweeps.enumerated() {
            links.append(("sweep\(suffix(index))", "Sweep \(sweep.name)"))
        }
        return "<nav>"
            + links.map { "<a href=\"#\(HTMLDocument.escape($0.0))\">\(HTMLDocument.escape($0.1))</a>" }.joined()
            + "</nav>\n"
    }

    private static func runSections(_ runs: [ReportRun]) -> String {
        let names = runs.map(\.name)
        let documents = runs.map(\.document)
        var out = ""
        // Every histogram was decoded once when the file was read, so decoding cannot fail here.
        func histogram(_ summary: HistogramSummary) -> HDRHistogram {
            (try? HDRHistogram(decodingBase64: summary.histogram)) ?? HDRHistogram()
        }
        var latency = HTMLDocument.paragraph(
            "Latency by percentile as HdrHistogram's plotter draws it, from each file's full histogram. Response time is from the intended start (what a user waits, coordinated-omission correct), drawn for the requests answered inline (from the caches or rejected locally: the hot path's own figure), for those parked on the upstream (whose latency is an input of the scenario), and for all of them; then service time (what the engine took).",
            className: "note"
        )
        let responseSeries = runs.flatMap { run -> [PercentileSpectrumChart.Series] in
            var series: [PercentileSpectrumChart.Series] = []
            for kind in LatencyKind.byPath {
                if let summary = run.document.latency[kind] {
                    series.append(.init(name: "\(run.name): \(kind.rawValue)", histogram: histogram(summary)))
                }
            }
            return series + [
                .init(name: "\(run.name): responseTime", histogram: histogram(run.document.latency.responseTime))
            ]
        }
        latency += PercentileSpectrumChart.svg(
            id: "percentile-spectrum",
            title: "Response time by percentile: inline, parked and all",
            yLabel: "response time",
            series: responseSeries
        )
        latency += PercentileSpectrumChart.svg(
            id: "service-time-spectrum",
            title: "Service time by percentile",
            yLabel: "service time",
            series: runs.map { .init(name: $0.name, histogram: histogram($0.document.latency.serviceTime)) }
        )
        let operationSeries = runs.flatMap { run -> [PercentileSpectrumChart.Series] in
            let operations = (run.document.latency.byOperation ?? [:]).sorted { BenchmarkFigure.order($0.key, $1.key) }
            return operations.compactMap { name, section in
                section.inline.count > 0
                    ? .init(name: runs.count > 1 ? "\(run.name): \(name)" : name, histogram: histogram(section.inline))
                    : nil
            }
        }
        if operationSeries.isEmpty {
            latency += HTMLDocument.paragraph(
                "No latency per operation: these result files predate it, or are merges of inputs that lack it.",
                className: "note"
            )
        } else {
            latency += HTMLDocument.paragraph(
                "Inline response time per operation (latency.byOperation): the mix's figures above are a blend of operations that differ by orders of magnitude (a get signs a media token, a check does not); each line here is one operation's.",
                className: "note"
            )
            latency += PercentileSpectrumChart.svg(
                id: "operation-spectrum",
                title: "Inline response time by percentile, per operation",
                yLabel: "response time",
                series: operationSeries
            )
        }
        latency += ReportTables.latency(documents, names: names)
        out += HTMLDocument.section(id: "latency", title: "Latency", body: latency)

        let timeline = runs.map {
            TimelineChart.Series(
                name: $0.name,
                intervals: $0.document.intervals,
                targetRate: $0.document.summary.targetRate,
                targetProfile: TimelineChart.targetProfile(
                    scenario: $0.document.scenario,
                    targetRate: $0.document.summary.targetRate
                )
            )
        }
        var overTime = TimelineChart.throughputSVG(id: "timeline", series: timeline)
        if TimelineChart.hasInFlight(timeline) {
            overTime += TimelineChart.inFlightSVG(id: "timeline-in-flight", series: timeline)
        } else {
            overTime += HTMLDocument.paragraph(
                "No requests in flight per interval: these result files predate them, or are merged (a merge keeps no per-interval percentiles; concurrency.inFlight has the whole histogram).",
                className: "note"
            )
        }
        if TimelineChart.hasLatency(timeline) {
            overTime += TimelineChart.latencySVG(id: "timeline-latency", series: timeline)
        } else {
            overTime += HTMLDocument.paragraph(
                "No per-interval latency: these result files predate per-interval percentiles (the .hlog file of a run has every interval's histogram).",
                className: "note"
            )
        }
        out += HTMLDocument.section(id: "over-time", title: "Over time", body: overTime)

        let stages = runs.map { StageBarsChart.Series(name: $0.name, stages: $0.document.stages) }
        let stageBody =
            stages.contains(where: { !$0.stages.isEmpty })
            ? HTMLDocument.paragraph(
                "Each stage is timed on one request in stageSample (see the scenario); the bars are the stage's p50 and p99.",
                className: "note"
            ) + StageBarsChart.svg(id: "stages", series: stages)
            : HTMLDocument.paragraph("No stage histograms in these files.", className: "note")
        out += HTMLDocument.section(id: "stage-latency", title: "Hot-path stages", body: stageBody)

        out += HTMLDocument.section(
            id: "summary",
            title: "Summary",
            body: ReportTables.summary(documents, names: names)
        )
        out += HTMLDocument.section(id: "cache", title: "Cache", body: ReportTables.cache(documents, names: names))
        let upstreamNote =
            "The engine's calls to the entitlement backend: one call per authorization key at a time (the requests that joined one are coalesced), refreshes started by hits on entries near their expiry, and the calls that failed, timed out or were not sent at the in-flight bound (their requests completed with UPSTREAM_UNAVAILABLE)."
        out += HTMLDocument.section(
            id: "upstream",
            title: "Upstream",
            body: HTMLDocument.paragraph(upstreamNote, className: "note")
                + ReportTables.upstream(documents, names: names)
        )
        out += HTMLDocument.section(
            id: "environment",
            title: "Environment",
            body: ReportTables.environment(documents.map(\.environment), names: names)
        )
        out += HTMLDocument.section(
            id: "scenario",
            title: "Scenario",
            body: ReportTables.scenario(documents.map(\.scenario), names: names)
        )
        return out
    }

    private static func sweepSection(_ sweep: ReportSweep, index: Int) -> String {
        let document = sweep.document
        var body =
            "<p class=\"recommendation\"><strong>Recommendation:</strong> \(HTMLDocument.escape(document.recommendation))</p>\n"
        body += SweepCharts.hitRatioSVG(id: "sweep-hit-ratio\(suffix(index))", sweep: document)
        body += HTMLDocument.paragraph(
            "A black ring marks the recommended row; the dashed black line is the optimal (Belady) hit ratio at each capacity.",
            className: "note"
        )
        body += SweepCharts.p99SVG(id: "sweep-p99\(suffix(index))", sweep: document)
        body += SweepCharts.table(document)
        body += "<h3>Environment</h3>\n" + ReportTables.environment([document.environment], names: [sweep.name])
        body += "<h3>Scenario</h3>\n" + ReportTables.scenario([document.scenario], names: [sweep.name])
        return HTMLDocument.section(id: "sweep\(suffix(index))", title: "Sweep: \(sweep.name)", body: body)
    }
}
