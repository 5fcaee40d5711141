import BenchHarness
import HDRHistogram

extension BlockReport {
    /// The statistics a block reports of each histogram, by the suffix `compare` names them with.
    static let statistics: [(name: String, percentile: Double?)] = [
        ("p50", 50), ("p90", 90), ("p99", 99), ("p99.9", 99.9), ("mean", nil),
    ]

    /// The report of block `index`, measured as `result` (a run whose measured phase was the
    /// block), with the CPU and steal time the child read around it.
    package init(
        block index: Int,
        result: RunResult,
        cpuSeconds: Double,
        stealSeconds: Double?,
        cpus: Int
    ) {
        let summary = result.summary
        self.init(
            block: index,
            seconds: summary.durationSeconds,
            requests: summary.requests,
            targetRate: summary.targetRate,
            achievedRate: summary.achievedRate,
            startLagP99: summary.targetRate == nil
                ? nil : result.latency[.startLag].map { Double($0.value(atPercentile: 99)) },
            cpuSeconds: cpuSeconds,
            stealSeconds: stealSeconds,
            cpus: cpus,
            failures: summary.failures?.values.reduce(0, +) ?? 0,
            metrics: Self.metrics(of: result)
        )
    }

    /// Every figure of `result` by the name `compare` and `--slo` give it: `throughput`,
    /// `failures`, `KIND.STAT` of each latency histogram that recorded something,
    /// `stage.NAME.STAT` of each hot-path stage, and per operation that sent requests
    /// `OP.KIND.STAT`, `OP.requests` and `OP.throughput` (its requests per second of the block).
    package static func metrics(of result: RunResult) -> [String: Double] {
        var metrics: [String: Double] = ["throughput": result.summary.achievedRate]
        if let share = result.summary.failureShare { metrics["failures"] = share }
        func add(_ prefix: String, _ histogram: HDRHistogram) {
            guard histogram.totalCount > 0 else { return }
            for (name, percentile) in statistics {
                metrics["\(prefix).\(name)"] =
                    percentile.map { Double(histogram.value(atPercentile: $0)) } ?? histogram.mean
            }
        }
        for (kind, histogram) in result.latency { add(kind.rawValue, histogram) }
        for (name, histogram) in result.stages { add("stage.\(name)", histogram) }
        let seconds = result.summary.durationSeconds
        for operation in result.operations {
            for kind in LatencyKind.allCases {
                if let histogram = result.histogram(kind, of: operation) {
                    add("\(operation.name).\(kind.rawValue)", histogram)
                }
            }
            let requests = result.histogram(.responseTime, of: operation)?.totalCount ?? 0
            metrics["\(operation.name).requests"] = Double(requests)
            metrics["\(operation.name).throughput"] = seconds > 0 ? Double(requests) / seconds : 0
        }
        return metrics
    }
}
