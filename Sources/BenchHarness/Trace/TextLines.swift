/// The lines of a trace file, as both trace formats split them: each ends with `\n` (a `\r`
/// before it is dropped); the last line's newline is optional.
enum TextLines {
    /// Calls `body` with each line's number (from 1) and bytes (without its end), in order.
    ///
    /// - Complexity: O(bytes).
    static func forEach(
        _ bytes: [UInt8],
        _ body: (_ number: Int, _ line: ArraySlice<UInt8>) throws(BenchError) -> Void
    ) throws(BenchError) {
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            lineNumber += 1
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            try body(lineNumber, bytes[start..<lineEnd])
            start = end + 1
        }
    }
}
