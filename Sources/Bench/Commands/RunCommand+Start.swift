import BenchHarness
import BenchResults
import Foundation

extension RunCommand {
    /// The synchronised start of `--start-at TIME [--start-grace D]`, nil without `--start-at`.
    ///
    /// - Throws: `CLIError.usage` naming `--start-at` and the forms it takes for a malformed time,
    ///   or naming `--start-grace` for a bad duration.
    static func startPlan(_ args: Arguments) throws -> StartPlan? {
        guard let text = args.value("start-at") else {
            if args.value("start-grace") != nil { throw CLIError.usage("--start-grace needs --start-at") }
            return nil
        }
        let epochNanos: Int64
        switch StartPlan.parse(text) {
        case .success(let nanos): epochNanos = nanos
        case .failure(.malformed):
            throw CLIError.usage(
                "--start-at \(text): expected an RFC 3339 UTC time (2026-11-23T19:00:00Z, "
                    + "optionally with fractional seconds) or Unix epoch milliseconds"
            )
        case .failure(.outOfRange):
            throw CLIError.usage("--start-at \(text): outside the times a start can name, \(StartPlan.schedulable)")
        }
        let graceMillis = try args.durationMillis("start-grace", default: 2_000)
        guard graceMillis >= 0 else { throw CLIError.usage("--start-grace must not be negative") }
        let (graceNanos, overflow) = graceMillis.multipliedReportingOverflow(by: 1_000_000)
        guard !overflow else {
            throw CLIError.usage(
                "--start-grace \(args.value("start-grace") ?? ""): too long (at most 106751d, "
                    + "what nanoseconds in 64 bits hold)"
            )
        }
        return StartPlan(epochNanos: epochNanos, graceNanos: graceNanos)
    }

    /// Runs the harness with the synchronised start and the streamed `.hlog` (`hlog`: its path);
    /// nil when the process missed its start (one line printed, nothing written: exit 3).
    static func runHarness(
        _ scenario: Scenario,
        rssSampleMillis: Int64,
        progress: ((String) -> Void)?,
        recordTrace: Bool,
        start: StartPlan?,
        hlog: String?,
        metrics: MetricsTextfile? = nil
    ) throws -> RunResult? {
        do {
            return try Harness.run(
                scenario,
                rssSampleMillis: rssSampleMillis,
                progress: progress,
                recordTrace: recordTrace,
                start: start,
                intervalSink: hlog.map { IntervalLogSink(path: $0, scenario: scenario) },
                stop: .process,
                onInterval: metrics.map { liveMetricsHook(metricsHook($0)) }
            )
        } catch let missed as MissedStart {
            printError("authz-bench run: \(missed.message)")
            return nil
        }
    }
}
