import AuthZCore
import AuthZSimulation
import BenchHarness
import BenchResults

extension RunCommand {
    /// The `--help` line of `--metrics-textfile`.
    static let metricsHelp = """
          --metrics-textfile FILE  rewrite FILE (*.prom) atomically after every measured second with
                           Prometheus text: achieved rate, in flight, p50/p99 response time, requests
                           by code (for node_exporter's textfile collector)
        """

    /// The textfile `--metrics-textfile FILE` names, labelled with the scenario's name (or
    /// `custom`) and the shard `I/N` (1-based); nil without the flag.
    ///
    /// - Throws: exit 64 naming the flag when FILE does not end in `.prom` (the collector reads
    ///   nothing else) or cannot be written.
    static func metricsTextfile(_ args: Arguments, scenario: Scenario) throws -> MetricsTextfile? {
        guard let path = args.value("metrics-textfile") else { return nil }
        guard path.hasSuffix(".prom"), !path.hasSuffix("/.prom") else {
            throw CLIError.usage(
                "--metrics-textfile expects a file name ending in .prom (node_exporter's textfile "
                    + "collector reads only *.prom), got '\(path)'"
            )
        }
        try OutputPath.checkWritable(path, flag: "--metrics-textfile")
        return MetricsTextfile(
            path: path,
            labels: [
                "scenario": scenario.name ?? "custom",
                "shard": "\(scenario.shardIndex + 1)/\(scenario.shardCount)",
            ]
        )
    }

    /// What the run's per-interval hook calls with each interval: records it and rewrites the
    /// file. A write failure does not stop the run (the result matters more than its live view):
    /// the first one is reported on standard error, later ones are not.
    static func metricsHook(_ textfile: MetricsTextfile) -> @Sendable (LiveInterval) -> Void {
        let reported = Locked(false)
        return { interval in
            do throws(BenchError) {
                try textfile.record(interval)
            } catch {
                let first = reported.withLock { seen in
                    defer { seen = true }
                    return !seen
                }
                if first {
                    printError("authz-bench run: --metrics-textfile \(error.message); live metrics may be stale")
                }
            }
        }
    }

    /// Adapts the harness's per-interval report to `record`: the interval's rate, its response
    /// p50/p99, its codes, and the requests parked on the upstream at its end.
    static func liveMetricsHook(
        _ record: @escaping @Sendable (LiveInterval) -> Void
    ) -> @Sendable (IntervalReport) -> Void {
        { report in
            var codes: [String: Int] = [:]
            for (code, count) in report.codes where count > 0 { codes[code.rawValue] = count }
            let empty = report.response.totalCount == 0
            record(
                LiveInterval(
                    lengthSeconds: report.lengthSeconds,
                    requests: report.requests,
                    responseP50Nanos: empty ? 0 : report.response.value(atPercentile: 50),
                    responseP99Nanos: empty ? 0 : report.response.value(atPercentile: 99),
                    codes: codes,
                    inFlight: report.parked
                )
            )
        }
    }

    /// After the run: marks the textfile ended (`authz_bench_running 0`) with the run's final
    /// counts by code; returns the failure of that last write (the run's other outputs are
    /// written all the same, and the run exits 74).
    static func finishMetrics(_ textfile: MetricsTextfile?, result: RunResult) -> BenchError? {
        guard let textfile else { return nil }
        do { try textfile.finish(totals: result.summary.codes) } catch {
            return BenchError(error.reason, "--metrics-textfile \(error.message)")
        }
        return nil
    }
}
