import BenchHarness
import HDRHistogram

/// One histogram in a result file (an `H` of the result schema): percentiles in integer nanoseconds and the
/// whole histogram as a V2 compressed base64 payload (`HISTF...`).
package struct HistogramSummary: Codable, Sendable, Equatable {
    /// Recorded values.
    package var count: UInt64
    /// Lowest recorded value (lowest equivalent value of its slot), ns.
    package var min: UInt64
    /// Mean of the recorded values, ns (may be fractional).
    package var mean: Double
    /// Median, ns.
    package var p50: UInt64
    /// 90th percentile, ns.
    package var p90: UInt64
    /// 99th percentile, ns.
    package var p99: UInt64
    /// 99.9th percentile, ns (key `p99.9`).
    package var p999: UInt64
    /// 99.99th percentile, ns (key `p99.99`).
    package var p9999: UInt64
    /// Highest recorded value (highest equivalent value of its slot), ns.
    package var max: UInt64
    /// The histogram, V2 compressed and base64 encoded (HdrHistogram's `HISTF...` payload).
    package var histogram: String

    /// The JSON keys: the percentile keys contain a dot.
    package enum CodingKeys: String, CodingKey {
        case count, min, mean, p50, p90, p99
        case p999 = "p99.9"
        case p9999 = "p99.99"
        case max, histogram
    }

    /// The percentiles reported for every histogram, with their labels.
    package static let percentiles: [(label: String, percentile: Double)] = [
        ("p50", 50), ("p90", 90), ("p99", 99), ("p99.9", 99.9), ("p99.99", 99.99),
    ]

    /// The figures a summary states of its histogram, computed from it: what a writer writes
    /// and what a reader checks a file's figures against.
    package struct Figures: Sendable, Equatable {
        /// Lowest, mean, percentiles and highest, as the summary's keys hold them.
        package var min: UInt64, mean: Double, p50: UInt64, p90: UInt64, p99: UInt64, p999: UInt64, p9999: UInt64
        /// See ``min``.
        package var max: UInt64

        /// The figures of `histogram`.
        package init(_ histogram: HDRHistogram) {
            min = histogram.min
            mean = histogram.mean
            let values = histogram.values(atPercentiles: [50, 90, 99, 99.9, 99.99])
            (p50, p90, p99, p999, p9999) = (values[0], values[1], values[2], values[3], values[4])
            max = histogram.max
        }
    }

    /// Summarises `histogram` and encodes it.
    ///
    /// - Throws: `BenchError` (`failure`) when the histogram cannot be compressed (a zlib failure).
    package init(_ histogram: HDRHistogram) throws(BenchError) {
        let figures = Figures(histogram)
        count = histogram.totalCount
        min = figures.min
        mean = figures.mean
        p50 = figures.p50
        p90 = figures.p90
        p99 = figures.p99
        p999 = figures.p999
        p9999 = figures.p9999
        max = figures.max
        do {
            self.histogram = try histogram.encodedBase64()
        } catch {
            throw BenchError.failure("cannot encode a histogram: \(error.message)")
        }
    }

    /// Decodes the `histogram` payload; `file` and `path` name it in the one-line error.
    ///
    /// - Throws: `BenchError.badInput` when the payload is not a V2 compressed histogram, or its count
    ///   disagrees with `count`.
    package func decoded(file: String, path: String) throws(BenchError) -> HDRHistogram {
        let decoded: HDRHistogram
        do {
            decoded = try HDRHistogram(decodingBase64: histogram)
        } catch {
            throw .badInput("\(file): \(path).histogram: not a V2 compressed histogram: \(error.message)")
        }
        guard decoded.totalCount == count else {
            throw .badInput(
                "\(file): \(path).histogram: holds \(decoded.totalCount) values but \(path).count says \(count)"
            )
        }
        return decoded
    }
}
