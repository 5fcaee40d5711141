import BenchHarness
import Foundation

/// `run --markdown FILE`: a short Markdown summary of one run (the headline figures and the
/// service-level objectives), small enough for a CI job summary such as `$GITHUB_STEP_SUMMARY`.
package enum RunMarkdown {
    /// The summary of `document`.
    package static func text(_ document: ResultDocument) -> String {
        let summary = document.summary
        let loop = document.scenario["loop"]?.stringValue ?? "open"
        var verdict = summary.valid ? "valid" : "INVALID"
        if let slo = document.slo, !slo.isEmpty {
            let breached = slo.filter { !$0.met }.count
            verdict += breached == 0 ? ", every SLO met" : ", \(breached) SLO(s) BREACHED"
        }
        var out = "### authz-bench run: \(verdict)\n\n"
        if !summary.valid {
            for reason in summary.invalidReasons { out += "- \(reason)\n" }
            out += "\n"
        }
        let service = document.latency.serviceTime
        func percentiles(_ h: HistogramSummary?) -> String {
            guard let h else { return "not recorded" }
            return [h.p50, h.p99, h.p999].map { LatencyText.duration($0) }.joined(separator: " / ")
        }
        var rows: [(String, String)] = [
            ("loop", loop + (summary.targetRate.map { ", target \(LatencyText.rate($0)) req/s" } ?? "")),
            ("requests", LatencyText.count(summary.requests)),
            ("throughput", "\(LatencyText.rate(summary.achievedRate)) req/s"),
            ("inline p50 / p99 / p99.9 (the hot path)", percentiles(document.latency.inline)),
            ("parked p50 / p99 / p99.9 (waited on the upstream)", percentiles(document.latency.parked)),
            ("response time p50 / p99 / p99.9", percentiles(document.latency.responseTime)),
            (
                "service time p50 / p99",
                [service.p50, service.p99].map { LatencyText.duration($0) }.joined(separator: " / ")
            ),
        ]
        if let failures = summary.failures {
            let failed = failures.values.reduce(0, +)
            rows.append(("failures", "\(LatencyText.count(failed)) (\(SLOText.percent(summary.failureShare ?? 0)))"))
        } else {
            rows.append(("failures", "not known"))
        }
        if let algorithm = document.scenario["algorithm"]?.stringValue { rows.append(("algorithm", algorithm)) }
        rows.append(("cache", document.cache.strategy))
        rows.append(("build", "\(document.environment.build), authz-bench \(document.version)"))
        out += "| figure | value |\n|---|---:|\n"
        for (name, value) in rows { out += "| \(name) | \(value) |\n" }
        if let slo = document.slo, !slo.isEmpty {
            out += "\n#### Service-level objectives\n\n" + SLOText.markdownTable(slo)
        }
        return out
    }
}
