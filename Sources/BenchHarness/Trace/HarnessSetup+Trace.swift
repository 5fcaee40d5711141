import AuthZCore
import Foundation

extension HarnessSetup {
    /// A worker's trace buffer: disabled, or reserved for its share of the measured requests
    /// (open loop: rate x duration / threads, plus 10%; closed loop: 64 Ki, then amortised growth).
    package func traceBuffer() -> TraceBuffer {
        guard recordsTrace else { return .disabled }
        var expected = 65_536
        if let rate = scenario.loop.rate {
            expected = Int(rate * Double(scenario.durationMillis) / 1_000 / Double(scenario.threads) * 1.1)
        }
        return TraceBuffer(isEnabled: true, reserving: expected)
    }

    /// The workers' traces merged by time, with the directory's names.
    package func recordedTrace(_ results: [WorkerResult]) -> RecordedTrace {
        RecordedTrace(
            workers: results.map(\.trace),
            requestorIDs: directory.requestorIDs,
            resourceIDs: directory.resourceIDs
        )
    }
}
