import BenchHarness
import HDRHistogram

/// The range and consistency checks of the figures a result file gives, one place for every file
/// kind `compare`, `report` and `merge` read: each failure is one line naming the file, the JSON
/// path (`$.summary.failureShare`) and what was expected.
///
/// A figure that no run can give (a share above 1, a negative rate, a count beyond ``maxCount``)
/// is refused, and so is one that disagrees with what it is derived from (a percentile with its
/// histogram, a rate with its requests and duration): the gate and the report must never believe
/// a summary its own data contradicts.
package struct FigureCheck {
    /// The file, as errors name it.
    package let file: String

    /// A check of the figures of `file`.
    package init(file: String) {
        self.file = file
    }

    /// The largest count a file may give (requests, a code's count, a counter): 2^48, beyond any
    /// run, so that sums over thousands of inputs cannot overflow.
    package static let maxCount = 1 << 48
    /// The largest time a file may give, seconds: 1e10 s, over 300 years, beyond any run and
    /// within what a timeline can place without overflow.
    package static let maxSeconds = 1e10
    /// ``maxSeconds`` as messages print it.
    package static let maxSecondsText = "1e10"
    /// The most distinct codes one code map may hold (`summary.errors`, `summary.failures`,
    /// `attacks.expected`): the engine has a few dozen.
    package static let maxCodes = 256
    /// The most characters of a code name, a stage name or another key made of letters.
    package static let maxNameLength = 64
    /// The most characters of a free-text value (a host, a reason).
    package static let maxTextLength = 1_000

    /// The error of `path` holding `value` where `expected` was.
    package func fail(_ path: String, _ expected: String, _ value: String) -> BenchError {
        .badInput("\(file): \(path): expected \(expected), got \(value)")
    }

    /// A count in 0...`maximum`.
    package func count(_ value: Int, _ path: String, atMost maximum: Int = maxCount) throws(BenchError) {
        guard (0...maximum).contains(value) else { throw fail(path, "a count from 0 to \(maximum)", "\(value)") }
    }

    /// A finite number in `range`; `what` says what it is (`a rate`).
    package func number(
        _ value: Double,
        _ path: String,
        in range: ClosedRange<Double>,
        _ what: String
    ) throws(BenchError) {
        guard value.isFinite, range.contains(value) else {
            throw fail(path, "\(what) from \(range.lowerBound) to \(range.upperBound)", "\(value)")
        }
    }

    /// Seconds in 0...``maxSeconds``.
    package func seconds(_ value: Double, _ path: String) throws(BenchError) {
        guard value.isFinite, value >= 0, value <= Self.maxSeconds else {
            throw fail(path, "a number of seconds from 0 to \(Self.maxSecondsText)", "\(value)")
        }
    }

    /// A share (a ratio) in 0...1.
    package func share(_ value: Double, _ path: String) throws(BenchError) {
        try number(value, path, in: 0...1, "a share")
    }

    /// `value` equal to `derived` (what `source` gives) within rounding.
    package func agrees(_ value: Double, _ derived: Double, _ path: String, _ source: String) throws(BenchError) {
        guard abs(value - derived) <= 1e-9 * Swift.max(1, abs(derived)) else {
            throw .badInput(
                "\(file): \(path): \(value) disagrees with \(source) (\(derived)); expected the figure they give"
            )
        }
    }

    /// A code map: at most ``maxCodes`` codes, each named in capitals, digits and `_`, each
    /// counted 0...`total`.
    package func codes(_ map: [String: Int], _ path: String, total: Int = maxCount) throws(BenchError) {
        guard map.count <= Self.maxCodes else {
            throw fail(path, "at most \(Self.maxCodes) codes", "\(map.count)")
        }
        for (code, value) in map {
            try name(
                code,
                path,
                allowed: { $0.isUppercase || $0.isNumber || $0 == "_" },
                "a code such as NOT_AUTHORIZED"
            )
            try count(value, "\(path).\(code)", atMost: total)
        }
    }

    /// A key or name of 1...``maxNameLength`` ASCII characters that `allowed` accepts.
    package func name(
        _ text: String,
        _ path: String,
        allowed: (Character) -> Bool,
        _ expected: String
    ) throws(BenchError) {
        guard (1...Self.maxNameLength).contains(text.count), text.allSatisfy({ $0.isASCII && allowed($0) }) else {
            throw fail(path, "\(expected) (at most \(Self.maxNameLength) characters)", "\"\(text.prefix(80))\"")
        }
    }

    /// Free text of at most ``maxTextLength`` characters.
    package func text(_ value: String, _ path: String) throws(BenchError) {
        guard value.count <= Self.maxTextLength else {
            throw fail(path, "text of at most \(Self.maxTextLength) characters", "\(value.count) characters")
        }
    }

    /// The JSON path of `key` under `path`: `$.a.b`, or `$.a["p99.9"]` for a key with a dot.
    package static func member(_ path: String, _ key: String) -> String {
        key.contains(".") ? "\(path)[\"\(key)\"]" : "\(path).\(key)"
    }

    /// Every figure of `summary` is its histogram's (`histogram`, decoded from it): the count, the
    /// minimum, mean, percentiles and maximum.
    package func histogram(_ summary: HistogramSummary, _ histogram: HDRHistogram, _ path: String) throws(BenchError) {
        let figures = HistogramSummary.Figures(histogram)
        let pairs: [(String, UInt64, UInt64)] = [
            ("min", summary.min, figures.min), ("p50", summary.p50, figures.p50), ("p90", summary.p90, figures.p90),
            ("p99", summary.p99, figures.p99), ("p99.9", summary.p999, figures.p999),
            ("p99.99", summary.p9999, figures.p9999), ("max", summary.max, figures.max),
        ]
        for (key, given, derived) in pairs where given != derived {
            throw .badInput(
                "\(file): \(Self.member(path, key)): \(given) disagrees with \(path).histogram (\(derived)); "
                    + "expected the histogram's figures"
            )
        }
        try agrees(summary.mean, figures.mean, "\(path).mean", "\(path).histogram")
    }
}
