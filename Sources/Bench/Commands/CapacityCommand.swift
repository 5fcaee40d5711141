import BenchHarness
import BenchResults
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `authz-bench capacity --slo EXPR [run flags]`: the highest open-loop rate at which every SLO
/// holds and the run is valid, found by short runs (`CapacitySearch`: doubling, bisection, repeats
/// at the knee).
enum CapacityCommand {
    /// The `--help` text.
    static let usage = """
        usage: authz-bench capacity --slo 'inline.p99<1ms,failures<0.1%' [--start-rate 500] [--max-rate R]
                                    [--precision 5%] [--repeats 2] [--step-duration 5s] [--warmup 2s]
                                    [--json FILE] [--format result|github-benchmark|bmf] [--report FILE.html]
                                    [--quiet] [--force]
                                    [run's workload flags, e.g. --alg hs256 --mix get=0,check=100,verify=0 --seed N]

          --slo LIST         the objectives every step must meet (run --help lists the forms)
          --start-rate R     the first rate, requests/s (default 500); the rate doubles until a step fails
          --max-rate R       no rate above R is tried; passing at R ends the search
          --precision P      bisect until the last pass and the first fail are within P (default 5%)
          --repeats N        runs at the last pass and at the first fail (default 2); a rate passes only
                             if every one of its runs passes
          --step-duration D  the measured phase of each step (default 5s); --warmup D before it (default 2s)
          --json FILE        the capacity result (steps and knee), atomically
        \(FormatFlag.help)
                           (github-benchmark and bmf: the knee in req/s, and the response time at the knee)
          --report FILE      the HTML report with the latency-vs-offered-load chart
        A step passes when the load generator kept up (achieved rate within 99% of the step's, start lag
        p99 within --max-start-lag, default 5ms) and every objective held. --rate, --closed,
        --stages, --total-rate and --duration do not apply: the search chooses the rates.
        exit codes: 0 knee found, 6 even the start rate fails, 7 a debug build (figures not representative),
                    64 usage, 65 bad input, 73 an output that cannot be created, 74 a write failed,
                    130/143 interrupted by SIGINT/SIGTERM (the steps completed are written, no knee)
        """

    /// Options of `capacity` besides the workload's.
    static let valueOptions: Set<String> = [
        "slo", "start-rate", "max-rate", "precision", "repeats", "step-duration",
        "json", "report", "max-steps", "format",
    ]
    /// Boolean flags of `capacity` besides the workload's.
    static let flagOptions: Set<String> = ["quiet", "help", "force"]
    /// Workload options that shape the load over time: the search owns them.
    static let rejectedOptions = ["rate", "duration", "stages", "total-rate", "closed"]

    /// Runs the command: parses everything, then the search, step by step.
    static func run(_ arguments: [String]) throws -> ExitCode {
        guard
            let args = try Arguments.optionsOnly(
                arguments,
                command: "capacity",
                options: WorkloadFlags.valueOptions.union(valueOptions).union(["stages", "total-rate"]),
                flags: WorkloadFlags.flagOptions.union(flagOptions),
                usage: usage
            )
        else { return .ok }
        for name in rejectedOptions where args.value(name) != nil || args.flag(name) {
            throw CLIError.usage(
                "--\(name) does not apply to capacity: it runs open-loop steps at the rates it chooses "
                    + "(use --start-rate, --max-rate and --step-duration)"
            )
        }
        let objectives = try SLOExpression.parse(
            try args.required("slo", "the objectives every step must meet, e.g. 'responseTime.p99<5ms'")
        )
        let settings = try searchSettings(args)
        var scenario = try WorkloadFlags.scenario(
            from: args,
            defaultThreads: ProcessInfo.processInfo.activeProcessorCount
        )
        scenario.durationMillis = try args.durationMillis("step-duration", default: 5_000)
        if args.value("warmup") == nil { scenario.warmupMillis = 2_000 }
        scenario.loop = .open(rate: settings.startRate)
        try scenario.validate(quoting: args.value)
        if let maxRate = settings.maxRate {
            var top = scenario
            top.loop = .open(rate: maxRate)
            try top.validate(quoting: args.value)
        }
        let force = args.flag("force")
        // Every file written, github-benchmark's second one included, so that no two name one file;
        // first, as the checks below create missing directories.
        let written = try OutputFormat.parse(args.value("format"), json: args.value("json"))
        let jsonPaths = args.value("json").map { written.paths(json: $0) } ?? []
        try OutputPath.checkDistinct(
            jsonPaths.map { OutputPath.Output(flag: "--json", path: $0) }
                + (args.value("report").map { [OutputPath.Output(flag: "--report", path: $0)] } ?? [])
        )
        for flag in ["json", "report"] {
            guard let path = args.value(flag) else { continue }
            try OutputPath.checkNotProtected(path, flag: "--\(flag)", force: force)
            try OutputPath.checkWritable(path, flag: "--\(flag)")
        }
        let format = try FormatFlag.parse(args, force: force)

        let quiet = args.flag("quiet")
        if !Environment.isReleaseBuild { printError(Environment.debugBuildWarning) }
        if !quiet {
            print(
                "capacity search: \(objectives.map(\.expression).joined(separator: ", ")); start \(LatencyText.rate(settings.startRate)) req/s, "
                    + "precision \(SLOText.percent(settings.precision)), \(settings.repeats) run(s) at the knee, steps of "
                    + "\(seconds(scenario.durationMillis)) after \(seconds(scenario.warmupMillis)) of warm-up"
            )
            print(CapacityDocument.tableHeader)
            fflush(nil)
        }
        var search = CapacitySearch(settings)
        var steps: [CapacityDocument.Step] = []
        var environment: Environment?
        StopRequest.installSignalHandlers()
        var outcome: CapacitySearch.Outcome?
        do {
            outcome = try search.run { (rate: Double) throws -> Bool in
                var step = scenario
                step.loop = .open(rate: rate)
                let result = try Harness.run(step, progress: nil, stop: .process)
                // A step cut short is not a verdict: only the completed steps are written.
                if result.summary.interrupted != nil { throw StepInterrupted() }
                environment = environment ?? result.environment
                let row = CapacityDocument.Step(rate: rate, result: result, objectives: objectives)
                steps.append(row)
                if !quiet {
                    print(CapacityDocument.tableRow(row, number: steps.count))
                    fflush(nil)
                }
                return row.passed
            }
        } catch is StepInterrupted {
            outcome = nil
        }
        var document = CapacityDocument(
            environment: environment ?? Environment.current(),
            scenario: scenarioValue(scenario, settings: settings, args: args),
            slo: objectives.map(\.expression),
            steps: steps,
            knee: outcome.flatMap(knee),
            stepCount: steps.count
        )
        document.interrupted = StopRequest.process.signal.map(StopRequest.name)
        if !quiet, document.interrupted == nil { print(document.kneeLine) }
        var writes = OutputWrites()
        if let path = args.value("json") {
            writes.attempt {
                try format.write(
                    to: path,
                    result: { () throws(BenchError) -> Data in try document.jsonData() },
                    figures: { BenchmarkFigure.capacity(document) }
                )
            }
        }
        if let path = args.value("report") {
            let label = URL(fileURLWithPath: args.value("json") ?? "capacity").lastPathComponent
            writes.attempt {
                try ReportPage.write(
                    ReportInputs(capacities: [ReportCapacity(name: label, document: document)]),
                    to: path
                )
            }
        }
        try writes.finish(command: "capacity")
        if let signal = document.interrupted {
            printError(
                "authz-bench capacity: interrupted by \(signal) after \(steps.count) completed step(s); "
                    + "they are written, with no knee"
            )
            return signal == "SIGTERM" ? .terminated : .interrupted
        }
        if !Environment.isReleaseBuild { return .runInvalid }
        return document.knee == nil ? .sloNotMet : .ok
    }

    /// Ends the search when a signal cut its step short.
    private struct StepInterrupted: Error {}

    /// The search settings from the flags.
    static func searchSettings(_ args: Arguments) throws -> CapacitySearch.Settings {
        let startRate = try rate(args, "start-rate") ?? 500
        let maxRate = try rate(args, "max-rate")
        if let maxRate, maxRate < startRate {
            throw CLIError.usage(
                "--max-rate \(args.value("max-rate") ?? ""): below --start-rate \(LatencyText.rate(startRate)); expected at least the start rate"
            )
        }
        var precision = 0.05
        if let text = args.value("precision") {
            let fraction = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
            guard let fraction, fraction > 0, fraction < 1 else {
                throw CLIError.usage(
                    "--precision expects a share above 0% and below 100% such as 5% (or 0.05), got '\(text)'"
                )
            }
            precision = fraction
        }
        let repeats = try args.integer("repeats", default: 2, in: 1...10)
        let maxSteps = try args.integer("max-steps", default: 60, in: 1...1_000)
        return CapacitySearch.Settings(
            startRate: startRate,
            precision: precision,
            repeats: repeats,
            maxRate: maxRate,
            maxSteps: maxSteps
        )
    }

    /// A positive rate option (nil when absent).
    private static func rate(_ args: Arguments, _ name: String) throws -> Double? {
        guard let text = args.value(name) else { return nil }
        guard let rate = Double(text.replacingOccurrences(of: "_", with: "")), rate.isFinite, rate >= 1,
            rate <= WorkloadFlags.maxRate
        else {
            throw CLIError.usage(
                "--\(name) expects a rate of at least 1 and at most \(Int(WorkloadFlags.maxRate)) "
                    + "requests/s, got '\(text)'"
            )
        }
        return rate
    }

    /// Milliseconds as seconds: `5s`, `0.5s`, `0s`.
    private static func seconds(_ millis: Int64) -> String { String(format: "%gs", Double(millis) / 1_000) }

    /// The knee of the document (nil when the start rate failed).
    private static func knee(_ outcome: CapacitySearch.Outcome) -> CapacityDocument.Knee? {
        guard case .knee(let lower, let upper) = outcome else { return nil }
        return CapacityDocument.Knee(rate: lower, lower: lower, upper: upper)
    }

    /// The scenario as a run writes it (at the start rate) plus the search's settings.
    private static func scenarioValue(
        _ scenario: Scenario,
        settings: CapacitySearch.Settings,
        args: Arguments
    ) -> JSONValue {
        var members = RunResult.scenarioValue(scenario).objectValue ?? [:]
        var capacity: [String: JSONValue] = [
            "startRate": .number(settings.startRate), "precision": .number(settings.precision),
            "repeats": .integer(Int64(settings.repeats)), "maxSteps": .integer(Int64(settings.maxSteps)),
            "stepDurationSeconds": .number(Double(scenario.durationMillis) / 1_000),
            "warmupSeconds": .number(Double(scenario.warmupMillis) / 1_000),
        ]
        capacity["maxRate"] = settings.maxRate.map { .number($0) } ?? .null
        members["capacity"] = .object(capacity)
        return .object(members)
    }
}
