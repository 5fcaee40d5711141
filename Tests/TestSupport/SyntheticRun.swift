import AuthZCore
import BenchHarness
import BenchResults
import Foundation
import HDRHistogram

/// Synthetic run results with known histograms, for the reporter tests.
package enum SyntheticRun {
    /// A histogram holding `count` values `base, 2*base, ..., count*base` (ns).
    package static func histogram(base: UInt64, count: Int) -> HDRHistogram {
        histogram(base: base, multiples: 1...count)
    }

    /// A histogram holding the values `base * m` for every `m` of `multiples` (ns).
    package static func histogram(base: UInt64, multiples: ClosedRange<Int>) -> HDRHistogram {
        var histogram = HDRHistogram()
        for index in multiples { histogram.record(base * UInt64(index)) }
        return histogram
    }

    /// Of each interval's 1,000 requests, the slowest 180 waited on the upstream (parked), the rest
    /// were answered inline: together they are the interval's response time.
    package static let parkedPerInterval = 180

    /// A fixed environment (no subprocess), `build` as given.
    package static func environment(build: String = "release") -> Environment {
        Environment(
            swift: "6.1",
            openssl: "OpenSSL 3.0.13",
            cpu: "Test CPU",
            cores: 2,
            os: "Linux 6.1 x86_64",
            build: build,
            gitCommit: "abcdef123456"
        )
    }

    /// A histogram of requests in flight at 1,000 sends: 1 up to `peak`, the median about a quarter
    /// of it (a quadratic ramp).
    package static func inFlight(peak: UInt64) -> HDRHistogram {
        var histogram = HDRHistogram()
        for index in 1...1_000 { histogram.record(Swift.max(1, UInt64(index) * UInt64(index) * peak / 1_000_000)) }
        return histogram
    }

    /// The upstream counters of `result` (also used by tests that check the sums of a merge).
    package static let upstream = UpstreamStats(
        calls: 420,
        coalesced: 180,
        refreshes: 60,
        errors: 6,
        timeouts: 3,
        rejected: 1,
        inFlight: 2,
        maxInFlight: 48
    )

    /// The steady-state prewarm of `result` (nil with `cold`).
    package static let prewarm = Prewarm(devices: 10_000, authorizations: 38_500, seconds: 2.75)

    /// The intervals of `result(seconds:)`, with their histograms (what the run streams to the
    /// `.hlog`): 1,000 requests each (820 inline, 180 parked), every tag filled, requests in flight
    /// peaking at 31, 51, 71, ...
    package static func intervals(seconds: Int = 3) -> [IntervalReport] {
        (0..<seconds).map { second in
            IntervalReport(
                index: second,
                startSeconds: Double(second),
                lengthSeconds: 1,
                requests: 1_000,
                response: histogram(base: 1_000 + UInt64(second), count: 1_000),
                service: histogram(base: 500, count: 1_000),
                startLag: histogram(base: 10, count: 1_000),
                upstreamWait: histogram(base: 100_000 + 1_000 * UInt64(second), count: parkedPerInterval),
                inlineResponse: histogram(base: 1_000 + UInt64(second), multiples: 1...(1_000 - parkedPerInterval)),
                parkedResponse: histogram(base: 1_000 + UInt64(second), multiples: (1_001 - parkedPerInterval)...1_000),
                inFlight: Self.inFlight(peak: 31 + 20 * UInt64(second % 5)),
                codes: [.validToken: 1_000]
            )
        }
    }

    /// A run's result: `seconds` (3) one-second intervals of 1,000 requests; response time 1µs...1ms,
    /// service time 0.5µs...500µs, start lag 10ns...10µs, upstream wait 100µs...18ms for 180
    /// requests per interval (the slowest 180 of each interval's response times are `parked`, the
    /// rest `inline`); requests in flight peaking at 31, 51, 71, 91, 111, 31, ... (every fifth
    /// second again); stages parse and verify; a few codes besides `VALID_TOKEN` (10
    /// `UPSTREAM_UNAVAILABLE`: the upstream's errors, timeouts and rejections, the only failures;
    /// 7 `NOT_AUTHORIZED` and 3 attacks rejected as expected: answers); `upstream` counters;
    /// prewarmed unless `cold`. The codes sum to the requests.
    package static func result(
        closed: Bool = false,
        valid: Bool = true,
        build: String = "release",
        shard: Int = 0,
        shards: Int = 1,
        cold: Bool = false,
        seconds: Int = 3
    ) -> RunResult {
        var scenario = Scenario()
        scenario.loop = closed ? .closed : .open(rate: 1_000)
        scenario.durationMillis = Int64(seconds) * 1_000
        scenario.shardIndex = shard
        scenario.shardCount = shards
        scenario.cold = cold
        let reports = intervals(seconds: seconds)
        var latency: [LatencyKind: HDRHistogram] = [:]
        var inFlight = HDRHistogram()
        for report in reports {
            for (kind, histogram) in report.latency { latency[kind, default: HDRHistogram()].add(histogram) }
            inFlight.add(report.inFlight)
        }
        let requests = 1_000 * seconds
        var summary = ResultSummary()
        summary.requests = requests
        summary.errors = ["NOT_AUTHORIZED": 7, "INVALID_SIGNATURE": 3, "UPSTREAM_UNAVAILABLE": 10]
        summary.durationSeconds = Double(seconds)
        summary.targetRate = scenario.loop.rate
        summary.achievedRate = Double(requests) / Double(seconds)
        summary.valid = valid
        summary.invalidReasons = valid ? [] : ["achieved 900 req/s, below 99% of the 1,000 req/s target"]
        summary.maxInFlight = Int(inFlight.max)
        summary.failures = ["UPSTREAM_UNAVAILABLE": 10]
        summary.failureShare = ResultSummary.share(10, of: requests)
        summary.startEpochMillis = 1_700_000_000_000
        summary.shard = "\(shard + 1)/\(shards)"
        summary.scenarioFingerprint = scenario.fingerprint
        let sections = RunSections(
            environment: environment(build: build),
            scenario: RunResult.scenarioValue(scenario),
            summary: summary,
            cache: CacheSection(
                strategy: "sharded",
                capacity: 100_000,
                verifiedTokens: CacheStats(
                    hits: 900,
                    misses: 100,
                    inserts: 100,
                    entries: 100,
                    approximateBytes: 12_800
                ),
                authorizations: CacheStats(
                    hits: 600,
                    misses: 400,
                    inserts: 400,
                    evictions: 50,
                    expirations: 10,
                    entries: 340,
                    approximateBytes: 43_520
                )
            ),
            attacks: AttackSection(expected: ["INVALID_SIGNATURE": 3], unexpected: 0),
            intervals: reports.map(IntervalSummary.init),
            setupSeconds: 1.5,
            upstream: upstream.section,
            prewarm: cold ? nil : prewarm
        )
        return RunResult(
            sections: sections,
            latency: latency,
            warmup: [
                .responseTime: histogram(base: 2_000, count: 100), .serviceTime: histogram(base: 900, count: 100),
                .startLag: histogram(base: 5, count: 100), .upstreamWait: histogram(base: 150_000, count: 40),
                .inline: histogram(base: 2_000, multiples: 1...60),
                .parked: histogram(base: 2_000, multiples: 61...100),
            ],
            stages: ["parse": histogram(base: 100, count: 500), "verify": histogram(base: 20_000, count: 500)],
            inFlight: inFlight
        )
    }

    /// A fresh temporary directory.
    package static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authz-bench-report-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension HistogramFiles {
    /// The `.hlog` a run of a synthetic result (`SyntheticRun.result`) streams: the metadata
    /// lines, its `SyntheticRun.intervals` and, unless `end` is false (a killed run), the end line,
    /// as `IntervalLogSink` writes them. With `metadata` false, the log of another writer (or of a
    /// version before the metadata lines): the intervals only. Only for synthetic results: a real
    /// result keeps no interval histograms.
    package static func hlogText(
        _ result: RunResult,
        host: String = "synthetic-host",
        metadata: Bool = true,
        end: Bool = true
    ) throws -> String {
        let intervals = SyntheticRun.intervals(seconds: result.intervals.count)
        let start = result.summary.startEpochMillis ?? 0
        guard metadata else { return try hlogText(startEpochMillis: start, intervals: intervals) }
        guard let scenario = result.typedScenario else { throw BenchError.badInput("not the result of one run") }
        let lines = hlogMetadata(scenario: scenario, startEpochMillis: start, host: host)
        let text = try hlogText(startEpochMillis: start, intervals: intervals, metadata: lines)
        guard end else { return text }
        return text
            + HDRLogWriter.commentLine(
                hlogEnd(intervals: intervals.count, requests: intervals.reduce(0) { $0 + $1.requests })
            )
    }

    /// A whole interval log, as the streamed one is written: the header, then each interval's lines.
    package static func hlogText(
        startEpochMillis: Int64,
        intervals: [IntervalReport],
        metadata: [String] = []
    ) throws -> String {
        let writer = hlogWriter(startEpochMillis: startEpochMillis, metadata: metadata)
        var text = writer.text
        for interval in intervals { text += try hlogLines(interval, writer: writer) }
        return text
    }

    /// Writes ``hlogText(_:host:metadata:end:)`` of a synthetic result to `path`.
    package static func writeHlog(_ result: RunResult, to path: String, metadata: Bool = true) throws {
        try Data(try hlogText(result, metadata: metadata).utf8).write(to: URL(fileURLWithPath: path))
    }
}

extension Scenario {
    /// The default scenario with `change` applied: `Scenario.with { $0.devices = 500 }`.
    package static func with(_ change: (inout Scenario) -> Void) -> Scenario {
        var scenario = Scenario()
        change(&scenario)
        return scenario
    }
}
