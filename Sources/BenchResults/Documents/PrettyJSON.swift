import BenchHarness
import Foundation

/// The JSON layout of every file the CLI writes: pretty-printed, keys sorted (the same value always
/// gives the same bytes), slashes unescaped, a final newline.
package enum PrettyJSON {
    /// `value` encoded; `what` names it in the error (exit 1) if encoding fails.
    ///
    /// `nonFinite` spells infinities and NaN as strings (`"inf"`, `"-inf"`, `"nan"`) instead of
    /// failing, for values that may legitimately be unbounded (a change from a zero baseline).
    package static func data(_ value: some Encodable, what: String, nonFinite: Bool = false) throws(BenchError) -> Data
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if nonFinite {
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "inf",
                negativeInfinity: "-inf",
                nan: "nan"
            )
        }
        do {
            var data = try encoder.encode(value)
            data.append(0x0A)
            return data
        } catch {
            throw BenchError.failure("cannot encode \(what): \(error)")
        }
    }
}
