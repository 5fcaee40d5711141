import BenchHarness
import Foundation
import HDRHistogram

extension CapacityDocument.Step {
    /// The step of one run at `rate`: the generator's validity (a debug build is not held against
    /// a step: it is the same at every rate, and `capacity` reports it once) and every objective.
    package init(rate: Double, result: RunResult, objectives: [SLOObjective]) {
        let response = result.histogram(.responseTime)
        let reasons = result.summary.invalidReasons.filter { !CapacityDocument.isBuildReason($0) }
        let actuals = objectives.evaluate(result)
        let sloMet = actuals.allSatisfy(\.met)
        self.init(
            rate: rate,
            achievedRate: result.summary.achievedRate,
            responseTime: CapacityDocument.Percentiles(
                p50: response.value(atPercentile: 50),
                p99: response.value(atPercentile: 99),
                p999: response.value(atPercentile: 99.9)
            ),
            valid: reasons.isEmpty,
            invalidReasons: reasons,
            sloMet: sloMet,
            passed: reasons.isEmpty && sloMet,
            actuals: actuals
        )
    }
}

extension CapacityDocument {
    /// Whether an invalid reason is the build's (a debug build), not the generator's.
    package static func isBuildReason(_ reason: String) -> Bool { reason.hasPrefix("debug build") }

    /// The console table's header.
    package static let tableHeader =
        LatencyText.right("step", 4) + LatencyText.right("rate/s", 10)
        + LatencyText.right("achieved/s", 12) + LatencyText.right("p50", 10) + LatencyText.right("p99", 10)
        + "  valid    SLO"

    /// One console table row of step number `number` (1-based).
    package static func tableRow(_ step: Step, number: Int) -> String {
        var row =
            LatencyText.right(String(number), 4) + LatencyText.right(LatencyText.rate(step.rate), 10)
            + LatencyText.right(LatencyText.rate(step.achievedRate), 12)
            + LatencyText.right(LatencyText.duration(step.responseTime.p50), 10)
            + LatencyText.right(LatencyText.duration(step.responseTime.p99), 10)
            + "  " + LatencyText.left(step.valid ? "yes" : "NO", 7) + (step.sloMet ? "met" : "BREACHED")
        let breached = step.actuals.filter { !$0.met }.map { "\($0.expression) (\(SLOText.actual($0)))" }
        if !breached.isEmpty { row += ": " + breached.joined(separator: ", ") }
        if !step.valid, let reason = step.invalidReasons.first { row += (breached.isEmpty ? ": " : "; ") + reason }
        return row
    }

    /// The closing line: `knee 7,400 req/s (between 7,400 and 7,800; 11 steps)`.
    package var kneeLine: String {
        guard let knee else {
            let start = steps.first.map { LatencyText.rate($0.rate) } ?? "-"
            return "no knee: the start rate \(start) req/s already fails (\(stepCount) step(s)); lower --start-rate"
        }
        let between =
            knee.upper.map { "between \(LatencyText.rate(knee.lower)) and \(LatencyText.rate($0))" }
            ?? "at least; no rate up to \(LatencyText.rate(knee.lower)) failed"
        return "knee \(LatencyText.rate(knee.rate)) req/s (\(between); \(stepCount) steps)"
    }
}
