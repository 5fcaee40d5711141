// Java's `%W.Pf` as `java.util.Formatter` prints it with Locale.US: the shortest round-trip decimal
// digits of the double, rounded HALF_UP to P decimals, right-aligned in W columns. C's printf rounds
// the exact binary value instead (0.15 -> "0.1" in C, "0.2" in Java), so .hgrm files that must match
// HdrHistogram's Java output use this.

/// Java-compatible fixed-point formatting (`%W.Pf`, `%Wd`) for HdrHistogram text output.
public enum JavaFixedFormat {
    /// `value` as Java's `String.format(Locale.US, "%<width>.<decimals>f", value)`.
    public static func fixed(_ value: Double, decimals: Int, width: Int = 0) -> String {
        pad(unpadded(value, decimals: decimals), to: width)
    }

    /// `value` as Java's `%<width>d`.
    public static func integer<T: BinaryInteger>(_ value: T, width: Int = 0) -> String {
        pad(String(value), to: width)
    }

    /// `text` right-aligned in `width` columns (never truncated).
    public static func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    private static func unpadded(_ value: Double, decimals: Int) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        let negative = value.sign == .minus
        // Shortest round-trip digits and the position of the decimal point.
        let text = value.magnitude.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0].split(separator: ".", maxSplits: 1)
        let integerDigits = Array(mantissa[0].utf8).map { Int($0) - 48 }
        let fractionDigits = mantissa.count == 2 ? Array(mantissa[1].utf8).map { Int($0) - 48 } : []
        var digits = integerDigits + fractionDigits
        var pointPosition = integerDigits.count + exponent  // digits before the decimal point
        // Keep `pointPosition + decimals` digits, rounding half up on the first dropped digit.
        let keep = pointPosition + decimals
        if keep < digits.count {
            let roundUp = keep >= 0 && digits[keep] >= 5
            digits = keep > 0 ? Array(digits[0..<keep]) : []
            if keep < 0 { pointPosition = -decimals }
            if roundUp {
                var position = digits.count - 1
                while position >= 0 {
                    if digits[position] == 9 {
                        digits[position] = 0
                        position -= 1
                    } else {
                        digits[position] += 1
                        break
                    }
                }
                if position < 0 {
                    digits.insert(1, at: 0)
                    pointPosition += 1
                }
            }
        }
        // Lay the digits out around the decimal point.
        var integerPart = ""
        var fractionPart = ""
        for position in 0..<max(pointPosition, 0) {
            integerPart.append(position < digits.count ? Character(String(digits[position])) : "0")
        }
        if integerPart.isEmpty { integerPart = "0" }
        for place in 0..<decimals {
            let position = pointPosition + place
            fractionPart.append(position >= 0 && position < digits.count ? Character(String(digits[position])) : "0")
        }
        let body = decimals > 0 ? integerPart + "." + fractionPart : integerPart
        return negative ? "-" + body : body
    }
}
