import AuthZCore
import BenchHarness
import Foundation
import HDRHistogram

extension RunReport {
    /// The prewarm line: devices and authorizations made before the warm-up, and how long it
    /// took; for a cold start, that there was none. Nil when unknown (older files, `.hlog` merges).
    package static func prewarmLine(_ result: RunResult) -> String? {
        if let prewarm = result.prewarm {
            return
                "prewarm     \(LatencyText.count(prewarm.devices)) devices, \(LatencyText.count(prewarm.authorizations)) "
                + "authorizations in \(String(format: "%.2f", prewarm.seconds)) s (steady state, untimed)"
        }
        guard result.scenario["cold"] == .bool(true) else { return nil }
        return "prewarm     none: cold start (empty caches)"
    }

    /// Requests in flight at the sends: p50, p99 and the largest (`summary.maxInFlight`, exact),
    /// and how many sends were sampled. Nil when not measured (older files).
    package static func inFlightLine(_ result: RunResult) -> String? {
        guard let histogram = result.inFlight else { return nil }
        guard histogram.totalCount > 0 else { return "in flight   no sends sampled" }
        let peak = result.summary.maxInFlight.map(UInt64.init) ?? histogram.max
        return "in flight   p50 \(LatencyText.count(histogram.value(atPercentile: 50))), "
            + "p99 \(LatencyText.count(histogram.value(atPercentile: 99))), max \(LatencyText.count(peak)) "
            + "requests at a send (\(LatencyText.count(histogram.totalCount)) sends)"
    }

    /// The engine's upstream counters on one line, in the `errors` line's `NAME N` style. Nil when
    /// unknown (older files, `.hlog` merges).
    package static func upstreamLine(_ upstream: UpstreamStats?) -> String? {
        guard let u = upstream else { return nil }
        let counters = [
            ("calls", u.calls), ("coalesced", u.coalesced), ("refreshes", u.refreshes), ("errors", u.errors),
            ("timeouts", u.timeouts), ("rejected", u.rejected), ("max in flight", u.maxInFlight),
        ].map { "\($0.0) \(LatencyText.count($0.1))" }
        let line = "upstream    " + counters.joined(separator: ", ")
        // Readable at 100 columns: the failures' counters on a line of their own when it is wider.
        guard line.count > 100 else { return line }
        return "upstream    " + [counters[0], counters[1], counters[2], counters[6]].joined(separator: ", ") + "\n"
            + "            " + counters[3...5].joined(separator: ", ")
    }
}
