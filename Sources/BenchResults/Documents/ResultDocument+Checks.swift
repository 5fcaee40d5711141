import AuthZCore
import BenchHarness
import HDRHistogram

/// The figures of a result file, checked when it is read (`compare`, `report`, `merge`): every
/// number in its range, and every figure that is derived from others equal to what they give, so
/// that a forged or damaged summary is refused (65) rather than gated or reported on.
extension ResultDocument {
    /// The most one-second intervals a result holds: the longest run (30 days), one more for a
    /// last partial second.
    static let maxIntervals = 30 * 86_400 + 1
    /// The most stages (hot-path stage histograms) a result holds.
    static let maxStages = 64
    /// The most resident-set samples a result holds (one per `--rss-sample-interval`, at least 100 ms).
    static let maxRSSSamples = 30 * 86_400 * 10 + 2

    /// Checks every figure against its range and what it is derived from (`decoded`: this
    /// document's histograms, decoded).
    ///
    /// - Throws: `BenchError.badInput` naming the file, the JSON path and what was expected.
    func checkFigures(_ decoded: RunResult, file: String) throws(BenchError) {
        let check = FigureCheck(file: file)
        for kind in LatencyKind.allCases {
            for (section, histograms, name) in [
                (latency, decoded.latency, "latency"), (warmup, decoded.warmup, "warmup"),
            ] {
                let path = "$.\(name).\(kind.rawValue)"
                if let summary = section[kind], let histogram = histograms[kind] {
                    try check.histogram(summary, histogram, path)
                }
            }
        }
        guard stages.count <= Self.maxStages else {
            throw check.fail("$.stages", "at most \(Self.maxStages) stages", "\(stages.count)")
        }
        for (name, summary) in stages {
            // A stage names an .hgrm file (`stage-NAME.hgrm`): no path separator may reach it.
            try check.name(
                name,
                "$.stages",
                allowed: { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" },
                "a stage name"
            )
            if let histogram = decoded.stages[name] {
                try check.histogram(summary, histogram, "$.stages.\(name)")
            }
        }
        if let inFlight = concurrency?.inFlight, let histogram = decoded.inFlight {
            try check.histogram(inFlight, histogram, "$.concurrency.inFlight")
        }
        try checkSummary(check)
        try checkIntervals(check)
        try checkSections(check)
    }

    /// `summary`: counts, rates and shares in range, and each derived one equal to what gives it.
    private func checkSummary(_ check: FigureCheck) throws(BenchError) {
        let summary = sections.summary
        try check.count(summary.requests, "$.summary.requests")
        let recorded = Int(latency.responseTime.count)
        guard summary.requests == recorded else {
            throw .badInput(
                "\(check.file): $.summary.requests: \(summary.requests) disagrees with "
                    + "$.latency.responseTime.count (\(recorded)); expected the requests the histograms hold"
            )
        }
        if let inline = latency.inline, let parked = latency.parked,
            inline.count + parked.count != latency.responseTime.count
        {
            throw .badInput(
                "\(check.file): $.latency.inline.count + $.latency.parked.count: \(inline.count + parked.count) "
                    + "disagrees with $.latency.responseTime.count (\(recorded)); expected every request on one path"
            )
        }
        try check.seconds(summary.durationSeconds, "$.summary.durationSeconds")
        try check.number(summary.achievedRate, "$.summary.achievedRate", in: 0...Double(FigureCheck.maxCount), "a rate")
        let rate = summary.durationSeconds > 0 ? Double(summary.requests) / summary.durationSeconds : 0
        try check.agrees(
            summary.achievedRate,
            rate,
            "$.summary.achievedRate",
            "$.summary.requests / $.summary.durationSeconds"
        )
        if let target = summary.targetRate {
            try check.number(
                target,
                "$.summary.targetRate",
                in: Double.leastNonzeroMagnitude...Double(FigureCheck.maxCount),
                "a rate"
            )
        }
        try check.codes(summary.errors, "$.summary.errors", total: summary.requests)
        if let failures = summary.failures {
            try check.codes(failures, "$.summary.failures", total: summary.requests)
            let failed = failures.values.reduce(0, +)
            try check.count(failed, "$.summary.failures (their sum)", atMost: summary.requests)
            if let share = summary.failureShare {
                try check.share(share, "$.summary.failureShare")
                try check.agrees(
                    share,
                    ResultSummary.share(failed, of: summary.requests),
                    "$.summary.failureShare",
                    "$.summary.failures / $.summary.requests"
                )
            }
        } else if let share = summary.failureShare {
            try check.share(share, "$.summary.failureShare")
        }
        for (key, value) in [
            ("peakRSS", summary.peakRSS), ("setupRSS", summary.setupRSS), ("finalRSS", summary.finalRSS),
            ("maxInFlight", summary.maxInFlight),
        ] {
            if let value { try check.count(value, "$.summary.\(key)") }
        }
        if let start = summary.startEpochMillis, !ShardIdentity.startMillisRange.contains(start) {
            throw check.fail("$.summary.startEpochMillis", ShardIdentity.startMillisText, "\(start)")
        }
        if let shard = summary.shard, ShardIdentity.parseShard(shard) == nil {
            throw check.fail("$.summary.shard", ShardIdentity.shardForm, "\"\(shard.prefix(80))\"")
        }
        guard summary.invalidReasons.count <= MergeInput.Verdict.maxReasons else {
            throw check.fail(
                "$.summary.invalidReasons",
                MergeInput.Verdict.reasonsText,
                "\(summary.invalidReasons.count)"
            )
        }
        for (index, reason) in summary.invalidReasons.enumerated() {
            try check.text(reason, "$.summary.invalidReasons[\(index)]")
        }
        for (key, value) in [
            ("host", summary.host), ("scenarioFingerprint", summary.scenarioFingerprint),
            ("interrupted", summary.interrupted),
        ] {
            if let value { try check.text(value, "$.summary.\(key)") }
        }
    }

    /// `intervals`: one per second of the measured phase, in order (each start after the one
    /// before: an interval given twice is refused), their requests the summary's.
    private func checkIntervals(_ check: FigureCheck) throws(BenchError) {
        let intervals = sections.intervals
        guard intervals.count <= Self.maxIntervals else {
            throw check.fail("$.intervals", "at most \(Self.maxIntervals) intervals (30 days)", "\(intervals.count)")
        }
        var previous = -Double.infinity
        var total = 0
        for (index, interval) in intervals.enumerated() {
            let path = "$.intervals[\(index)]"
            try check.seconds(interval.startSeconds, "\(path).start")
            try check.seconds(interval.lengthSeconds, "\(path).length")
            try check.count(interval.requests, "\(path).requests", atMost: sections.summary.requests)
            guard interval.startSeconds > previous else {
                throw check.fail(
                    "\(path).start",
                    "a start after the interval before's (\(previous)): each interval once, in order",
                    "\(interval.startSeconds)"
                )
            }
            previous = interval.startSeconds
            total += interval.requests
            for (key, percentiles) in [
                ("responseTime", interval.responseTime), ("serviceTime", interval.serviceTime),
                ("inFlight", interval.inFlight),
            ] {
                guard let percentiles else { continue }
                guard percentiles.p50 <= percentiles.p99, percentiles.p99 <= percentiles.max else {
                    throw check.fail("\(path).\(key)", "p50 <= p99 <= max", "\(percentiles)")
                }
            }
        }
        if !intervals.isEmpty, total != sections.summary.requests {
            throw .badInput(
                "\(check.file): $.intervals: their requests add up to \(total), but $.summary.requests is "
                    + "\(sections.summary.requests); expected the requests of the measured phase, each interval once"
            )
        }
    }

    /// `cache`, `attacks`, `upstream`, `prewarm`, `memory`, `setupSeconds`, `slo`, `shards`.
    private func checkSections(_ check: FigureCheck) throws(BenchError) {
        let cache = sections.cache
        let total = cache.total
        for (key, value) in [
            ("capacity", cache.capacity), ("hits", total.hits), ("misses", total.misses),
            ("evictions", total.evictions), ("expirations", total.expirations), ("entries", total.entries),
        ] {
            try check.count(value, "$.cache.\(key)")
        }
        if let negative = cache.negativeHits { try check.count(negative, "$.cache.negativeHits", atMost: total.hits) }
        if let figure = cache.disagreements.first {
            throw check.fail(
                figure.path,
                "\(figure.expected) (\(figure.source))",
                "\(figure.written)"
            )
        }
        try check.share(total.hitRatio, "$.cache.hitRatio")
        let lookups = total.hits + total.misses
        try check.agrees(
            total.hitRatio,
            lookups == 0 ? 0 : Double(total.hits) / Double(lookups),
            "$.cache.hitRatio",
            "$.cache.hits / ($.cache.hits + $.cache.misses)"
        )
        try check.number(total.bytesPerEntry, "$.cache.bytesPerEntry", in: 0...Double(FigureCheck.maxCount), "bytes")
        for (name, stats) in [
            ("verifiedTokens", cache.caches.verifiedTokens), ("authorizations", cache.caches.authorizations),
        ] {
            for (key, value) in [
                ("hits", stats.hits), ("misses", stats.misses), ("inserts", stats.inserts),
                ("replacements", stats.replacements), ("evictions", stats.evictions),
                ("expirations", stats.expirations), ("removals", stats.removals), ("entries", stats.entries),
                ("approximateBytes", stats.approximateBytes), ("negativeHits", stats.negativeHits),
            ] {
                try check.count(value, "$.cache.caches.\(name).\(key)")
            }
        }
        try check.codes(sections.attacks.expected, "$.attacks.expected")
        try check.count(sections.attacks.unexpected, "$.attacks.unexpected")
        if let upstream = sections.upstream {
            for (key, value) in [
                ("calls", upstream.calls), ("coalesced", upstream.coalesced), ("refreshes", upstream.refreshes),
                ("errors", upstream.errors), ("timeouts", upstream.timeouts), ("rejected", upstream.rejected),
                ("inFlight", upstream.inFlight), ("maxInFlight", upstream.maxInFlight),
            ] {
                try check.count(value, "$.upstream.\(key)")
            }
        }
        if let prewarm = sections.prewarm {
            try check.count(prewarm.devices, "$.prewarm.devices")
            try check.count(prewarm.authorizations, "$.prewarm.authorizations")
            try check.seconds(prewarm.seconds, "$.prewarm.seconds")
        }
        try check.seconds(sections.setupSeconds, "$.setupSeconds")
        if let memory = sections.memory {
            try check.seconds(memory.sampleIntervalSeconds, "$.memory.sampleIntervalSeconds")
            guard memory.rssSamples.count <= Self.maxRSSSamples else {
                throw check.fail(
                    "$.memory.rssSamples",
                    "at most \(Self.maxRSSSamples) samples",
                    "\(memory.rssSamples.count)"
                )
            }
            for (index, sample) in memory.rssSamples.enumerated() {
                try check.seconds(sample.seconds, "$.memory.rssSamples[\(index)].seconds")
                try check.count(sample.rssBytes, "$.memory.rssSamples[\(index)].rssBytes")
            }
        }
        for (index, objective) in (sections.slo ?? []).enumerated() {
            try check.text(objective.expression, "$.slo[\(index)].expression")
            try check.number(
                objective.actual,
                "$.slo[\(index)].actual",
                in: 0...Double.greatestFiniteMagnitude,
                "a figure"
            )
            if objective.notRecorded == true, objective.met || objective.actual != 0 {
                throw check.fail("$.slo[\(index)]", "an objective not recorded to be unmet, with actual 0", "met")
            }
        }
        if let shards = sections.shards { try checkShards(shards, check) }
    }

    /// `shards`: a count a run can have, and shard numbers within it, each listed once.
    private func checkShards(_ shards: ShardsSection, _ check: FigureCheck) throws(BenchError) {
        try check.count(shards.expected, "$.shards.expected", atMost: ShardIdentity.maxShards)
        guard shards.expected >= 1 else { throw check.fail("$.shards.expected", "at least 1", "\(shards.expected)") }
        let listed = shards.present + shards.missing
        guard listed.count == shards.expected, Set(listed).count == listed.count,
            listed.allSatisfy({ (1...shards.expected).contains($0) })
        else {
            throw check.fail(
                "$.shards.present",
                "with $.shards.missing each shard from 1 to \(shards.expected) once",
                "\(shards.present.count) present and \(shards.missing.count) missing"
            )
        }
        for (index, truncated) in shards.truncated.enumerated() {
            try check.count(truncated.intervals, "$.shards.truncated[\(index)].intervals", atMost: truncated.planned)
            try check.count(truncated.planned, "$.shards.truncated[\(index)].planned", atMost: Self.maxIntervals)
        }
    }
}
