import BenchHarness
import BenchResults
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `authz-bench run`: drives the AuthZCore engine with simulated devices and reports latency
/// histograms (see BenchHarness's MeasurementRules and ResultSchema articles).
enum RunCommand {
    /// The `--help` text.
    static let usage = """
        usage: authz-bench run [--scenario steady|cold-start|expiry-stampede|upstream-outage|attack-flood]
                               [--devices N] [--requestors N] [--mvpds N] [--resources N] [--zipf S] [--favorites K]
                               [--mix get=70,check=20,verify=10,logout=0,attack=0] [--alg es256|rs256|ed25519|hs256]
                               [--cache mutex|sharded|lru|sieve|tinylfu|tinylfu-fixed|s3fifo|lirs] [--capacity N] [--threads N]
                               [--rate R | --total-rate R | --stages 30s:1000,60s:5000 | --closed [--concurrency N]]
                               [--arrivals uniform|poisson] [--cold] [--shard-index-env VAR --shards N]
                               [--duration 10s] [--warmup 2s] [--seed N]
                               [--inject-stall 200ms@2s] [--authn-ttl 1d] [--authz-ttl 1h] [--stage-sample N]
                               [--upstream-latency 200ms/1s] [--upstream-deny-ratio 0.02] [--skew 30s] [--refresh-ahead 0.8|off]
                               [--upstream-errors 0.01] [--upstream-timeout 5s] [--upstream-outage 5s@20s]
                               [--upstream-max-in-flight 65536] [--deny-ttl 30s|off] [--max-start-lag 5ms|off]
                               [--json FILE] [--hgrm DIR] [--hlog FILE] [--report FILE.html] [--record-trace FILE] [--shard I/N] [--quiet]
                               [--rss-sample-interval 10s] [--force]
                               [--start-at TIME [--start-grace 2s]]
                               [--format result|github-benchmark|bmf] [--metrics-textfile FILE]
                               [--slo 'inline.p99<1ms,failures<0.1%,throughput>1900'] [--markdown FILE]

          --scenario NAME  start from a named scenario; the other flags given override it:
        \(scenarioList)
          --rate R         target total requests per second of this process (open loop, the default)
          --total-rate R   target requests per second of all the shards together: each of N runs R/N, and
                           together they send exactly the schedule of one process at R
          --stages LIST    DURATION:RATE,... ramps of this process's rate (k6's ramping arrival rate: from
                           0 req/s, each stage linear to its RATE; 0s:R is a step); the stages are the
                           measured phase (no --duration); the warm-up holds the start rate
          --arrivals A     the open loop's arrivals: uniform (evenly spaced, the default) or poisson
          --closed         closed loop: each session sends its next request when its last one is done
          --concurrency N  closed-loop sessions (default one per worker)
          --favorites K    favourite resources per device, drawn from the Zipf popularity (default 4)
          --seed N         seed of the population and every worker's operations (default 1); the engine's
                           cache hash key and sketch seeds stay random per process (a defence against
                           crafted collisions), so hit ratios may differ slightly between runs ('sweep'
                           derives them from its --seed instead)
          --cold           start from empty caches (default: every device authorized for its favourites
                           before the warm-up, untimed)
          --shard I/N      run only slice I (1-based) of N of the device population
          --shard-index-env VAR --shards N  the same with the 0-based I from variable VAR (JOB_COMPLETION_INDEX)
          --stage-sample N time the hot-path stages of 1 request in N (default 64; 0: never)
          --upstream-latency M/P   simulated upstream latency, log-normal median/p99 (equal values: constant)
                                   (alias: --backend-latency)
          --upstream-deny-ratio X  share of (requestor, resource, MVPD) combinations the upstream denies
                                   (alias: --deny-ratio)
          --refresh-ahead F        refresh a cached authorization hit past F of its lifetime (0 < F < 1; off)
          --upstream-errors X      share of upstream calls answered with an error (UPSTREAM_UNAVAILABLE)
          --upstream-timeout D     the engine's timeout per upstream call (default 5s)
          --upstream-outage D@T    the upstream refuses every call for D from T after the start of the warm-up
          --upstream-max-in-flight N  the engine's bound on upstream calls in flight (default 65536)
          --deny-ttl D     cache an upstream denial (NOT_AUTHORIZED) for D, answered inline (default off;
                           0 or off: every request for a denied combination asks the upstream)
          --max-start-lag D        the open loop's run is invalid (exit 7) when its start lag p99 exceeds D: the
                                   generator, not the code, fell behind (default 5ms; off: not checked)
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
                    outputs are written; an --hlog removed during the run too), 130/143/131 interrupted by
                    SIGINT/SIGTERM/SIGQUIT (what was measured is written, marked interrupted); an output that is
                    a symbolic link is followed; a closed standard output (| head) loses the console text only

        calibration only (never for a figure you report):
          --inject-delay D busy-wait D (500ns, 2us; at most 10ms) in every answer given inline, as if the hot path
                           cost D more: scripts/gate-sensitivity.sh finds the smallest D the gate flags
        """

    /// One help line per named scenario: its name and the flags it sets.
    static var scenarioList: String {
        NamedScenario.allCases.map { named in
            let name = named.rawValue.padding(toLength: 17, withPad: " ", startingAt: 0)
            let steady = " over run's defaults (2,000 req/s, 10,000 devices, upstream 200ms/1s)"
            return "                     \(name)\(named.flags)\(named == .steady ? steady : "")"
        }.joined(separator: "\n")
    }

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
        let format = try FormatFlag.parse(args)
        let metrics = try metricsTextfile(args, scenario: scenario)
        let objectives = try sloObjectives(args)
        try checkOutputs(args, format: format, force: args.flag("force"))

        let start = try startPlan(args)
        let quiet = args.flag("quiet")
        if !Environment.isReleaseBuild { printErrorText(Environment.debugBuildWarning) }
        let showProgress = !quiet && isatty(STDERR_FILENO) == 1
        StopRequest.installSignalHandlers()
        let hlog = args.value("hlog").map { IntervalLogSink(path: $0, scenario: scenario) }
        guard
            let outcome = try runHarness(
                scenario,
                rssSampleMillis: rssSampleMillis,
                progress: showProgress ? { line in printProgress(line) } : nil,
                recordTrace: args.value("record-trace") != nil,
                start: start,
                hlog: hlog,
                metrics: metrics
            )
        else { return .missedStart }
        if showProgress { printProgress(nil) }
        let metricsFailure = finishMetrics(metrics, outcome: outcome)

        if !quiet { print(RunReport.text(outcome), terminator: "") }
        let result = checkedResult(outcome, objectives: objectives)
        let document = try ResultDocument(result)
        try writeOutputs(
            outcome,
            document: document,
            format: format,
            args: args,
            quiet: quiet,
            failed: metricsFailure,
            hlog: hlog
        )
        if let interruption = outcome.interruption {
            printError(
                "authz-bench run: interrupted by \(interruption.signal) after "
                    + String(format: "%.1f", interruption.measuredSeconds) + " s of the measured phase; "
                    + "what was measured is written, marked interrupted and invalid"
            )
            return ExitCode(interruptedBy: interruption.signal)
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
