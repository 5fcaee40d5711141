import BenchHarness
import Foundation

/// github-action-benchmark's custom JSON: an array of `{"name", "unit", "value", "range", "extra"}`
/// (`range` and `extra` optional strings), read with `tool: customSmallerIsBetter` or
/// `tool: customBiggerIsBetter`. One file holds one direction, so `--format github-benchmark
/// --json FILE` writes two: FILE with the smaller-is-better figures (latencies) and
/// `biggerPath(for: FILE)` (`FILE` with `-bigger` before its extension) with the bigger-is-better
/// ones (throughput, hit ratios).
package enum GitHubBenchmark {
    /// One entry of the array.
    package struct Entry: Codable, Sendable, Equatable {
        /// `<benchmark> <measure>`; the action tracks a series by it.
        package var name: String
        /// The figure's unit (`ns`, `ns/op`, `req/s`, `ops/s`, `ratio`).
        package var unit: String
        /// The figure.
        package var value: Double
        /// The figure's bounds, `lower..upper` (either side empty when unknown); absent without bounds.
        package var range: String?
        /// Context shown beside the figure: which statistics the value and bounds are, the scenario.
        package var extra: String?
    }

    /// The entries of the figures that go in `direction`'s file, in order.
    package static func entries(_ figures: [BenchmarkFigure], direction: BenchmarkFigure.Direction) -> [Entry] {
        figures.filter { $0.direction == direction }.map { figure in
            var range: String?
            if figure.lower != nil || figure.upper != nil {
                range = (figure.lower.map(number) ?? "") + ".." + (figure.upper.map(number) ?? "")
            }
            return Entry(
                name: "\(figure.benchmark) \(figure.measure)",
                unit: figure.unit,
                value: figure.value,
                range: range,
                extra: figure.context
            )
        }
    }

    /// `path` with `-bigger` before its extension: `out/bench.json` -> `out/bench-bigger.json`,
    /// `bench` -> `bench-bigger`.
    package static func biggerPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 } ?? name.endIndex
        let renamed = name[..<dot] + "-bigger" + name[dot...]
        let directory = String(path.dropLast(name.count))
        return directory + renamed
    }

    /// Pretty-printed JSON array with a final newline.
    package static func jsonData(_ entries: [Entry]) throws(BenchError) -> Data {
        try PrettyJSON.data(entries, what: "the benchmark figures")
    }

    /// Writes both files atomically: the smaller-is-better entries to `path`, the bigger-is-better
    /// ones to `biggerPath(for: path)`.
    package static func write(_ figures: [BenchmarkFigure], to path: String) throws(BenchError) {
        try AtomicFile.write(try jsonData(entries(figures, direction: .biggerIsBetter)), to: biggerPath(for: path))
        try AtomicFile.write(try jsonData(entries(figures, direction: .smallerIsBetter)), to: path)
    }

    /// A bound as plain text: integers without a fraction, others with up to 6 significant digits.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.6g", value)
    }
}
