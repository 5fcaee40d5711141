import Foundation

/// Two builds compared by interleaved blocks: the pairs measured, the ones kept, and the verdict
/// of the paired statistics on every gated metric (see the BenchResults article "Comparing two
/// builds").
package struct InterleavedComparison: Sendable, Equatable {
    /// One pair of blocks, the baseline's and the candidate's, measured one right after the other.
    package struct Pair: Sendable, Equatable, Codable {
        /// Whether the baseline loaded first (AB) or second (BA).
        package var baselineFirst: Bool
        /// The baseline's block.
        package var baseline: BlockReport
        /// The candidate's block.
        package var candidate: BlockReport
        /// Why the pair was dropped (the first spoiled block's reason), or nil when kept.
        package var dropped: BlockRules.Reason?
        /// The round it was measured in, from 0: the pair of processes, both sides started afresh
        /// for each round.
        package var round: Int

        /// A pair of `round`, dropped when either block is spoiled under `rules`.
        package init(
            baselineFirst: Bool,
            baseline: BlockReport,
            candidate: BlockReport,
            rules: BlockRules,
            round: Int = 0
        ) {
            self.round = round
            self.baselineFirst = baselineFirst
            self.baseline = baseline
            self.candidate = candidate
            self.dropped = baseline.spoiled(by: rules) ?? candidate.spoiled(by: rules)
        }
    }

    /// One metric's line: both sides' medians over the kept pairs and the paired estimate.
    package struct Line: Sendable, Equatable {
        /// The metric.
        package var metric: String
        /// The baseline's median over the kept pairs.
        package var baseline: Double
        /// The candidate's median over the kept pairs.
        package var candidate: Double
        /// The change, its interval, p-values, the smallest detectable change and the verdict.
        package var estimate: PairedEstimate
        /// Why the metric was not judged, when it was not (too few requests per block).
        package var note: String?
    }

    /// The overall verdict.
    package enum Verdict: String, Sendable, Equatable, Codable {
        /// At least one gated metric regressed.
        case regression
        /// Some gated metric improved and none regressed.
        case improvement
        /// No gated metric moved beyond what the run could tell.
        case unchanged
        /// Too few pairs were kept to judge.
        case invalid
    }

    /// What to gate and how.
    package struct Settings: Sendable, Equatable {
        /// The gated metrics: names, or patterns whose `*` stands for one dotted word (`*.inline.p50`).
        package var metrics: [String]
        /// The statistics.
        package var analysis: PairedAnalysis
        /// When a block is dropped.
        package var rules: BlockRules
        /// The fewest kept pairs for a verdict.
        package var minimumPairs: Int
        /// A percentile metric of an operation is judged only when its blocks hold, at the median,
        /// this many requests beyond the percentile (`requests * (1 - p/100)`).
        package var minimumTailRequests: Double = 10

        /// Settings from their parts.
        package init(metrics: [String], analysis: PairedAnalysis, rules: BlockRules, minimumPairs: Int) {
            self.metrics = metrics
            self.analysis = analysis
            self.rules = rules
            self.minimumPairs = minimumPairs
        }
    }

    /// The rounds the pairs were measured in.
    package var rounds: Int { (pairs.map(\.round).max() ?? 0) + 1 }

    /// The settings the comparison ran with.
    package var settings: Settings
    /// Every pair measured, in order, kept or dropped.
    package var pairs: [Pair]
    /// The gated metrics' lines.
    package var lines: [Line]
    /// The hot-path stages' lines (`stage.*.p50`), tested apart from the gate: where a regression
    /// points first.
    package var stages: [Line]
    /// The overall verdict.
    package var verdict: Verdict

    /// The pairs kept.
    package var kept: [Pair] { pairs.filter { $0.dropped == nil } }

    /// The pairs dropped for each reason.
    package var droppedByReason: [BlockRules.Reason: Int] {
        pairs.reduce(into: [:]) { counts, pair in if let reason = pair.dropped { counts[reason, default: 0] += 1 } }
    }

    /// Judges `pairs` under `settings`.
    package init(pairs: [Pair], settings: Settings) {
        self.settings = settings
        self.pairs = pairs
        let kept = pairs.filter { $0.dropped == nil }
        guard kept.count >= settings.minimumPairs else {
            lines = []
            stages = []
            verdict = .invalid
            return
        }
        let names = Set(kept.flatMap { $0.baseline.metrics.keys }).intersection(
            kept.flatMap { $0.candidate.metrics.keys }
        )
        // An open loop's throughput is its schedule's, the same on both sides: not a figure of the code.
        let openLoop = kept.first?.baseline.targetRate != nil
        let gated = names.filter { name in
            settings.metrics.contains { Self.matches(name, pattern: $0) }
                && !(openLoop && (name == "throughput" || name.hasSuffix(".throughput")))
        }.sorted()
        lines = Self.lines(gated, kept: kept, settings: settings, analysis: settings.analysis)
        let stageNames = names.filter { Self.matches($0, pattern: "stage.*.p50") }.sorted()
        stages = Self.lines(stageNames, kept: kept, settings: settings, analysis: settings.analysis)
        let verdicts = lines.map(\.estimate.verdict)
        verdict =
            verdicts.contains(.regression) ? .regression : verdicts.contains(.improvement) ? .improvement : .unchanged
    }

    /// The lines of `names`, Holm-corrected together; a percentile of an operation with too few
    /// requests per block is reported, not judged.
    private static func lines(_ names: [String], kept: [Pair], settings: Settings, analysis: PairedAnalysis) -> [Line] {
        var samples: [PairedSample] = []
        var notes: [String: String] = [:]
        for name in names {
            let sample = PairedSample(
                metric: name,
                higherIsBetter: name == "throughput" || name.hasSuffix(".throughput"),
                baseline: kept.map { $0.baseline.metrics[name] ?? .nan },
                candidate: kept.map { $0.candidate.metrics[name] ?? .nan },
                rounds: kept.map(\.round)
            )
            if let note = tooFewRequests(name, kept: kept, minimumTail: settings.minimumTailRequests) {
                notes[name] = note
            } else {
                samples.append(sample)
            }
        }
        let estimates = Dictionary(uniqueKeysWithValues: analysis.analyse(samples).map { ($0.metric, $0) })
        return names.map { name in
            let baseline = kept.compactMap { $0.baseline.metrics[name] }
            let candidate = kept.compactMap { $0.candidate.metrics[name] }
            let estimate =
                estimates[name]
                ?? PairedEstimate(
                    metric: name,
                    higherIsBetter: false,
                    pairs: kept.count,
                    rounds: Set(kept.map(\.round)).count,
                    change: 0,
                    interval: 0...0,
                    standardError: .infinity,
                    pValue: 1,
                    adjustedP: 1,
                    detectable: .infinity,
                    verdict: .notMeasured
                )
            return Line(
                metric: name,
                baseline: Bootstrap.median(baseline) ?? 0,
                candidate: Bootstrap.median(candidate) ?? 0,
                estimate: estimate,
                note: notes[name]
            )
        }
    }

    /// Why `name`, a percentile of one operation (`OP.KIND.pNN`), holds too few requests per block
    /// to be judged: fewer than `minimumTail` beyond the percentile at the blocks' median count
    /// (`OP.requests`). Nil for any other metric.
    static func tooFewRequests(_ name: String, kept: [Pair], minimumTail: Double) -> String? {
        let words = name.split(separator: ".")
        guard words.count >= 3, let last = words.last, last.hasPrefix("p"),
            let percentile = Double(words.dropFirst(2).joined(separator: ".").dropFirst())
        else { return nil }
        let countName = "\(words[0]).requests"
        let counts = kept.flatMap { [$0.baseline.metrics[countName], $0.candidate.metrics[countName]] }.compactMap {
            $0
        }
        guard let median = Bootstrap.median(counts) else { return nil }
        let needed = (minimumTail / (1 - percentile / 100)).rounded(.up)
        guard median < needed else { return nil }
        return "\(Int(median)) requests per block, \(Int(needed)) needed for a p\(percentile.formatted())"
    }

    /// Whether `name` matches `pattern`, whose `*` words stand for any one word.
    package static func matches(_ name: String, pattern: String) -> Bool {
        let words = name.split(separator: ".", omittingEmptySubsequences: false)
        let wanted = pattern.split(separator: ".", omittingEmptySubsequences: false)
        guard words.count == wanted.count else { return false }
        return zip(words, wanted).allSatisfy { $1 == "*" || $0 == $1 }
    }
}

extension Double {
    /// The shortest decimal form: `99`, `99.9`.
    fileprivate func formatted() -> String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
