/// Parses human durations: a non-negative integer followed by `ms`, `s`, `m`, `h` or `d`.
package enum DurationText {
    /// The duration in milliseconds, or nil if `text` is not a duration.
    package static func millis(_ text: String) -> Int64? {
        let units: [(String, Int64)] = [("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000)]
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
}
