import AuthZCore
import BenchHarness
import Foundation
import HDRHistogram

/// The console summary of a run (or of a merge): scenario, environment, prewarm, throughput,
/// requests in flight, the headline (response time inline and parked, start lag's share), latency
/// percentiles, stages, caches, upstream calls, a table per operation (or, for a result without
/// one, an ASCII histogram of response time), failures apart from answers, attacks and the
/// validity verdict.
package enum RunReport {
    /// The console summary of a run or merged result.
    package static func text(_ result: RunResult) -> String {
        var lines: [String] = []
        let debug = result.environment.build == "debug"
        if debug { lines += banner("DEBUG BUILD: figures are not representative (swift build -c release)") }
        lines += scenarioLines(result)
        lines.append(environmentLine(result.environment))
        if result.setupSeconds > 0 {
            lines.append(
                "set-up      \(String(format: "%.2f", result.setupSeconds)) s (population and authN tokens; not measured)"
            )
            if let peak = result.summary.peakRSS {
                let afterSetup =
                    result.summary.setupRSS.map { String(format: ", %.1f MB after set-up", Double($0) / 1e6) } ?? ""
                let final =
                    result.summary.finalRSS.map { String(format: ", %.1f MB at the end", Double($0) / 1e6) } ?? ""
                lines.append(
                    "memory      peak RSS \(String(format: "%.1f", Double(peak) / 1e6)) MB\(afterSetup)\(final)"
                )
            }
        }
        if let prewarm = prewarmLine(result) { lines.append(prewarm) }
        lines.append(throughputLine(result))
        if let inFlight = inFlightLine(result) { lines.append(inFlight) }
        lines.append("")
        lines += headlineLines(result)
        lines.append("")
        lines += percentileTable(result)
        if !result.stages.isEmpty {
            lines.append("")
            lines += stageTable(result)
        }
        lines.append("")
        lines += cacheLines(result.cache)
        if let upstream = upstreamLine(result.upstream) { lines += ["", upstream] }
        lines.append("")
        if let operations = operationTable(result) {
            lines += operations
        } else {
            lines.append(
                "response time distribution (\(LatencyText.count(result.histogram(.responseTime).totalCount)) requests)\(closedNote(result))"
            )
            lines += LatencyBars.lines(result.histogram(.responseTime))
        }
        lines.append("")
        lines += outcomeLines(result.summary, codesKnown: !result.isMergedFromLogsOnly && result.summary.codesKnown)
        if let attack = attackLine(result.attacks) { lines.append(attack) }
        if result.attacks.unexpected > 0 {
            lines += banner("\(result.attacks.unexpected) attack request(s) got an unexpected code")
        }
        lines.append("")
        lines += verdictLines(result, debug: debug)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A loud block of `#` lines around `message`.
    package static func banner(_ message: String) -> [String] {
        let rule = String(repeating: "#", count: Swift.min(Swift.max(message.count + 8, 40), 80))
        return [rule, "### " + message, rule]
    }

    /// ` [closed loop]` in closed loop, else empty (appended to headings).
    package static func closedNote(_ result: RunResult) -> String {
        result.loop == "closed" ? " [closed loop]" : ""
    }

    /// The scenario lines (or the merged inputs when the scenario is not a `Scenario`).
    package static func scenarioLines(_ result: RunResult) -> [String] {
        guard let s = result.typedScenario else {
            let files = result.sources.isEmpty ? "" : ": " + result.sources.joined(separator: ", ")
            return ["scenario    merged from \(result.sources.count) input(s)\(files)"]
        }
        let loop = s.loop.rate.map { "open loop at \(LatencyText.rate($0)) req/s" } ?? "closed loop"
        var first =
            "scenario    \(loop), \(s.threads) thread(s), \(s.algorithm.rawValue), cache \(s.cache.rawValue) x\(s.capacity), seed \(s.seed)"
        if s.shardCount > 1 { first += ", shard \(s.shardIndex + 1)/\(s.shardCount)" }
        let m = s.mix
        let second =
            "            \(LatencyText.count(s.devices)) devices, \(s.requestors) requestors, \(s.mvpds) MVPDs, "
            + "\(LatencyText.count(s.resources)) resources (zipf \(s.zipf))"
        var third =
            "            mix get=\(m.get) check=\(m.check) verify=\(m.verify) logout=\(m.logout) attack=\(m.attack)"
            + "; warm-up \(Double(s.warmupMillis) / 1000) s, measured \(Double(s.durationMillis) / 1000) s"
        if let stall = s.stallMillis, let period = s.stallPeriodMillis {
            third += "; stall \(stall) ms every \(period) ms"
        }
        if s.stageSample != 1 { third += "; stages 1 in \(s.stageSample)" }
        var lines = [first, second, third]
        if !result.sources.isEmpty {
            lines.append("            merged from: " + result.sources.joined(separator: ", "))
        }
        return lines
    }

    /// One line: build, CPU, cores, kernel, Swift, OpenSSL, commit.
    package static func environmentLine(_ e: Environment) -> String {
        "environment \(e.build) build, \(e.cpu), \(e.cores) cores, \(e.os), Swift \(e.swift), \(e.openssl), commit \(e.gitCommit)"
    }

    /// Achieved vs target throughput (or the closed-loop label), requests and duration.
    package static func throughputLine(_ result: RunResult) -> String {
        let s = result.summary
        let done = "\(LatencyText.count(s.requests)) requests in \(String(format: "%.2f", s.durationSeconds)) s"
        guard let target = s.targetRate, target > 0 else {
            let label = result.loop == "closed" ? "closed loop, no target rate" : "no target rate"
            return "throughput  \(LatencyText.rate(s.achievedRate)) req/s achieved (\(label)); \(done)"
        }
        let share = String(format: "%.1f%%", s.achievedRate / target * 100)
        return
            "throughput  \(LatencyText.rate(s.achievedRate)) req/s achieved of \(LatencyText.rate(target)) target (\(share)); \(done)"
    }

    /// The percentile columns of the latency and stage tables.
    package static let columns = ["p50", "p90", "p99", "p99.9", "p99.99", "max"]

    /// The percentile table: one row per latency kind, human units.
    package static func percentileTable(_ result: RunResult) -> [String] {
        var header = LatencyText.left("latency\(closedNote(result))", 14)
        for column in columns { header += LatencyText.right(column, 9) }
        header += LatencyText.right("count", 12)
        var lines = [header]
        for kind in latencyOrder {
            guard result.records(kind) || !kind.isByPath else {
                lines.append(LatencyText.left(kind.rawValue, 14) + "not recorded")
                continue
            }
            lines.append(row(kind.rawValue, result.histogram(kind)))
        }
        if let warm = result.warmup[.responseTime], warm.totalCount > 0 {
            lines.append(row("warm-up resp.", warm))
        }
        return lines
    }

    /// One table row: name, p50 ... max, count.
    package static func row(_ name: String, _ histogram: HDRHistogram) -> String {
        var line = LatencyText.left(name, 14)
        guard histogram.totalCount > 0 else {
            return line + LatencyText.right("-", 9 * columns.count) + LatencyText.right("0", 12)
        }
        for percentile in [50.0, 90, 99, 99.9, 99.99] {
            line += LatencyText.right(LatencyText.duration(histogram.value(atPercentile: percentile)), 9)
        }
        line += LatencyText.right(LatencyText.duration(histogram.max), 9)
        line += LatencyText.right(LatencyText.count(histogram.totalCount), 12)
        return line
    }

    /// The per-stage table (service time of each hot-path stage).
    package static func stageTable(_ result: RunResult) -> [String] {
        var header = LatencyText.left("stage", 14)
        for column in columns { header += LatencyText.right(column, 9) }
        header += LatencyText.right("count", 12)
        return [header] + result.stageNames.map { row($0, result.stages[$0] ?? HDRHistogram()) }
    }

    /// The cache table: each engine cache and both together (one line when not known), and the
    /// hits on cached denials when there were any.
    package static func cacheLines(_ cache: CacheSection) -> [String] {
        guard cache.isKnown else { return ["cache       not known: .hlog inputs carry no cache statistics"] }
        let widths = [8, 11, 10, 11, 9, 10, 9]
        func line(_ name: String, _ cells: [String]) -> String {
            zip(cells, widths).reduce(LatencyText.left(name, 14)) { $0 + LatencyText.right($1.0, $1.1) }
        }
        func cells(_ c: CacheStats) -> [String] {
            [
                String(format: "%.1f%%", c.hitRatio * 100), LatencyText.count(c.hits), LatencyText.count(c.misses),
                LatencyText.count(c.evictions), LatencyText.count(c.expirations), LatencyText.count(c.entries),
                String(format: "%.0f", c.bytesPerEntry),
            ]
        }
        var lines = [
            "cache       \(cache.strategy), capacity \(LatencyText.count(cache.capacity)) per cache",
            line("", ["hit", "hits", "misses", "evictions", "expired", "entries", "B/entry"]),
            line("verifiedTokens", cells(cache.caches.verifiedTokens)),
            line("authorizations", cells(cache.caches.authorizations)),
            line("both", cells(cache.total)),
        ]
        // Only with a deny TTL (`--deny-ttl`): without one it is always 0.
        if let negativeHits = cache.negativeHits, negativeHits > 0 {
            lines.append("negative hits \(LatencyText.count(negativeHits)) (denials answered from the cache)")
        }
        return lines
    }

    /// Attack traffic by expected code, and the unexpected count (nil when no attack was sent).
    package static func attackLine(_ attacks: AttackSection) -> String? {
        guard !attacks.expected.isEmpty || attacks.unexpected > 0 else { return nil }
        let expected = attacks.expected.sorted { $0.key < $1.key }.map { "\($0.key) \(LatencyText.count($0.value))" }
        return "attacks     rejected as expected: " + expected.joined(separator: ", ")
            + "; unexpected code: \(attacks.unexpected)"
    }

    /// The validity verdict: one line when valid, a loud block with the reasons when not.
    package static func verdictLines(_ result: RunResult, debug: Bool) -> [String] {
        var lines: [String] = []
        if result.summary.valid {
            var verdict = "result      VALID"
            if result.loop == "closed" { verdict += " (closed loop)" }
            if result.isMergedFromLogsOnly {
                verdict += " (as far as known: .hlog inputs carry no verdict)"
            }
            lines.append(verdict)
        } else {
            lines += banner("RESULT INVALID")
            for reason in result.summary.invalidReasons { lines.append("###   - " + reason) }
        }
        if debug { lines += banner("DEBUG BUILD: this result is marked \"build\": \"debug\"") }
        return lines
    }
}
