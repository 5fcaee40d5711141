/// What an error or warning line may show of the input it quotes: one line, no terminal control,
/// a bounded length.
///
/// Every line `printError` writes goes through ``sanitized(_:)``, so no message, whichever command
/// or library made it, can be split by a newline in a flag's value, drive the terminal with an
/// escape sequence, or run to megabytes because it quotes a huge value.
enum ErrorLine {
    /// The longest line written, in characters.
    static let maxCharacters = 1_000
    /// The longest run of characters without a space that is shown whole (a quoted value, a
    /// path); a longer one shows its head and tail.
    static let maxWord = 200
    /// The characters shown of each end of a shortened word.
    static let wordEnds = 80

    /// `message` on one line: control characters (newlines, escape, C1) and bidirectional
    /// overrides written as `\n`, `\u{1B}`...; words longer than ``maxWord`` and lines longer than
    /// ``maxCharacters`` shortened in the middle, saying how much was left out.
    static func sanitized(_ message: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(message.unicodeScalars.count)
        for scalar in message.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                if isHidden(scalar) {
                    escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        let words = escaped.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.count > maxWord ? shortened(word, keeping: wordEnds) : String(word)
        }
        let line = words.joined(separator: " ")
        guard line.count > maxCharacters else { return line }
        return shortened(Substring(line), keeping: (maxCharacters - 60) / 2)
    }

    /// Whether `scalar` would act on the terminal rather than show: a control character (C0, DEL,
    /// C1) or a bidirectional embedding, override or isolate.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The first and last `keeping` characters of `text`, with how many were left out between.
    private static func shortened(_ text: Substring, keeping: Int) -> String {
        let omitted = text.count - 2 * keeping
        return text.prefix(keeping) + "...[\(omitted) characters left out]..." + text.suffix(keeping)
    }
}
