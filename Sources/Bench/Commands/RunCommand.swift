import BenchHarness
import BenchResults
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `authz-bench run`: drives the AuthZCore engine with simulated devices and reports latency
/// histograms (see BenchHarness's MeasurementRules and ResultSchema articles).
enum RunCommand {
    /// The `--help` text: the workload options from their table (`WorkloadFlags`), then `run`'s own.
    static var usage: String {
        """
        \(WorkloadFlags.lines(WorkloadFlags.synopsis([.population, .load]) + ownSynopsis, after: "usage: authz-bench run "))

        \(WorkloadFlags.help([.population, .load]))
          --record-trace FILE  write the measured requests (no attacks) as a trace for 'sweep --trace'
          --rss-sample-interval D  sample the resident set every D (default 10s; JSON "memory")
          --start-at TIME  set up, then start the load (the warm-up) at TIME: RFC 3339 UTC
                           (2026-11-23T19:00:00Z) or epoch milliseconds; for shards on several hosts
          --start-grace D  a process ready later than TIME + D exits 3 and writes nothing (default 2s)
          --force          allow replacing an existing output whose name contains 'baseline'
        \(FormatFlag.help)
        \(metricsHelp)
          --slo LIST       objectives checked after the run, comma-separated METRIC OP VALUE: METRIC one of
                           inline|parked|responseTime|serviceTime|startLag|upstreamWait|inFlight .pNN|.mean|.max,
                           failures (share that failed: UPSTREAM_UNAVAILABLE, wrong codes; not denials),
                           errors.CODE (share answered CODE), throughput; OP <, <=, >, >=;
                           VALUE 5ms (ns, us, ms, s), 0.1%, 1900. inline is the hot path's response time
                           (answered from the caches or rejected locally), parked the requests that
                           waited on the simulated upstream
          --markdown FILE  a short Markdown summary (headline figures, SLO table), e.g. $GITHUB_STEP_SUMMARY
        exit codes: 0 ok, 3 missed the --start-at start, 6 an SLO not met, 7 run invalid (generator saturated
                    or behind --max-start-lag, or a debug build; wins over 6), 64 usage (two outputs naming
                    one file too), 65 bad input, 66 an input missing, 73 an output path that is not a regular
                    file or not writable (checked before the run), 74 a write failed (ENOSPC, EIO: the other
                    outputs are written), 130/143 interrupted by SIGINT/SIGTERM (what was measured is written,
                    marked interrupted); an output that is a symbolic link is followed

        calibration only (never for a figure you report):
        \(WorkloadFlags.help([.calibration]))
        """
    }

    /// The synopsis of `run`'s own options, after the workload's.
    static let ownSynopsis = [
        "[--json FILE]", "[--hgrm DIR]", "[--hlog FILE]", "[--report FILE.html]", "[--record-trace FILE]", "[--quiet]",
        "[--rss-sample-interval 10s]", "[--force]", "[--start-at TIME [--start-grace 2s]]",
        "[--format result|github-benchmark|bmf]", "[--metrics-textfile FILE]",
        "[--slo 'inline.p99<1ms,failures<0.1%,throughput>1900']", "[--markdown FILE]",
    ]

    /// Options of `run` besides the workload's (`WorkloadFlags`): its outputs and the RSS sampling.
    static let valueOptions: Set<String> = [
        "json", "hgrm", "hlog", "report", "record-trace", "format", "rss-sample-interval",
        "metrics-textfile", "slo", "markdown", "start-at", "start-grace",
    ]
    /// Boolean flags of `run` besides the workload's.
    static let flagOptions: Set<String> = ["quiet", "help", "force"]

    /// Runs the command: parses and validates the scenario, checks every output, runs, writes.
    static func run(_ arguments: [String]) throws -> ExitCode {
        guard
            let args = try Arguments.optionsOnly(
                arguments,
                command: "run",
                options: WorkloadFlags.valueOptions.union(valueOptions),
                flags: WorkloadFlags.flagOptions.union(flagOptions),
                usage: usage
            )
        else { return .ok }
        let scenario = try WorkloadFlags.scenario(
            from: args,
            defaultThreads: ProcessInfo.processInfo.activeProcessorCount
        )
        try scenario.validate(quoting: args.value)
        let rssSampleMillis = try args.durationMillis("rss-sample-interval", default: 10_000)
        guard (100...86_400_000).contains(rssSampleMillis) else {
            throw CLIError.usage("--rss-sample-interval must be between 100ms and 1d")
        }
        // Check every output path before the run, so a long run does not fail at its end.
        let force = args.flag("force")
        let format = try FormatFlag.parse(args, force: force)
        try checkOutputs(args, format: format, force: force)
        let metrics = try metricsTextfile(args, scenario: scenario)
        let objectives = try sloObjectives(args)

        let start = try startPlan(args)
        let quiet = args.flag("quiet")
        if !Environment.isReleaseBuild { printError(Environment.debugBuildWarning) }
        let showProgress = !quiet && isatty(STDERR_FILENO) == 1
        StopRequest.installSignalHandlers()
        guard
            var result = try runHarness(
                scenario,
                rssSampleMillis: rssSampleMillis,
                progress: showProgress ? { line in printProgress(line) } : nil,
                recordTrace: args.value("record-trace") != nil,
                start: start,
                hlog: args.value("hlog"),
                metrics: metrics
            )
        else { return .missedStart }
        if showProgress { printProgress(nil) }
        let metricsFailure = finishMetrics(metrics, result: result)
        if !objectives.isEmpty { result.slo = objectives.evaluate(result) }

        if !quiet { print(RunReport.text(result), terminator: "") }
        let document = try ResultDocument(result)
        try writeOutputs(result, document: document, format: format, args: args, quiet: quiet, failed: metricsFailure)
        if let signal = result.summary.interrupted {
            printError(
                "authz-bench run: interrupted by \(signal) after "
                    + String(format: "%.1f", result.summary.durationSeconds) + " s of the measured phase; "
                    + "what was measured is written, marked interrupted and invalid"
            )
            return signal == "SIGTERM" ? .terminated : .interrupted
        }
        return exitCode(result)
    }

    /// Rewrites one status line on a terminal's stderr (`nil` clears it).
    private static func printProgress(_ line: String?) {
        let text = line.map { "\r\u{1B}[2K" + $0 } ?? "\r\u{1B}[2K"
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
