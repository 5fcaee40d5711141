import Foundation

/// Prometheus text exposition format 0.0.4, as node_exporter's textfile collector reads it: per
/// family one `# HELP` and one `# TYPE` line, then its samples; no timestamps (the collector
/// refuses them); a final newline.
package enum PrometheusText {
    /// The exposition of `metrics`. Times in seconds (Prometheus' base unit); samples sorted so
    /// that equal figures always give the same bytes.
    package static func render(_ metrics: LiveMetrics) -> String {
        var text = ""
        func family(
            _ name: String,
            _ type: String,
            _ help: String,
            _ samples: [(labels: [String: String], value: Double)]
        ) {
            text += "# HELP \(name) \(escapeHelp(help))\n# TYPE \(name) \(type)\n"
            for sample in samples {
                text +=
                    name + labelText(metrics.labels.merging(sample.labels) { $1 }) + " " + number(sample.value) + "\n"
            }
        }
        family(
            "authz_bench_running",
            "gauge",
            "1 while the run measures, 0 once it has ended.",
            [([:], metrics.running ? 1 : 0)]
        )
        family(
            "authz_bench_intervals_total",
            "counter",
            "Measured intervals (seconds) completed.",
            [([:], Double(metrics.intervals))]
        )
        // The last interval's gauges mean nothing before the first interval: no sample until then.
        let measured = metrics.intervals > 0
        family(
            "authz_bench_achieved_rate",
            "gauge",
            "Requests completed per second in the last interval.",
            measured ? [([:], metrics.rate)] : []
        )
        family(
            "authz_bench_requests_in_flight",
            "gauge",
            "Requests sent and not yet answered at the end of the last interval.",
            measured ? [([:], Double(metrics.inFlight))] : []
        )
        family(
            "authz_bench_response_time_seconds",
            "gauge",
            "Response time (from the intended start) of the last interval's requests, by percentile.",
            measured
                ? [
                    (["percentile": "50"], Double(metrics.responseP50Nanos) / 1e9),
                    (["percentile": "99"], Double(metrics.responseP99Nanos) / 1e9),
                ] : []
        )
        family(
            "authz_bench_requests_total",
            "counter",
            "Requests completed since the start of the measured phase, by result code.",
            metrics.codes.sorted { $0.key < $1.key }.map { (["code": $0.key], Double($0.value)) }
        )
        return text
    }

    /// `{a="x",b="y"}` with names sorted, or nothing without labels.
    static func labelText(_ labels: [String: String]) -> String {
        guard !labels.isEmpty else { return "" }
        return "{"
            + labels.sorted { $0.key < $1.key }.map { "\(labelName($0.key))=\"\(escapeLabelValue($0.value))\"" }
            .joined(separator: ",") + "}"
    }

    /// A label value with backslash, double quote and line feed escaped, as the format requires.
    package static func escapeLabelValue(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// HELP text with backslash and line feed escaped.
    static func escapeHelp(_ help: String) -> String {
        help.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// A label name as the format allows (`[a-zA-Z_][a-zA-Z0-9_]*`): other characters become `_`.
    static func labelName(_ name: String) -> String {
        var out = ""
        for (offset, scalar) in name.unicodeScalars.enumerated() {
            let ok =
                scalar.isASCII
                && (scalar == "_" || CharacterSet.letters.contains(scalar)
                    || (offset > 0 && CharacterSet.decimalDigits.contains(scalar)))
            out.unicodeScalars.append(ok ? scalar : "_")
        }
        return out.isEmpty ? "_" : out
    }

    /// A sample value: integers without a fraction, `+Inf`/`-Inf`/`NaN` as the format spells them.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
