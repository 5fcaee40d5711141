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
        var stream = TextLineStream(source: "", maxLineBytes: .max)
        try stream.feed(bytes[...], body)
        try stream.finish(body)
    }
}

/// The lines of a text read a chunk at a time (`TextLines`' rules): a line cut by a chunk's end
/// is held until the next chunk completes it, so memory is one chunk and one line.
struct TextLineStream {
    /// The file, as errors name it.
    let source: String
    /// The longest line taken, bytes.
    let maxLineBytes: Int
    /// Lines handed out so far.
    private(set) var lineNumber = 0
    private var pending: [UInt8] = []

    /// A stream for `source` whose lines are at most `maxLineBytes` long.
    init(source: String, maxLineBytes: Int) {
        self.source = source
        self.maxLineBytes = maxLineBytes
    }

    /// Hands `body` every line `chunk` completes.
    ///
    /// - Throws: `BenchError.badInput` naming the file and line when a line is longer than
    ///   ``maxLineBytes``; what `body` throws.
    mutating func feed(
        _ chunk: ArraySlice<UInt8>,
        _ body: (_ number: Int, _ line: ArraySlice<UInt8>) throws(BenchError) -> Void
    ) throws(BenchError) {
        var rest = chunk
        while let newline = rest.firstIndex(of: 0x0A) {
            if pending.isEmpty {
                try line(rest[..<newline], body)
            } else {
                pending += rest[..<newline]
                let whole = pending
                pending.removeAll(keepingCapacity: true)
                try line(whole[...], body)
            }
            rest = rest[(newline + 1)...]
        }
        pending += rest
        guard pending.count <= maxLineBytes else { throw tooLong(lineNumber + 1) }
    }

    /// Hands `body` the last line when the text does not end with a newline.
    mutating func finish(
        _ body: (_ number: Int, _ line: ArraySlice<UInt8>) throws(BenchError) -> Void
    ) throws(BenchError) {
        guard !pending.isEmpty else { return }
        let last = pending
        pending = []
        try line(last[...], body)
    }

    private mutating func line(
        _ bytes: ArraySlice<UInt8>,
        _ body: (_ number: Int, _ line: ArraySlice<UInt8>) throws(BenchError) -> Void
    ) throws(BenchError) {
        lineNumber += 1
        guard bytes.count <= maxLineBytes else { throw tooLong(lineNumber) }
        try body(lineNumber, bytes.last == 0x0D ? bytes.dropLast() : bytes)
    }

    private func tooLong(_ number: Int) -> BenchError {
        .badInput("\(source):\(number): longer than \(maxLineBytes) bytes; expected a line of a trace")
    }
}
