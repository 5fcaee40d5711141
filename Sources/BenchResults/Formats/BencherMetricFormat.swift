import BenchHarness
import Foundation

/// Bencher Metric Format (BMF) JSON, what `bencher run --adapter json --file FILE` reads:
/// `{"<benchmark>": {"<measure slug>": {"value": x, "lower_value": y, "upper_value": z}}}`, one
/// object per benchmark, one metric per measure; the bounds are left out when unknown. Written by
/// `run`, `micro` and `sweep` with `--format bmf --json FILE`.
package enum BencherMetricFormat {
    /// One metric: a figure and its optional bounds.
    package struct Metric: Codable, Sendable, Equatable {
        /// The figure.
        package var value: Double
        /// Lower bound, at most `value`.
        package var lowerValue: Double?
        /// Upper bound, at least `value`.
        package var upperValue: Double?

        /// Bencher's key spelling.
        package enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }
    }

    /// The document: metrics by measure by benchmark.
    ///
    /// - Throws: `BenchError.failure` when two figures share a benchmark and a measure (a series
    ///   would silently lose one of them).
    package static func document(_ figures: [BenchmarkFigure]) throws(BenchError) -> [String: [String: Metric]] {
        var document: [String: [String: Metric]] = [:]
        for figure in figures {
            guard document[figure.benchmark]?[figure.measure] == nil else {
                throw .failure("two figures for benchmark '\(figure.benchmark)', measure '\(figure.measure)'")
            }
            document[figure.benchmark, default: [:]][figure.measure] =
                Metric(value: figure.value, lowerValue: figure.lower, upperValue: figure.upper)
        }
        return document
    }

    /// Pretty-printed, key-sorted JSON with a final newline.
    package static func jsonData(_ figures: [BenchmarkFigure]) throws(BenchError) -> Data {
        try PrettyJSON.data(try document(figures), what: "the Bencher metrics")
    }
}
