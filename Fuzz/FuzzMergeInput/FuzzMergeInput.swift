import BenchHarness
import BenchResults
// libFuzzer target: one `merge` input (`ResultMerger.add(bytes:file:)` then `outcome(options:)`),
// an `.hlog` (header metadata, interval lines) or a result JSON, told apart by content as `merge`
// does.
//
// Any bytes, forged shard headers and end and verdict lines included: adding either throws a
// `BenchError` with reason `badInput` and a one-line message naming the file, or gives a merge
// that either is refused the same way or has finite, non-negative figures (requests, duration,
// rate), a shard count a run can have, a coverage line of bounded length, a verdict that carries
// the input's invalidity, and a console report.
import CLibFuzzer

/// SwiftPM's name for this executable's entry point: hands over to libFuzzer's driver.
@_cdecl("FuzzMergeInput_main")
public func fuzzMergeInputMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzMergeInput(UnsafeRawPointer(data ?? UnsafePointer(bitPattern: 1)!), size)
    }
}

/// One input: see the file comment for what must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMergeInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var merger = ResultMerger()
    do {
        try merger.add(bytes: bytes, file: "fuzz.input")
        let result = try merger.outcome(options: MergeOptions(allowMissing: true)).result
        let summary = result.summary
        precondition(summary.requests >= 0, "negative requests \(summary.requests)")
        precondition(
            summary.durationSeconds.isFinite && summary.durationSeconds >= 0,
            "duration \(summary.durationSeconds)"
        )
        precondition(summary.achievedRate.isFinite && summary.achievedRate >= 0, "rate \(summary.achievedRate)")
        precondition(
            result.intervals.allSatisfy { $0.requests >= 0 && $0.startSeconds.isFinite },
            "an interval out of range"
        )
        _ = RunReport.text(result)
        if let shards = result.shards {
            precondition((1...ShardIdentity.maxShards).contains(shards.expected), "shard count \(shards.expected)")
            precondition(
                shards.coverageText.count < 4_096,
                "a coverage line of \(shards.coverageText.count) characters"
            )
        }
        if let verdict = merger.inputVerdicts.first ?? nil, !verdict.valid {
            precondition(!summary.valid, "an invalid input merged into a valid result")
        }
        precondition(
            summary.requests == Int(result.histogram(.responseTime).totalCount),
            "requests disagree with the merged histogram"
        )
    } catch {
        precondition(error.reason == .badInput, "not a bad-input error: \(error)")
        precondition(!error.message.contains("\n"), "a message of several lines: \(error.message)")
        precondition(
            error.message.hasPrefix("fuzz.input: ") || error.message.contains("fuzz.input"),
            "message does not name the file: \(error.message)"
        )
    }
    return 0
}
