import AuthZCore
import BenchHarness
import BenchResults
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `authz-bench sweep`: replays one access sequence of the authorization cache (synthetic, or a
/// trace) against every strategy x capacity, beside Belady's optimal hit ratio.
enum SweepCommand {
    /// The `--help` text.
    static var usage: String {
        let strategies = CacheStrategyKind.allCases.map(\.rawValue).joined(separator: ",")
        let synopsis =
            [
                "[--strategies \(strategies)]", "[--capacities 1000,10000,100000]", "[--shards 4,16]",
                "[--trace FILE [--trace-format csv|keys]]", "[--json FILE]", "[--quiet]", "[--force]",
                "[--format result|github-benchmark|bmf]",
            ] + WorkloadFlags.synopsis([.population]) + ["[--requests N]"]
        return """
            \(WorkloadFlags.lines(synopsis, after: "usage: authz-bench sweep "))

              --trace FILE     replay a trace instead of the synthetic workload the other workload flags
                               describe; gzip'd or not (read by its first bytes)
              --trace-format F csv (default): time_ms,op,device,requestor,resource, as run --record-trace
                               writes; keys: one key per line, each a get (the LIRS/ARC traces, libCacheSim's
                               txt; blank lines and '*' lines skipped)
              --seed N         the synthetic workload's seed, and with a trace too the seed of the keys'
                               hashes and of every strategy's sketch and generators: the same command gives
                               the same hit ratios (run's engine draws its hash key at random per process)
              --requests N     operations of the synthetic workload (default 1000000); get and check ones
                               look the authorization cache up
              --shards LIST    shard counts of the sharded strategy (one row each)
            \(FormatFlag.help)
            exit codes: 0 ok, 64 usage, 65 bad input (a malformed trace), 66 the trace missing, 73 --json cannot
            be created, 74 a write failed
            """
    }

    /// Options of `sweep` besides the workload's population options (`WorkloadFlags`): the plan,
    /// the trace, the output and the length of the synthetic workload.
    static let valueOptions: Set<String> = [
        "strategies", "capacities", "shards", "trace", "trace-format", "json", "requests", "format",
    ]
    /// Boolean flags.
    static let flagOptions: Set<String> = ["quiet", "help", "force"]
    /// The options that describe the synthetic workload, so do not apply to a trace (`--seed` also
    /// seeds the replay, so it does).
    static let workloadOptions = WorkloadFlags.populationOptions.filter { $0 != "seed" } + ["requests"]

    /// Runs the command: builds the sequence, sweeps it, prints the table and writes `--json`.
    static func run(_ arguments: [String]) throws -> ExitCode {
        guard
            let args = try Arguments.optionsOnly(
                arguments,
                command: "sweep",
                options: valueOptions.union(WorkloadFlags.populationOptions),
                flags: flagOptions,
                usage: usage
            )
        else { return .ok }
        var plan = try plan(from: args)
        if let path = args.value("json") {
            try OutputPath.checkNotProtected(
                path,
                flag: "--json",
                inputs: args.value("trace").map { [$0] } ?? [],
                force: args.flag("force")
            )
            try OutputPath.checkWritable(path, flag: "--json")
        }
        let format = try FormatFlag.parse(
            args,
            force: args.flag("force"),
            inputs: args.value("trace").map { [$0] } ?? []
        )
        let quiet = args.flag("quiet")

        let sequence: AccessSequence
        var scenario: [String: JSONValue] = [
            "strategies": .array(plan.strategies.map { .string($0.rawValue) }),
            "capacities": .array(plan.capacities.map { .integer(Int64($0)) }),
            "shards": .array(plan.shards.map { .integer(Int64($0)) }),
        ]
        let heading: String
        if let path = args.value("trace") {
            if let flag = workloadOptions.first(where: { args.value($0) != nil }) {
                throw CLIError.usage("--\(flag) describes the synthetic workload; it does not apply with --trace")
            }
            let traceFormat = try traceFormat(from: args)
            plan.seed = try seed(from: args)
            var bytes = try InputFile.read(path, limit: 1 << 32, what: "--trace")
            if Gzip.isCompressed(bytes) { bytes = try Gzip.inflate(bytes, source: path, limit: 1 << 32) }
            let records =
                traceFormat == "keys"
                ? try TraceKeys.decode(bytes, source: path) : try TraceCSV.decode(bytes, source: path)
            sequence = AccessSequence.replaying(records)
            guard sequence.count > 0 else {
                throw CLIError.badInput("\(path): no get or check line; expected at least one authorization lookup")
            }
            scenario["source"] = .string("trace")
            scenario["trace"] = .string(path)
            scenario["traceFormat"] = .string(traceFormat)
            scenario["seed"] = .unsigned(plan.seed)
            scenario["records"] = .integer(Int64(records.count))
            heading =
                "sweep of trace \(path) (\(traceFormat)): \(LatencyText.count(records.count)) records, seed \(plan.seed)"
        } else {
            if args.value("trace-format") != nil {
                throw CLIError.usage("--trace-format applies to --trace; give the trace file too")
            }
            let workload = try workload(from: args)
            let population = workload.scenario
            sequence = AccessSequence.synthetic(workload)
            plan.seed = population.seed
            scenario["source"] = .string("synthetic")
            scenario["seed"] = .unsigned(population.seed)
            // No `mvpds`: taken and checked as run takes it, but no cache key names an MVPD, so the
            // sequence is the same for any value.
            for (key, value) in [
                ("devices", population.devices), ("requestors", population.requestors),
                ("resources", population.resources), ("requests", workload.requests),
            ] {
                scenario[key] = .integer(Int64(value))
            }
            scenario["zipf"] = .number(population.zipf)
            scenario["mix"] = try JSONValue(encoding: population.mix)
            heading =
                "sweep of the synthetic workload: \(LatencyText.count(workload.requests)) operations, "
                + "\(LatencyText.count(population.devices)) devices, \(LatencyText.count(population.resources)) resources, "
                + "zipf \(population.zipf), seed \(population.seed)"
        }
        scenario["lookups"] = .integer(Int64(sequence.count))
        scenario["keys"] = .integer(Int64(sequence.keyParts.count))
        scenario["logouts"] = .integer(Int64(sequence.operationCounts[.logout] ?? 0))

        // After every input is read and checked: an error stays one line.
        if !Environment.isReleaseBuild { printError(Environment.debugBuildWarning) }
        let showProgress = !quiet && isatty(STDERR_FILENO) == 1
        let rows = Sweep.run(sequence, plan: plan, progress: showProgress ? { printError($0) } : nil)
        let fullHeading =
            heading + "\n" + "\(LatencyText.count(sequence.count)) lookups of "
            + "\(LatencyText.count(sequence.keyParts.count)) distinct keys, "
            + "\(LatencyText.count(sequence.operationCounts[.logout] ?? 0)) logouts; "
            + "times are per lookup (plus the insert on a miss), one thread"
        if !quiet { print(SweepReport.text(rows, heading: fullHeading), terminator: "") }
        if let path = args.value("json") {
            let document = try SweepDocument(scenario: .object(scenario), rows: rows)
            try format.write(
                to: path,
                result: { () throws(BenchError) -> Data in try document.jsonData() },
                figures: { BenchmarkFigure.sweep(document) }
            )
        }
        return .ok
    }

    /// `--seed` with a trace (the scenario's default seed when absent): the replay's seed only.
    static func seed(from args: Arguments) throws -> UInt64 {
        guard let text = args.value("seed") else { return Scenario().seed }
        guard let seed = UInt64(text) else { throw WorkloadFlags.expects("seed", got: text) }
        return seed
    }

    /// `--trace-format`: `csv` (the default) or `keys`; only with `--trace`.
    static func traceFormat(from args: Arguments) throws -> String {
        guard let text = args.value("trace-format") else { return "csv" }
        guard ["csv", "keys"].contains(text) else {
            throw CLIError.usage("--trace-format expects csv or keys, got '\(text)'")
        }
        return text
    }

    /// The strategies, capacities and shard counts.
    static func plan(from args: Arguments) throws -> Sweep.Plan {
        var strategies: [CacheStrategyKind] = CacheStrategyKind.allCases
        if let text = args.value("strategies") {
            strategies = []
            for name in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let kind = CacheStrategyKind(rawValue: name.lowercased()) else {
                    let names = CacheStrategyKind.allCases.map(\.rawValue).joined(separator: ",")
                    throw CLIError.usage("--strategies expects a comma-separated list of \(names), got '\(name)'")
                }
                guard !strategies.contains(kind) else {
                    throw CLIError.usage("--strategies names '\(kind.rawValue)' twice")
                }
                strategies.append(kind)
            }
        }
        let capacities = try integers(args, "capacities", default: [1_000, 10_000, 100_000], in: 1...100_000_000)
        let shards = try integers(args, "shards", default: [4, 16], in: 1...4_096)
        return Sweep.Plan(strategies: strategies, capacities: capacities, shards: shards)
    }

    /// A comma-separated list of distinct integers in `range`.
    static func integers(
        _ args: Arguments,
        _ name: String,
        default values: [Int],
        in range: ClosedRange<Int>
    )
        throws -> [Int]
    {
        guard let text = args.value(name) else { return values }
        var list: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Int(part.replacingOccurrences(of: "_", with: "")), range.contains(value) else {
                throw CLIError.usage(
                    "--\(name) expects a comma-separated list of integers in "
                        + "\(range.lowerBound)...\(range.upperBound), got '\(part)'"
                )
            }
            guard !list.contains(value) else { throw CLIError.usage("--\(name) lists \(value) twice") }
            list.append(value)
        }
        return list
    }

    /// The synthetic workload the flags describe: `run`'s parser and rules, for one worker (the
    /// sweep replays one worker's stream), and `--requests` operations.
    static func workload(from args: Arguments) throws -> AccessSequence.Workload {
        let scenario = try WorkloadFlags.scenario(from: args, defaultThreads: 1)
        try scenario.validate(quoting: args.value, population: false)
        let requests = try args.integer("requests", default: 1_000_000, in: 1...1_000_000_000)
        return AccessSequence.Workload(scenario, requests: requests)
    }
}
