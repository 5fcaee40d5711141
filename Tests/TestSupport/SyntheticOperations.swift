import AuthZCore
import BenchHarness
import Foundation
import HDRHistogram

/// Synthetic intervals and results recorded per operation, as a run records them: through
/// `LatencyRecorder.Histograms`, so that the totals are the operations' sums.
package enum SyntheticOperations {
    /// The operations of the synthetic mix: `get` (slow, some parked), `check` (fast, inline only),
    /// `verify` and one attack.
    package static let labels: [OperationLabel] = [.get, .check, .verify, .tamperedSignature]

    /// Interval `second`'s set: per operation a known number of requests with values that tell
    /// the operations apart (a get ~50 µs, a check ~2 µs), every tenth get parked.
    package static func set(second: Int) -> LatencyRecorder.Histograms {
        var set = LatencyRecorder.Histograms(operations: labels)
        let counts: [OperationLabel: Int] = [.get: 70 + second, .check: 20, .verify: 9, .tamperedSignature: 1]
        for label in labels {
            for request in 0..<(counts[label] ?? 0) {
                let base: UInt64 =
                    switch label {
                    case .get: 50_000
                    case .check: 2_000
                    case .verify: 8_000
                    default: 30_000
                    }
                let parked = label == .get && request % 10 == 0
                let response = parked ? 200_000_000 + UInt64(request) : base + UInt64(request * 10)
                set.record(
                    operation: label,
                    response: response,
                    service: response - 100,
                    startLag: 100,
                    upstreamWait: parked ? 199_000_000 : nil
                )
                set.codes[ResultCode.validToken.harnessIndex] += 1
            }
            set.inFlight.record(3)
        }
        return set
    }

    /// `seconds` intervals as the collector reports them.
    package static func intervals(seconds: Int = 3) -> [IntervalReport] {
        (0..<seconds).map { IntervalReport(index: $0, lengthSeconds: 1, set: set(second: $0), parked: 0) }
    }

    /// A run result of `SyntheticRun.result`'s sections whose histograms are those of
    /// ``intervals(seconds:)``, with its figures per operation (the warm-up's too).
    package static func result(seconds: Int = 3) -> RunResult {
        var total = LatencyRecorder.Histograms()
        for second in 0..<seconds { total.add(set(second: second)) }
        var result = SyntheticRun.result(seconds: seconds)
        result.latency = total.byKind
        result.inFlight = total.inFlight
        result.summary.requests = total.requests
        // The figures a result file must agree with: its rate is its requests over its length.
        result.summary.achievedRate = Double(total.requests) / result.summary.durationSeconds
        let failed = (result.summary.failures ?? [:]).values.reduce(0, +)
        result.summary.failureShare = ResultSummary.share(failed, of: total.requests)
        result.intervals = intervals(seconds: seconds).map(IntervalSummary.init)
        let warmup = set(second: 0)
        result.warmup = warmup.byKind
        result.latencyByOperation = total.byOperation
        result.warmupByOperation = warmup.byOperation
        return result
    }
}
