import BenchHarness
import Foundation
import HDRHistogram

/// One service-level objective of `--slo`, e.g. `inline.p99<1ms`: a metric, an operator
/// and a threshold in the metric's unit (nanoseconds, a fraction, requests per second or a count).
package struct SLOObjective: Sendable, Equatable {
    /// The objective as given (trimmed), quoted in the console, the JSON and the Markdown.
    package var expression: String
    /// What is measured.
    package var metric: SLOMetric
    /// How the measured value is compared.
    package var comparison: SLOOperator
    /// The threshold: nanoseconds for a latency, a fraction (0...1) for a share, requests per
    /// second for a throughput, a count for requests in flight.
    package var threshold: Double

    /// Creates a value from its stored properties.
    package init(expression: String, metric: SLOMetric, comparison: SLOOperator, threshold: Double) {
        self.expression = expression
        self.metric = metric
        self.comparison = comparison
        self.threshold = threshold
    }

    /// The measured value of the metric in `result`, in the threshold's unit.
    ///
    /// A share of a run without requests is 0; requests in flight not measured (an older file) read
    /// as an empty histogram, 0; failures not told apart (an older file) count every code but
    /// `VALID_TOKEN`, as that file's `errors` did. An operation's figure in a result that did not
    /// record operations apart is NaN, which meets no objective: not recorded is not zero.
    package func actual(in result: RunResult) -> Double {
        switch metric {
        case .latency(let kind, let statistic):
            return Self.value(result.histogram(kind), statistic)
        case .inFlight(let statistic):
            return Self.value(result.inFlight ?? HDRHistogram(), statistic)
        case .failures:
            let summary = result.summary
            if let share = summary.failureShare { return share }
            let failed = summary.failures ?? summary.errors
            return ResultSummary.share(failed.values.reduce(0, +), of: summary.requests)
        case .code(let code):
            return ResultSummary.share(result.summary.errors[code] ?? 0, of: result.summary.requests)
        case .throughput:
            return result.summary.achievedRate
        case .operationLatency(let label, let kind, let statistic):
            guard let histogram = result.histogram(kind, of: label) else { return .nan }
            return Self.value(histogram, statistic)
        case .operationThroughput(let label):
            guard let histogram = result.histogram(.responseTime, of: label) else { return .nan }
            let seconds = result.summary.durationSeconds
            return seconds > 0 ? Double(histogram.totalCount) / seconds : 0
        }
    }

    /// Checks the objective against `result`: the measured value and whether it held.
    package func evaluate(_ result: RunResult) -> SLOSection {
        let value = actual(in: result)
        return SLOSection(expression: expression, actual: value, met: comparison.holds(value, threshold))
    }

    /// `statistic` of `histogram`.
    private static func value(_ histogram: HDRHistogram, _ statistic: SLOStatistic) -> Double {
        switch statistic {
        case .percentile(let percentile): Double(histogram.value(atPercentile: percentile))
        case .mean: histogram.mean
        case .max: Double(histogram.max)
        }
    }

    /// `value` (in this objective's unit) as text: `1.23ms`, `0.012%`, `1,950 req/s`, `12`.
    package func text(_ value: Double) -> String {
        if value.isNaN { return "not recorded" }
        return switch metric.unit {
        case .duration: LatencyText.duration(nanoseconds: value)
        case .share: SLOText.percent(value)
        case .rate: LatencyText.rate(value) + " req/s"
        case .count: LatencyText.rate(value)
        }
    }
}

extension Array where Element == SLOObjective {
    /// Every objective checked against `result`, in the order given.
    package func evaluate(_ result: RunResult) -> [SLOSection] { map { $0.evaluate(result) } }
}

/// Text of SLO figures.
package enum SLOText {
    /// A fraction as a percentage with enough decimals to show a small share: `0.012%`, `12.5%`.
    package static func percent(_ fraction: Double) -> String {
        let percent = fraction * 100
        if percent == 0 { return "0%" }
        if percent >= 10 { return String(format: "%.1f%%", percent) }
        if percent >= 0.1 { return String(format: "%.2f%%", percent) }
        return String(format: "%.2g%%", percent)
    }

    /// `section.actual` in its objective's unit (the expression is parsed again for the unit;
    /// a plain number when it does not parse, e.g. a file from a newer writer).
    package static func actual(_ section: SLOSection) -> String {
        guard let objective = try? SLOExpression.objective(section.expression) else { return String(section.actual) }
        return objective.text(section.actual)
    }

    /// The console lines of checked objectives: expression, actual value, `met` or `BREACHED`.
    package static func lines(_ sections: [SLOSection]) -> String {
        guard !sections.isEmpty else { return "" }
        let width = sections.map(\.expression.count).max() ?? 0
        var out = "service-level objectives:\n"
        for section in sections {
            out +=
                "  " + LatencyText.left(section.expression, width) + "   actual "
                + LatencyText.left(actual(section), 12) + (section.met ? "met" : "BREACHED") + "\n"
        }
        let breached = sections.filter { !$0.met }.count
        out += breached == 0 ? "  every objective met\n" : "  \(breached) of \(sections.count) objective(s) BREACHED\n"
        return out
    }

    /// The Markdown table of checked objectives (empty for none).
    package static func markdownTable(_ sections: [SLOSection]) -> String {
        guard !sections.isEmpty else { return "" }
        var out = "| objective | actual | verdict |\n|---|---:|---|\n"
        for section in sections {
            let expression = section.expression.replacingOccurrences(of: "|", with: "\\|")
            out += "| `\(expression)` | \(actual(section)) | \(section.met ? "met" : "**BREACHED**") |\n"
        }
        return out
    }
}
