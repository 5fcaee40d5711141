import BenchHarness
import Foundation

/// The report's tables, one column per result: environment, scenario, summary, latency, cache.
package enum ReportTables {
    /// Environment rows.
    package static func environment(_ environments: [Environment], names: [String]) -> String {
        let fields: [(String, (Environment) -> String)] = [
            ("build", \.build), ("swift", \.swift), ("openssl", \.openssl), ("cpu", \.cpu),
            ("cores", { String($0.cores) }), ("os", \.os), ("git commit", \.gitCommit),
        ]
        return HTMLDocument.table(
            header: [""] + names,
            rows: fields.map { field in [field.0] + environments.map(field.1) }
        )
    }

    /// Scenario rows: every key of any scenario (nested objects as `parent.key`), sorted.
    package static func scenario(_ scenarios: [JSONValue], names: [String]) -> String {
        let flat = scenarios.map { $0.flattened() }
        let keys = Set(flat.flatMap(\.keys)).sorted()
        return HTMLDocument.table(header: [""] + names, rows: keys.map { key in [key] + flat.map { $0[key] ?? "" } })
    }

    /// Summary rows: requests, rates, requests in flight, validity and its reasons, failures (share
    /// and by code) apart from answers by code,
    /// memory, set-up and prewarm.
    package static func summary(_ documents: [ResultDocument], names: [String]) -> String {
        var rows: [[String]] = []
        func row(_ label: String, _ value: (ResultDocument) -> String) { rows.append([label] + documents.map(value)) }
        row("loop") { $0.scenario["loop"]?.stringValue ?? "" }
        row("requests") { LatencyText.count($0.summary.requests) }
        row("duration") { ReportFormat.decimal($0.summary.durationSeconds, 2) + " s" }
        row("target rate") { $0.summary.targetRate.map { LatencyText.rate($0) + "/s" } ?? "closed loop" }
        row("achieved rate") { document in
            let achieved = LatencyText.rate(document.summary.achievedRate) + "/s"
            guard let target = document.summary.targetRate, target > 0 else { return achieved }
            return achieved + " (" + ReportFormat.percent(document.summary.achievedRate / target) + " of target)"
        }
        rows += inFlightRows(documents)
        row("valid") { $0.summary.valid ? "yes" : "NO" }
        row("invalid reasons") { $0.summary.invalidReasons.joined(separator: "; ") }
        row("failures") { document in
            guard let failures = document.summary.failures else { return "not known" }
            let failed = failures.values.reduce(0, +)
            return LatencyText.count(failed) + " (" + SLOText.percent(document.summary.failureShare ?? 0) + ")"
        }
        for code in Set(documents.flatMap { $0.summary.failures?.keys.map { $0 } ?? [] }).sorted() {
            row("failures: \(code)") { $0.summary.failures.map { LatencyText.count($0[code] ?? 0) } ?? "not known" }
        }
        let answerCodes = Set(documents.flatMap { $0.summary.answers?.keys.map { $0 } ?? [] })
        for code in ResultSummary.answerOrder(answerCodes) {
            row("answers: \(code)") { $0.summary.answers.map { LatencyText.count($0[code] ?? 0) } ?? "not known" }
        }
        // Results written before failures were told apart: their codes as they have them.
        for code in Set(documents.filter { $0.summary.failures == nil }.flatMap(\.summary.errors.keys)).sorted() {
            row("code: \(code)") {
                $0.summary.codesKnown ? $0.summary.errors[code].map { LatencyText.count($0) } ?? "0" : "not known"
            }
        }
        row("attacks with an unexpected code") { LatencyText.count($0.attacks.unexpected) }
        row("peak RSS") { $0.summary.peakRSS.map(ReportFormat.bytes) ?? "" }
        row("set-up (excluded)") { ReportFormat.decimal($0.setupSeconds, 2) + " s" }
        rows += prewarmRows(documents)
        return HTMLDocument.table(id: "summary-table", header: [""] + names, rows: rows)
    }

    /// Latency rows: every summary percentile of the measured phase's latency histograms.
    package static func latency(_ documents: [ResultDocument], names: [String]) -> String {
        var rows: [[String]] = []
        for kind in LatencyKind.allCases {
            let columns: [(String, (HistogramSummary) -> UInt64)] = [
                ("p50", \.p50), ("p90", \.p90), ("p99", \.p99), ("p99.9", \.p999), ("p99.99", \.p9999), ("max", \.max),
            ]
            for (label, value) in columns {
                rows.append(
                    ["\(kind.rawValue) \(label)"]
                        + documents.map { document in
                            guard let histogram = document.latency[kind] else { return "not recorded" }
                            return histogram.count == 0 ? "" : LatencyText.duration(value(histogram))
                        }
                )
            }
        }
        return HTMLDocument.table(id: "latency-table", header: [""] + names, rows: rows)
    }

    /// Cache rows: both caches summed, then each cache's hit ratio ("-" for a result merged from
    /// `.hlog` files, which carry no cache statistics).
    package static func cache(_ documents: [ResultDocument], names: [String]) -> String {
        var rows: [[String]] = []
        func row(_ label: String, _ value: (CacheSection) -> String) {
            rows.append([label] + documents.map { $0.cache.isKnown ? value($0.cache) : "-" })
        }
        rows.append(["strategy"] + documents.map { $0.cache.isKnown ? $0.cache.strategy : "not known (.hlog inputs)" })
        row("capacity (each cache)") { LatencyText.count($0.capacity) }
        row("hits") { LatencyText.count($0.total.hits) }
        row("misses") { LatencyText.count($0.total.misses) }
        row("hit ratio") { ReportFormat.percent($0.total.hitRatio) }
        row("evictions") { LatencyText.count($0.total.evictions) }
        row("expirations") { LatencyText.count($0.total.expirations) }
        row("entries at the end") { LatencyText.count($0.total.entries) }
        row("bytes per entry") { ReportFormat.decimal($0.total.bytesPerEntry, 1) }
        row("verified-token cache hit ratio") { ReportFormat.percent($0.caches.verifiedTokens.hitRatio) }
        row("authorization cache hit ratio") { ReportFormat.percent($0.caches.authorizations.hitRatio) }
        return HTMLDocument.table(id: "cache-table", header: [""] + names, rows: rows)
    }
}

/// Number formats of the report's tables.
package enum ReportFormat {
    /// `0.8312` as `83.12%`.
    package static func percent(_ ratio: Double) -> String {
        ratio.isFinite ? String(format: "%.2f%%", ratio * 100) : "-"
    }

    /// `value` with `decimals` decimals.
    package static func decimal(_ value: Double, _ decimals: Int) -> String {
        value.isFinite ? String(format: "%.\(decimals)f", value) : "-"
    }

    /// Bytes in MiB with one decimal (`110.6 MiB`).
    package static func bytes(_ value: Int) -> String {
        String(format: "%.1f MiB", Double(value) / 1_048_576)
    }
}
