import AuthZCore
import AuthZSimulation
import BenchHarness

/// `run --metrics-textfile FILE`: keeps the live figures and rewrites FILE after every interval,
/// atomically (a temporary file in the same directory, then a rename), so that node_exporter's
/// textfile collector, reading at any moment, sees the previous exposition or the next one, never
/// half of one. The temporary file's name (`.FILE.tmp-PID`) does not end in `.prom`, so the
/// collector ignores it.
///
/// Called from the run's per-interval hook, on whatever thread that runs: the figures sit behind
/// a lock.
package final class MetricsTextfile: Sendable {
    /// The file rewritten.
    package let path: String
    private let metrics: Locked<LiveMetrics>

    /// A textfile at `path` whose samples carry `labels`; nothing is written until the first interval.
    package init(path: String, labels: [String: String]) {
        self.path = path
        metrics = Locked(LiveMetrics(labels: labels))
    }

    /// The current figures.
    package var current: LiveMetrics { metrics.withLock { $0 } }

    /// Adds `interval` to the figures and rewrites the file.
    ///
    /// - Throws: `BenchError.cannotCreate` or `.ioError` naming the path and the cause when it cannot be written.
    package func record(_ interval: LiveInterval) throws(BenchError) {
        try rewrite { $0.add(interval) }
    }

    /// Marks the run ended (`authz_bench_running 0`, no rate, nothing in flight), raises the
    /// counters to the run's final `totals` by code, and rewrites the file.
    package func finish(totals: [String: Int]? = nil) throws(BenchError) {
        try rewrite { $0.finish(totals: totals) }
    }

    /// Applies `change` and writes the result; under the lock, so that two rewrites never interleave
    /// and the file always ends with the latest figures.
    private func rewrite(_ change: (inout LiveMetrics) -> Void) throws(BenchError) {
        let result: Result<Void, BenchError> = metrics.withLock { metrics in
            change(&metrics)
            return Result { () throws(BenchError) in try AtomicFile.write(PrometheusText.render(metrics), to: path) }
        }
        try result.get()
    }
}
