import Foundation

/// Parses and writes human durations: a non-negative integer followed by `ms`, `s`, `m`, `h` or
/// `d` (and `us`, `µs`, `ns` where finer units make sense).
package enum DurationText {
    /// What a duration option expects, in the words of its usage error.
    package static let expectation = "a duration such as 500ms, 30s, 5m, 2h or 1d"

    /// The units of ``millis(_:)``, largest last.
    private static let units: [(String, Int64)] = [
        ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
    ]

    /// The duration in milliseconds, or nil if `text` is not a duration.
    package static func millis(_ text: String) -> Int64? {
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            let digits = text.dropLast(suffix.count)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int64(digits)
            else { return nil }
            let (product, overflow) = value.multipliedReportingOverflow(by: scale)
            return overflow ? nil : product
        }
        return nil
    }

    /// The duration in microseconds (`us` and `µs` accepted besides the units of `millis`).
    package static func micros(_ text: String) -> Int64? { finer(text, ["us", "µs"], millis) }

    /// The duration in nanoseconds (`ns` accepted besides the units of `micros`).
    package static func nanos(_ text: String) -> Int64? { finer(text, ["ns"], micros) }

    /// `text` in a unit of `suffixes` (a thousand times finer), or read by `coarser` and scaled.
    private static func finer(_ text: String, _ suffixes: [String], _ coarser: (String) -> Int64?) -> Int64? {
        for suffix in suffixes where text.hasSuffix(suffix) {
            let digits = text.dropLast(suffix.count)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int64(digits)
        }
        return coarser(text).flatMap { $0.multipliedReportingOverflow(by: 1_000).overflow ? nil : $0 * 1_000 }
    }

    /// `millis` as it would be typed, in the largest unit that holds it whole (`30s`, `1d`, `0ms`).
    package static func text(millis: Int64) -> String {
        let (suffix, scale) = units.last { millis % $0.1 == 0 && millis != 0 } ?? ("ms", 1)
        return "\(millis / scale)\(suffix)"
    }

    /// `micros` as it would be typed (`5ms`, `200ms`, `1s`, `750us`).
    package static func text(micros: Int64) -> String {
        micros % 1_000 == 0 ? text(millis: micros / 1_000) : "\(micros)us"
    }

    /// A number as it would be typed: `2000`, `0.02`, `1`.
    package static func number(_ value: Double) -> String { String(format: "%g", value) }
}
