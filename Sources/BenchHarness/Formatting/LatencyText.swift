import Foundation

/// Human units for nanosecond values and counts in the console report.
package enum LatencyText {
    /// `850ns`, `12.3µs`, `1.23ms`, `2.50s`: three significant digits, unit by magnitude.
    package static func duration(nanoseconds value: Double) -> String {
        let units: [(Double, String)] = [(1e9, "s"), (1e6, "ms"), (1e3, "µs")]
        for (scale, unit) in units where value >= scale * 0.9995 {
            return threeDigits(value / scale) + unit
        }
        return String(format: "%.0f", value) + "ns"
    }

    /// `duration(nanoseconds:)` of an integer value.
    package static func duration(_ value: UInt64) -> String { duration(nanoseconds: Double(value)) }

    /// A count with thousands separators: `1,234,567`.
    package static func count(_ value: some BinaryInteger) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return value < 0 ? "-" + out : out
    }

    /// A rate in requests/s with thousands separators (`19,987`).
    package static func rate(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        return count(Int64(value.rounded()))
    }

    /// `x` with three significant digits (`1.23`, `12.3`, `123`).
    package static func threeDigits(_ x: Double) -> String {
        if x >= 99.95 { return String(format: "%.0f", x) }
        if x >= 9.995 { return String(format: "%.1f", x) }
        return String(format: "%.2f", x)
    }

    /// `text` right-aligned in `width` columns (never cut).
    package static func right(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// `text` left-aligned in `width` columns (never cut).
    package static func left(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
