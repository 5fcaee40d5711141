import AuthZCore
import BenchHarness

extension ReportTables {
    /// Requests-in-flight rows for the summary table: p50, p99 and max at the sends (empty cells
    /// for results that did not measure them).
    package static func inFlightRows(_ documents: [ResultDocument]) -> [[String]] {
        let figures: [(String, (ResultDocument) -> String)] = [
            ("requests in flight p50", { $0.concurrency.map { LatencyText.count($0.inFlight.p50) } ?? "" }),
            ("requests in flight p99", { $0.concurrency.map { LatencyText.count($0.inFlight.p99) } ?? "" }),
            (
                "requests in flight max",
                { document in
                    document.summary.maxInFlight.map { LatencyText.count($0) }
                        ?? document.concurrency.map { LatencyText.count($0.inFlight.max) } ?? ""
                }
            ),
        ]
        return figures.map { label, value in [label] + documents.map(value) }
    }

    /// The prewarm rows for the summary table: devices, authorizations and seconds; `none (cold
    /// start)` for a cold start; empty when the file does not say.
    package static func prewarmRows(_ documents: [ResultDocument]) -> [[String]] {
        func cold(_ document: ResultDocument) -> String {
            document.scenario["cold"] == .bool(true) ? "none (cold start)" : ""
        }
        return [
            ["prewarm devices"] + documents.map { $0.prewarm.map { LatencyText.count($0.devices) } ?? cold($0) },
            ["prewarm authorizations"]
                + documents.map { $0.prewarm.map { LatencyText.count($0.authorizations) } ?? "" },
            ["prewarm time (untimed)"]
                + documents.map { $0.prewarm.map { ReportFormat.decimal($0.seconds, 2) + " s" } ?? "" },
        ]
    }

    /// The upstream table: the engine's calls to the entitlement backend, one column per result
    /// (empty cells for results written before they were counted).
    package static func upstream(_ documents: [ResultDocument], names: [String]) -> String {
        let counters: [(String, (UpstreamStats) -> Int)] = [
            ("calls", \.calls), ("coalesced (joined a call in flight)", \.coalesced),
            ("refreshes (ahead of expiry)", \.refreshes), ("errors (upstream unavailable)", \.errors),
            ("timeouts", \.timeouts), ("rejected (in-flight bound)", \.rejected),
            ("most calls in flight", \.maxInFlight),
        ]
        let rows = counters.map { label, value in
            [label] + documents.map { $0.upstream.map { LatencyText.count(value($0)) } ?? "" }
        }
        return HTMLDocument.table(id: "upstream-table", header: [""] + names, rows: rows)
    }
}
