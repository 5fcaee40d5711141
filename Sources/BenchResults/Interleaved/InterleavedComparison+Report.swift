import BenchHarness
import Foundation

extension InterleavedComparison {
    /// One side of the comparison as the report names it.
    package struct Side: Sendable, Equatable, Codable {
        /// The binary's path as given.
        package var binary: String
        /// Its extra flags (`--baseline-args`, `--candidate-args`).
        package var arguments: [String]
        /// What it said when ready.
        package var greeting: BlockProtocol.Greeting

        /// A side from its parts.
        package init(binary: String, arguments: [String], greeting: BlockProtocol.Greeting) {
            self.binary = binary
            self.arguments = arguments
            self.greeting = greeting
        }
    }

    /// The columns of the console and Markdown tables.
    static let columns = [
        "metric", "baseline", "candidate", "change", "95% interval", "p Holm", "could flag", "verdict",
    ]

    /// The table's rows: the gated metrics, then a stage row for each stage that moved.
    var tableRows: [[String]] {
        lines.map(Self.row)
    }

    /// The stages whose p50 moved significantly (after their own correction) beyond the floor:
    /// where to look first, e.g. `mint +31% [+28%, +35%]`.
    package var movedStages: [String] {
        stages.filter { $0.estimate.verdict == .regression || $0.estimate.verdict == .improvement }.map { line in
            let name = line.metric.split(separator: ".").dropFirst().first.map(String.init) ?? line.metric
            return
                "\(name) \(ComparisonReport.signedPercent(line.estimate.change)) \(Self.interval(line.estimate.interval))"
        }
    }

    /// The pairs line: how many were measured, kept and dropped, and why.
    package var pairsLine: String {
        let reasons = BlockRules.Reason.allCases.compactMap { reason in
            droppedByReason[reason].map { "\(reason.label) \($0)" }
        }
        let dropped = pairs.count - kept.count
        let why = reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))"
        let rounds = rounds > 1 ? " in \(rounds) rounds" : ""
        return "\(pairs.count) pairs\(rounds), order randomized; \(kept.count) kept, \(dropped) dropped\(why)"
    }

    /// The one-line verdict, with the exit code's meaning.
    package var summaryLine: String {
        switch verdict {
        case .invalid:
            return
                "invalid: \(kept.count) of \(pairs.count) pairs kept, \(settings.minimumPairs) needed for a verdict; "
                + "the machine spoiled the others (\(pairsLine))"
        case .regression:
            let names = lines.filter { $0.estimate.verdict == .regression }.map {
                "\($0.metric) \(ComparisonReport.signedPercent($0.estimate.change))"
            }
            let stages = movedStages.isEmpty ? "" : "; stages that moved: \(movedStages.joined(separator: ", "))"
            return "regression: \(names.joined(separator: ", "))\(stages)"
        case .improvement:
            let names = lines.filter { $0.estimate.verdict == .improvement }.map {
                "\($0.metric) \(ComparisonReport.signedPercent($0.estimate.change))"
            }
            return "improvement only: \(names.joined(separator: ", "))"
        case .unchanged:
            return "unchanged: no gated metric moved beyond what this run could tell (the \"could flag\" column)"
        }
    }

    /// The console text: the sides, the pairs, the table, the stages and the verdict.
    package func text(baseline: Side, candidate: Side) -> String {
        var out: [String] = []
        out.append("ab: baseline \(Self.describe(baseline))")
        out.append("    candidate \(Self.describe(candidate))")
        out.append("    \(pairsLine)")
        out.append("")
        let widths = [24, 9, 9, 7, 15, 6, 10, 0]
        let header = zip(Self.columns, widths).enumerated().map { index, column in
            index == 0 || index == 7 ? LatencyText.left(column.0, column.1) : LatencyText.right(column.0, column.1)
        }
        out.append(header.joined(separator: " "))
        for row in tableRows {
            let cells = zip(row, widths).enumerated().map { index, cell in
                index == 0 || index == 7 ? LatencyText.left(cell.0, cell.1) : LatencyText.right(cell.0, cell.1)
            }
            out.append(cells.joined(separator: " "))
        }
        for line in lines where line.note != nil { out.append("  \(line.metric): not judged, \(line.note ?? "")") }
        if verdict == .regression, !movedStages.isEmpty {
            out.append("")
            out.append("stages that moved with it: \(movedStages.joined(separator: ", "))")
        }
        out.append("")
        out.append("could flag: the smallest change either way this run would flag 8 times in 10, from the")
        out.append(
            "spread of its own rounds and pairs (never below the \(ComparisonReport.percent(settings.analysis.floor)) floor)"
        )
        out.append("verdict: \(summaryLine)")
        return out.joined(separator: "\n") + "\n"
    }

    /// A GitHub-flavoured Markdown summary for a job summary.
    package func markdown(baseline: Side, candidate: Side) -> String {
        let title: String
        switch verdict {
        case .regression: title = "Interleaved comparison: regression"
        case .improvement: title = "Interleaved comparison: improvement"
        case .unchanged: title = "Interleaved comparison: unchanged"
        case .invalid: title = "Interleaved comparison: no verdict"
        }
        var out = ["## \(title)", "", "**\(ComparisonReport.escape(summaryLine))**", ""]
        out.append("| " + Self.columns.joined(separator: " | ") + " |")
        out.append("|---|---:|---:|---:|---|---:|---:|---|")
        for row in tableRows {
            var cells = row.map(ComparisonReport.escape)
            if row[7] == PairedEstimate.Verdict.regression.rawValue.uppercased() { cells[7] = "**\(cells[7])**" }
            out.append("| " + cells.joined(separator: " | ") + " |")
        }
        out.append("")
        out.append(
            "_\(ComparisonReport.escape(pairsLine)). Each metric is judged on the median of the pairs' log ratios, "
                + "its spread resampled by rounds then pairs (a t-test, Holm-corrected over the gated metrics at "
                + "α = \(settings.analysis.alpha)); a change "
                + "below \(ComparisonReport.percent(settings.analysis.floor)) is never flagged; \"could flag\" is the "
                + "smallest change this run would flag 8 times in 10._"
        )
        out.append("")
        out.append(
            "Baseline: `\(baseline.binary)` (\(baseline.greeting.gitCommit ?? "commit unknown")); candidate: "
                + "`\(candidate.binary)` (\(candidate.greeting.gitCommit ?? "commit unknown"))."
        )
        return out.joined(separator: "\n") + "\n"
    }

    /// `path (release, abc1234, pacing spin) --flags`.
    private static func describe(_ side: Side) -> String {
        let commit = side.greeting.gitCommit.map { ", \($0.prefix(12))" } ?? ""
        let pacing = side.greeting.pacing.map { ", pacing \($0)" } ?? ""
        let extra = side.arguments.isEmpty ? "" : " " + side.arguments.joined(separator: " ")
        return "\(side.binary) (\(side.greeting.build)\(commit)\(pacing))\(extra)"
    }

    /// One metric's cells.
    private static func row(_ line: Line) -> [String] {
        let estimate = line.estimate
        let judged = estimate.verdict != .notMeasured
        return [
            line.metric,
            format(line.baseline, metric: line.metric),
            format(line.candidate, metric: line.metric),
            judged ? ComparisonReport.signedPercent(estimate.change) : "-",
            judged ? Self.interval(estimate.interval) : "-",
            judged ? ComparisonReport.pValue(estimate.adjustedP) : "-",
            judged && estimate.detectable.isFinite ? "±" + String(format: "%.1f%%", estimate.detectable * 100) : "-",
            estimate.verdict == .regression ? "REGRESSION" : estimate.verdict.rawValue,
        ]
    }

    /// `[-1.1%,+1.8%]`: the interval without the space, to fit the console's 100 columns.
    static func interval(_ range: ClosedRange<Double>) -> String {
        "[\(ComparisonReport.signedPercent(range.lowerBound)),\(ComparisonReport.signedPercent(range.upperBound))]"
    }

    /// A metric's value in its unit: a rate, a count, or a latency in nanoseconds.
    static func format(_ value: Double, metric: String) -> String {
        if metric == "throughput" || metric.hasSuffix(".throughput") { return LatencyText.rate(value) }
        if metric.hasSuffix(".requests") { return LatencyText.count(Int(value)) }
        return LatencyText.duration(nanoseconds: value)
    }
}

extension BlockRules.Reason {
    /// How the pairs line names the reason.
    var label: String {
        switch self {
        case .startLag: "start lag"
        case .rate: "schedule not sent"
        case .steal: "host steal"
        }
    }
}
