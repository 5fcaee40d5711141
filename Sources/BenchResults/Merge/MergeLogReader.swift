import BenchHarness
import HDRHistogram

/// Reads one `.hlog` merge input a chunk at a time: each interval is decoded, added to this log's
/// running histogram of its kind, reduced to a `MergeInput.Interval` (start, length, requests) and
/// dropped. Memory is thus the histograms being added (one per kind) plus 24 bytes per interval,
/// whatever the length of the run.
struct MergeLogReader {
    /// The path as given.
    let file: String
    /// This log's histograms per kind (untagged intervals count as response time).
    private(set) var latency: [LatencyKind: HDRHistogram] = [:]
    /// This log's requests-in-flight histogram (nil: none read).
    private(set) var inFlight: HDRHistogram?
    /// This log's histograms per operation, from the tags `OP.KIND` (`check.inline`); an
    /// operation's `responseTime` is added from its `inline` and `parked` in ``finish()``.
    private(set) var operations: OperationLatency = [:]
    private var log = HDRLog()
    private var lineNumber = 0
    private var pending: [UInt8] = []
    private var hasRunLine = false
    private var hasEndLine = false
    private var intervals: [MergeInput.Interval] = []
    private var requests = 0
    private var entries = 0
    private var tags: Set<String> = []
    private var start = Double.infinity
    private var end = 0.0

    /// A reader of the log at `file` (the name used in errors).
    init(file: String) {
        self.file = file
    }

    /// Reads the lines `chunk` completes; keeps an unfinished last line for the next chunk.
    ///
    /// - Throws: `BenchError.badInput` naming the file and line (see ``finish()``).
    mutating func feed(_ chunk: ArraySlice<UInt8>) throws(BenchError) {
        var rest = chunk
        while let newline = rest.firstIndex(of: 0x0A) {
            if pending.isEmpty {
                try line(rest[..<newline], terminated: true)
            } else {
                pending += rest[..<newline]
                let whole = pending
                pending.removeAll(keepingCapacity: true)
                try line(whole[...], terminated: true)
            }
            rest = rest[(newline + 1)...]
        }
        pending += rest
        guard pending.count <= MergeInputFile.lineLimit else {
            throw .badInput(
                "\(file): line \(lineNumber + 1): longer than \(MergeInputFile.lineLimit) bytes; "
                    + "expected an .hlog interval log (format 1.3)"
            )
        }
    }

    /// Reads the last line (when the file does not end with a line break) and returns the input.
    ///
    /// - Throws: `BenchError.badInput` naming the file (and line) when a line is binary, malformed,
    ///   has an unknown tag or a time beyond `MergeInput.maxSeconds`, a metadata line is malformed,
    ///   or the log holds neither intervals nor the authz-bench run line.
    mutating func finish() throws(BenchError) -> MergeInput {
        if !pending.isEmpty {
            let last = pending
            pending = []
            try line(last[...], terminated: false)
        }
        let metadata = try LogMetadata(log, file: file)
        for label in operations.keys {
            var response = operations[label]?[.inline] ?? HDRHistogram()
            response.add(operations[label]?[.parked] ?? HDRHistogram())
            operations[label]?[.responseTime] = response
            for kind in OperationLabel.kinds where operations[label]?[kind] == nil {
                operations[label]?[kind] = HDRHistogram()
            }
        }
        guard entries > 0 || metadata.hasRunLine else {
            throw .badInput(
                "\(file): no interval histograms; expected an .hlog interval log (format 1.3) or a result JSON"
            )
        }
        return MergeInput(
            file: file,
            isResult: false,
            identity: metadata.identity,
            requests: requests,
            window: start <= end ? (start, end) : (0, 0),
            intervals: intervals,
            truncation: Self.truncation(metadata, held: intervals.count),
            recordsByPath: LatencyKind.byPath.allSatisfy { tags.contains($0.rawValue) },
            // A log without requests has nothing to record apart: it leaves the merge's figures as they are.
            recordsByOperation: !operations.isEmpty || requests == 0
        )
    }

    /// For a log with the run line: the intervals it holds and planned, when it ends early. Killed
    /// (no end line), or fewer intervals than the end line or the planned phase says. A log whose
    /// end line says it ended normally with no measured interval holds no data but lost none: it
    /// is not truncated (`merge` says it added nothing).
    static func truncation(_ metadata: LogMetadata, held: Int) -> (intervals: Int, planned: Int)? {
        guard metadata.hasRunLine else { return nil }
        guard let ended = metadata.endIntervals else { return (held, Self.planned(metadata) ?? held) }
        if ended == 0, held == 0 { return nil }
        let expected = Swift.max(Self.planned(metadata) ?? held, ended)
        return held < expected ? (held, expected) : nil
    }

    /// The intervals the run planned: `plannedSeconds` rounded up, to the millisecond first so
    /// that 20.000 written as 20.0000001 still plans 20 (at most `MergeInput.maxSeconds`: no trap).
    private static func planned(_ metadata: LogMetadata) -> Int? {
        metadata.identity.plannedSeconds.map { Int((($0 * 1000).rounded() / 1000).rounded(.up)) }
    }

    private mutating func line(_ bytes: ArraySlice<UInt8>, terminated: Bool) throws(BenchError) {
        lineNumber += 1
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            throw .badInput(
                "\(file): line \(lineNumber): binary data; expected an .hlog interval log (text) or an authz-bench result JSON"
            )
        }
        // A killed writer may leave half a line: drop it when the log can say it is truncated.
        if !terminated, hasRunLine, !hasEndLine, !text.hasPrefix("#[authz-bench-end: ") { return }
        if text.hasPrefix("#[authz-bench-run: ") { hasRunLine = true }
        if text.hasPrefix("#[authz-bench-end: ") { hasEndLine = true }
        let entry: HDRLogEntry
        do {
            guard let read = try log.read(line: Substring(text), lineNumber: lineNumber) else { return }
            entry = read
        } catch {
            throw .badInput(
                "\(file): line \(error.line): \(error.message); expected an .hlog interval log (format 1.3)"
            )
        }
        try add(entry)
    }

    private mutating func add(_ entry: HDRLogEntry) throws(BenchError) {
        entries += 1
        guard entry.histogram.totalCount <= UInt64(MergeInput.maxCount) else {
            throw .badInput(
                "\(file): line \(lineNumber): the interval holds \(entry.histogram.totalCount) values; "
                    + "expected at most \(MergeInput.maxCount)"
            )
        }
        if let tag = entry.tag { tags.insert(tag) }
        if entry.tag == HistogramFiles.inFlightTag {
            var sum = inFlight ?? HDRHistogram()
            sum.add(entry.histogram)
            inFlight = sum
            return
        }
        if let tag = entry.tag, let (label, rest) = OperationLabel.split(Substring(tag)) {
            guard let kind = LatencyKind(rawValue: String(rest)), HistogramFiles.hlogOperationKinds.contains(kind)
            else {
                let kinds = HistogramFiles.hlogOperationKinds.map { "\(label.name).\($0.rawValue)" }
                throw .badInput(
                    "\(file): line \(lineNumber): unknown tag \(tag); expected one of \(kinds.joined(separator: ", "))"
                )
            }
            operations[label, default: [:]][kind, default: HDRHistogram()].add(entry.histogram)
            return
        }
        let kind: LatencyKind
        if let tag = entry.tag {
            guard let known = LatencyKind(rawValue: tag) else {
                let tags = LatencyKind.allCases.map(\.rawValue) + [HistogramFiles.inFlightTag, "OPERATION.KIND"]
                throw .badInput(
                    "\(file): line \(lineNumber): unknown tag \(tag); expected one of \(tags.joined(separator: ", "))"
                )
            }
            kind = known
        } else {
            kind = .responseTime
        }
        for (name, value) in [("start", entry.startSeconds), ("length", entry.lengthSeconds)]
        where value > MergeInput.maxSeconds {
            throw .badInput(
                "\(file): line \(lineNumber): interval \(name) \(value) is beyond \(MergeInput.maxSecondsText) seconds; "
                    + "expected the seconds of a run"
            )
        }
        latency[kind, default: HDRHistogram()].add(entry.histogram)
        start = Swift.min(start, entry.startSeconds)
        end = Swift.max(end, entry.startSeconds + entry.lengthSeconds)
        if kind == .responseTime {
            let count = Int(entry.histogram.totalCount)
            requests += count
            guard requests <= MergeInput.maxCount else {
                throw .badInput(
                    "\(file): line \(lineNumber): more than \(MergeInput.maxCount) requests in the log; expected the counts of a run"
                )
            }
            intervals.append(.init(start: entry.startSeconds, length: entry.lengthSeconds, requests: count))
        }
    }
}
