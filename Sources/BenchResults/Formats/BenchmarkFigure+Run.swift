import BenchHarness

extension BenchmarkFigure {
    /// The figures of a run result, under `authz-bench/run/<scenario name, or custom>`:
    ///
    /// - `.../inline` (the hot path's own response time, first), `.../parked` (the requests that
    ///   waited on the upstream; both when recorded), `.../responseTime` and `.../serviceTime`: the
    ///   latency measures of each histogram (`latency(benchmark:histogram:unit:context:)`), ns,
    ///   smaller is better;
    /// - per operation with requests (`latency.byOperation`, when recorded): `.../OP.inline` (its
    ///   inline response time's latency measures, when it had any) and `.../OP`'s `throughput`
    ///   (its requests per second, bigger is better: in closed loop, each operation's share of
    ///   what the loop achieved);
    /// - `.../failures`: the share of requests that failed, percent, smaller is better (when known);
    /// - the benchmark itself: `throughput`, the achieved rate in requests per second, bounded by
    ///   the slowest and the fastest measured interval, bigger is better.
    ///
    /// Named by the scenario's `name` so that a dashboard keeps one series per named scenario; runs
    /// shaped by flags alone share `custom`.
    package static func run(_ document: ResultDocument) -> [BenchmarkFigure] {
        let name = document.scenario["name"]?.stringValue ?? "custom"
        let benchmark = "authz-bench/run/\(name)"
        let context = runContext(document)
        let rates = document.intervals.filter { $0.lengthSeconds > 0 }.map { Double($0.requests) / $0.lengthSeconds }
        let throughput = BenchmarkFigure(
            benchmark: benchmark,
            measure: "throughput",
            value: document.summary.achievedRate,
            lower: rates.min(),
            upper: rates.max(),
            unit: "req/s",
            direction: .biggerIsBetter,
            context: "achieved rate (bounds: slowest, fastest second); " + context
        )
        var figures: [BenchmarkFigure] = []
        for kind in LatencyKind.byPath {
            if let histogram = document.latency[kind] {
                figures += latency(benchmark: benchmark + "/\(kind.rawValue)", histogram: histogram, context: context)
            }
        }
        figures +=
            latency(benchmark: benchmark + "/responseTime", histogram: document.latency.responseTime, context: context)
            + latency(benchmark: benchmark + "/serviceTime", histogram: document.latency.serviceTime, context: context)
        for (name, section) in (document.latency.byOperation ?? [:]).sorted(by: { Self.order($0.key, $1.key) }) {
            if section.inline.count > 0 {
                figures += latency(
                    benchmark: benchmark + "/\(name).inline",
                    histogram: section.inline,
                    context: context
                )
            }
            let seconds = document.summary.durationSeconds
            if seconds > 0 {
                figures.append(
                    BenchmarkFigure(
                        benchmark: benchmark + "/\(name)",
                        measure: "throughput",
                        value: Double(section.responseTime.count) / seconds,
                        unit: "req/s",
                        direction: .biggerIsBetter,
                        context: "\(name) requests per second over the measured phase; " + context
                    )
                )
            }
        }
        if let share = document.summary.failureShare {
            figures.append(
                BenchmarkFigure(
                    benchmark: benchmark,
                    measure: "failures",
                    value: share * 100,
                    unit: "%",
                    direction: .smallerIsBetter,
                    context: "requests that failed rather than got an answer; " + context
                )
            )
        }
        return figures + [throughput]
    }

    /// Operation names in `OperationLabel` order (an unknown one last, by name).
    static func order(_ a: String, _ b: String) -> Bool {
        let (x, y) = (OperationLabel(name: a)?.rawValue ?? Int.max, OperationLabel(name: b)?.rawValue ?? Int.max)
        return x != y ? x < y : a < b
    }

    /// One line on the run: achieved and target rate, requests, loop, algorithm, cache, validity.
    static func runContext(_ document: ResultDocument) -> String {
        let summary = document.summary
        let loop = document.scenario["loop"]?.stringValue ?? "open"
        var context = "\(LatencyText.rate(summary.achievedRate)) req/s achieved"
        if let target = summary.targetRate { context += " (target \(LatencyText.rate(target)))" }
        context += ", \(LatencyText.count(summary.requests)) requests, \(loop) loop"
        if let algorithm = document.scenario["algorithm"]?.stringValue { context += ", \(algorithm)" }
        context += ", cache \(document.cache.strategy)"
        if let shard = summary.shard { context += ", shard \(shard)" }
        if !summary.valid { context += ", INVALID: " + summary.invalidReasons.joined(separator: "; ") }
        return context
    }
}
