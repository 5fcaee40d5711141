import BenchHarness
import BenchResults
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `authz-bench ab`: two builds compared in one job by randomized interleaved blocks (see the
/// BenchResults article "Comparing two builds").
enum ABCommand {
    /// The `--help` text.
    static let usage = """
        usage: authz-bench ab BASELINE_BIN CANDIDATE_BIN [options] [run flags]

          BASELINE_BIN, CANDIDATE_BIN  two authz-bench binaries (the same one twice to calibrate)
          run flags            the workload, given to both sides as to `run` (--scenario steady, --closed,
                               --mix, --rate, --seed, --warmup: each side's warm-up before the first block);
                               not the measured phase's (--duration, --stages) nor run's outputs
          --block D            each measured block (default 250ms)
          --pairs N            measured pairs of blocks, one per side, order drawn per pair (default 180)
          --rounds N           pairs of processes: both sides start afresh N times, the pairs split among them,
                               so that a difference between two processes of one build averages out (default 6)
          --settle N           unmeasured pairs first, in each round (default 1)
          --order-seed N       seed of the AB/BA order of the pairs (default 1)
          --huge-pages on|off  both sides' heaps on transparent huge pages (GLIBC_TUNABLES glibc.malloc.hugetlb=1):
                               two processes of one build then differ less by where their memory landed (default on)
          --baseline-args 'FLAGS', --candidate-args 'FLAGS'
                               run flags for one side only, e.g. --candidate-args '--inject-delay 100ns@check'
          --metrics LIST       gated metrics or patterns, * one word (default *.serviceTime.p50,
                               *.serviceTime.p99,*.throughput: each operation's own time, done - send;
                               closed loop: its rate); e.g. check.inline.p50 for the response time
          --alpha A            family-wise significance over the gated metrics, Holm-corrected (default 0.01)
          --floor F            smallest change ever flagged, e.g. 1% (default 1%)
          --min-pairs N        fewest kept pairs for a verdict (default: half the pairs, at least 8)
          --max-start-lag D|off  a block whose start lag p99 exceeds D, or that sent less than 99% of its
                               schedule (the rate over the block's length), is dropped with its pair
                               (default 50ms; off: the generator's timing is not checked)
          --max-steal F        a block during which the host stole more than F of the CPUs is dropped (default 20%)
          --markdown FILE      a Markdown summary (for $GITHUB_STEP_SUMMARY)
          --json FILE          the verdict, every block of every pair, each metric's estimate
          --force              allow replacing an existing output whose name contains 'baseline'
          --quiet              print nothing but errors

        In each round both sides start, set up and warm up, then measured blocks alternate, one side
        loading while the other waits blocked on its input, each side's workers pinned alike (worker i on
        the i-th CPU) and, in open loop, spinning between requests (a run flag --pacing sleep paces as run
        does); a pair whose block the machine spoiled (start lag, schedule not sent, host steal) is
        dropped. Each metric is judged on the median of the pairs' log ratios, its spread from a bootstrap
        of the rounds and then of the pairs within them (a t-test, Holm-corrected), with the smallest
        change the run could flag. exit codes: 0 no regression, 2 regression, 4 improvements only,
        7 too few pairs kept, 64 usage, 65 a binary that is no authz-bench of this schema or that died,
        66 a binary missing, 73 an output cannot be created, 74 a write failed, 130/143 interrupted
        """

    /// ab's own options (with a value) and flags; everything else goes to both children.
    static let options: Set<String> = [
        "block", "pairs", "rounds", "settle", "order-seed", "huge-pages", "baseline-args", "candidate-args", "metrics",
        "alpha",
        "floor",
        "min-pairs", "max-start-lag", "max-steal", "markdown", "json",
    ]
    static let flags: Set<String> = ["quiet", "force", "help"]

    /// Runs `ab` with `arguments` (after the command name); returns the exit code.
    static func run(_ arguments: [String]) throws -> ExitCode {
        let split = try splitArguments(arguments)
        let args = try Arguments(split.own, options: options, flags: flags, aliases: [:])
        if args.flag("help") {
            print(usage)
            return .ok
        }
        guard split.binaries.count == 2 else {
            throw CLIError.usage("expected BASELINE_BIN and CANDIDATE_BIN, got \(split.binaries.count) binary path(s)")
        }
        let blockMillis = try args.durationMillis("block", default: 250)
        guard (50...600_000).contains(blockMillis) else {
            throw CLIError.usage("--block expects a duration from 50ms to 10m, got '\(args.value("block") ?? "")'")
        }
        let pairs = try args.integer("pairs", default: 180, in: 2...10_000)
        let rounds = try args.integer("rounds", default: 6, in: 1...100)
        guard rounds <= pairs else {
            throw CLIError.usage("--rounds expects at most as many rounds as pairs (\(pairs)), got \(rounds)")
        }
        let settle = try args.integer("settle", default: 1, in: 0...1_000)
        let minimumPairs = try args.integer("min-pairs", default: max(8, pairs / 2), in: 2...pairs)
        let seed = UInt64(try args.integer("order-seed", default: 1, in: 0...Int.max))
        let hugePages: Bool
        switch args.value("huge-pages") ?? "on" {
        case "on": hugePages = true
        case "off": hugePages = false
        case let other: throw CLIError.usage("--huge-pages expects on or off, got '\(other)'")
        }
        var analysis = PairedAnalysis()
        analysis.alpha = try fraction(args.value("alpha"), flag: "--alpha", default: 0.01, percent: false)
        analysis.floor = try fraction(args.value("floor"), flag: "--floor", default: 0.01, percent: true)
        let maximumSteal = try fraction(args.value("max-steal"), flag: "--max-steal", default: 0.2, percent: true)
        let startLag = try startLagBound(args.value("max-start-lag"))
        let metrics =
            args.value("metrics").map { $0.split(separator: ",").map(String.init) }
            ?? ["*.serviceTime.p50", "*.serviceTime.p99", "*.throughput"]
        guard !metrics.isEmpty, metrics.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else {
            throw CLIError.usage("--metrics expects a comma-separated list of metric names or patterns")
        }
        let baselineExtra = try words(args.value("baseline-args"), flag: "--baseline-args")
        let candidateExtra = try words(args.value("candidate-args"), flag: "--candidate-args")
        let outputs = ["markdown", "json"].compactMap { flag in
            args.value(flag).map { OutputPath.Output(flag: "--\(flag)", path: $0) }
        }
        try OutputPath.check(outputs, force: args.flag("force"))

        signal(SIGPIPE, SIG_IGN)
        StopRequest.installSignalHandlers()
        let quiet = args.flag("quiet")
        let progress: ((String) -> Void)? = quiet ? nil : { printError("ab: \($0)") }
        let rules = BlockRules(
            maximumStartLagNanos: startLag,
            maximumStealShare: maximumSteal,
            blockSeconds: Double(blockMillis) / 1_000
        )
        var runner = InterleavedRunner(
            blockSeconds: Double(blockMillis) / 1_000,
            pairs: pairs,
            settlingPairs: settle,
            seed: seed,
            readySeconds: 600
        )
        var greetings: (baseline: BlockProtocol.Greeting, candidate: BlockProtocol.Greeting)?
        var measured: [InterleavedComparison.Pair] = []
        for round in 0..<rounds {
            let baseline = try BlockChild(
                label: "baseline",
                binary: split.binaries[0],
                arguments: split.forwarded + baselineExtra,
                hugePages: hugePages
            )
            let candidate = try BlockChild(
                label: "candidate",
                binary: split.binaries[1],
                arguments: split.forwarded + candidateExtra,
                hugePages: hugePages
            )
            defer {
                baseline.stop(promptly: StopRequest.process.isRequested)
                candidate.stop(promptly: StopRequest.process.isRequested)
            }
            runner.round = round
            runner.pairs = pairs / rounds + (round < pairs % rounds ? 1 : 0)
            do {
                let result = try runner.run(baseline: baseline, candidate: candidate, rules: rules, progress: progress)
                greetings = greetings ?? (result.baseline, result.candidate)
                measured += result.pairs
            } catch {
                if let signal = StopRequest.process.signal {
                    throw CLIError(
                        message: "interrupted by \(StopRequest.name(signal)); both sides stopped, nothing written",
                        exitCode: signal == SIGTERM ? .terminated : .interrupted
                    )
                }
                throw CLIError(error)
            }
        }
        guard let greetings else { preconditionFailure("--rounds is at least 1: the first round greets") }
        let comparison = InterleavedComparison(
            pairs: measured,
            settings: InterleavedComparison.Settings(
                metrics: metrics,
                analysis: analysis,
                rules: rules,
                minimumPairs: minimumPairs
            )
        )
        let baseSide = InterleavedComparison.Side(
            binary: split.binaries[0],
            arguments: baselineExtra,
            greeting: greetings.baseline
        )
        let candidateSide = InterleavedComparison.Side(
            binary: split.binaries[1],
            arguments: candidateExtra,
            greeting: greetings.candidate
        )
        if !quiet { print(comparison.text(baseline: baseSide, candidate: candidateSide), terminator: "") }
        var writes = OutputWrites()
        if let path = args.value("markdown") {
            writes.attempt {
                try AtomicFile.write(comparison.markdown(baseline: baseSide, candidate: candidateSide), to: path)
            }
        }
        if let path = args.value("json") {
            let document = InterleavedDocument(
                comparison,
                baseline: baseSide,
                candidate: candidateSide,
                blockSeconds: Double(blockMillis) / 1_000,
                seed: seed,
                hugePages: hugePages
            )
            writes.attempt { try AtomicFile.write(try document.jsonData(), to: path) }
        }
        try writes.finish(command: "ab")
        return ExitCode(rawValue: comparison.verdict.exitCode) ?? .failure
    }

    /// The two binaries, ab's own options, and the run flags for both children, in their order.
    static func splitArguments(_ arguments: [String]) throws -> (binaries: [String], own: [String], forwarded: [String])
    {
        var binaries: [String] = []
        var own: [String] = []
        var forwarded: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                if binaries.count < 2 {
                    binaries.append(argument)
                } else {
                    forwarded.append(argument)
                }
                continue
            }
            let name = String(argument.dropFirst(2).prefix { $0 != "=" })
            if flags.contains(name) {
                own.append(argument)
            } else if options.contains(name) {
                own.append(argument)
                if !argument.contains("="), index < arguments.count {
                    own.append(arguments[index])
                    index += 1
                }
            } else {
                forwarded.append(argument)
                if !argument.contains("="), index < arguments.count, !arguments[index].hasPrefix("--") {
                    forwarded.append(arguments[index])
                    index += 1
                }
            }
        }
        return (binaries, own, forwarded)
    }

    /// `0.01`, or with `percent` also `1%`, as a fraction in (0, 1).
    static func fraction(_ text: String?, flag: String, default value: Double, percent: Bool) throws -> Double {
        guard let text else { return value }
        let isPercent = percent && text.hasSuffix("%")
        guard let number = Double(isPercent ? String(text.dropLast()) : text), number.isFinite else {
            throw CLIError.usage(
                "\(flag) expects \(percent ? "a percentage such as 1% or a fraction" : "a number"), got '\(text)'"
            )
        }
        let result = isPercent ? number / 100 : number
        guard result > 0, result < 1 else {
            throw CLIError.usage("\(flag) expects a value between 0 and 1 (0% and 100%), got '\(text)'")
        }
        return result
    }

    /// `--max-start-lag` in nanoseconds (nil: `off` or `0`); 50 ms by default: above the pauses a
    /// shared VM's host gives a generator it does not starve (results/README.md), so that only a
    /// block the machine starved is dropped.
    static func startLagBound(_ text: String?) throws -> Double? {
        guard let text else { return 50_000_000 }
        if text == "off" || text == "0" { return nil }
        guard let nanos = DurationText.nanos(text), nanos > 0 else {
            throw CLIError.usage("--max-start-lag expects a duration such as 5ms or 500us, or off, got '\(text)'")
        }
        return Double(nanos)
    }

    /// `text` split into words at spaces, with single and double quotes grouping (no escapes).
    static func words(_ text: String?, flag: String) throws -> [String] {
        guard let text else { return [] }
        var words: [String] = []
        var current = ""
        var quote: Character?
        var started = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                started = true
            } else if character == " " || character == "\t" {
                if started || !current.isEmpty { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
            }
        }
        guard quote == nil else { throw CLIError.usage("\(flag) has an unclosed quote: \(text)") }
        if started || !current.isEmpty { words.append(current) }
        return words
    }
}
