extension ComparisonReport {
    /// A GitHub-flavoured Markdown summary for `$GITHUB_STEP_SUMMARY`: title, one-line verdict, the
    /// table, and the method.
    package var markdown: String {
        var lines: [String] = []
        let title: String
        switch verdict {
        case "regression": title = "Benchmark regression"
        case "improvement": title = "Benchmark improvement"
        case "invalid": title = "Benchmark comparison: invalid results"
        default: title = "Benchmark unchanged"
        }
        lines.append("## \(title)")
        lines.append("")
        lines.append("**\(Self.escape(summaryLine))** (exit \(exitCode))")
        lines.append("")
        lines.append("| " + Self.columns.joined(separator: " | ") + " |")
        lines.append("|---|---:|---:|---:|---|---:|---|")
        for row in tableRows {
            var cells = row.map(Self.escape)
            if cells[6] != MetricVerdict.unchanged.rawValue { cells[6] = "**\(cells[6])**" }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        if let note {
            lines.append("_\(Self.escape(note))_")
        } else {
            lines.append(
                "_\(baseline.repetitions) baseline and \(candidate.repetitions) candidate repetitions; a metric "
                    + "regresses or improves when its median moves beyond \(Self.escape(Self.percent(threshold))) and the "
                    + "Mann-Whitney U test gives p < \(Comparison.alpha); the interval is a bootstrap 95% interval of the "
                    + "median change._"
            )
        }
        for line in invalid + warnings.map({ "warning: \($0)" }) {
            lines.append("")
            lines.append("- " + Self.escape(line))
        }
        lines.append("")
        lines.append(
            "Baseline: \(Self.escape(baseline.gitCommits.joined(separator: ", "))); candidate: "
                + "\(Self.escape(candidate.gitCommits.joined(separator: ", ")))."
        )
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with Markdown table and emphasis characters escaped.
    package static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            if "|*_`\\".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
