import BenchHarness
import BenchResults
import Foundation

/// `authz-bench compare`: the CI regression gate. Compares a candidate's run results with a
/// baseline's, metric by metric, and exits 0, 2 (regression) or 4 (improvements only).
enum CompareCommand {
    /// The `--help` text.
    static let usage = """
        usage: authz-bench compare BASELINE CANDIDATE [options]
               authz-bench compare --baseline FILE... --candidate FILE... [options]

          BASELINE, CANDIDATE  a run result (run --json) or a directory of them (*.json), one per repetition
          --baseline FILE...   baseline repetitions (files or directories), up to the next option
          --candidate FILE...  candidate repetitions
          --threshold 5%       noise band: smaller median changes are 'unchanged' (default 5%)
          --metrics LIST       gated metrics (default throughput,inline.p50,inline.p99,inline.p99.9,failures:
                               the hot path's own response time and the share of failed requests);
                               throughput, failures, (inline|parked|responseTime|serviceTime|startLag|
                               upstreamWait|inFlight).(min|mean|p50|p90|p99|p99.9|p99.99|max), or
                               upstream.(calls|errors|timeouts|rejected|maxInFlight) (calls, errors, timeouts,
                               rejected: per request); all but throughput are lower-is-better; parked and
                               responseTime follow the simulated upstream's latency, gated only when named
          --markdown FILE      write a GitHub-flavoured Markdown summary (for $GITHUB_STEP_SUMMARY)
          --json FILE          write the verdict JSON (per-metric figures, verdict, exit code)
          --force              compare even when scenario or environment keys differ (with a warning); also
                               allow replacing an existing output whose name contains 'baseline'
          --quiet              print nothing but errors and warnings

        With 5 or more repetitions per side a metric regresses (or improves) only when its median moves
        beyond the threshold AND the Mann-Whitney U test gives p < 0.05; the 95% interval is a bootstrap
        (2,000 resamples, fixed seed) of the relative median change. With fewer, the plain threshold applies.
        A repetition is a distinct run: one file given twice on a side, or a copy of one (the same start,
        host, shard and requests), is refused. Every figure of a result must agree with its histograms
        and be in range (see the result schema).

        What it can detect: stored runs made one after another differ by the machine's run-to-run spread
        (on a shared 2-vCPU VM, +-14% on inline.p50 over 5 runs a side); five against five flags only a
        change two to three times that spread. It is for the history of stored results. To gate a pull
        request, compare the two builds in one job: 'authz-bench ab BASE_BIN CANDIDATE_BIN' interleaves
        short blocks of both, tests the pairs, and states the smallest change each metric could show.
        exit codes: 0 no regression, 2 regression, 4 improvements only, 5 baseline missing, 7 an input result
        is invalid, 64 usage, 65 bad input (unreadable or malformed result, a figure out of range or not
        its histogram's, a repetition given twice, results not comparable, or a result without a metric
        asked for), 66 a candidate missing or an input that cannot be opened (ELOOP named) or is not a
        regular file, 73 an output cannot be created, 74 a write failed
        """

    /// Runs `compare` with `arguments` (after the command name); returns the exit code.
    static func run(_ arguments: [String]) throws -> ExitCode {
        let lists = try splitSideLists(arguments)
        let args = try Arguments(
            lists.rest,
            options: ["threshold", "metrics", "markdown", "json"],
            flags: ["force", "quiet", "help"]
        )
        if args.flag("help") {
            print(usage)
            return .ok
        }
        let baselinePaths: [String]
        let candidatePaths: [String]
        if lists.baseline != nil || lists.candidate != nil {
            guard args.positionals.isEmpty else {
                throw CLIError.usage(
                    "unexpected argument '\(args.positionals[0])'; with --baseline/--candidate give no positional inputs"
                )
            }
            guard let base = lists.baseline, !base.isEmpty else {
                throw CLIError.usage("--baseline needs at least one file or directory")
            }
            guard let candidate = lists.candidate, !candidate.isEmpty else {
                throw CLIError.usage("--candidate needs at least one file or directory")
            }
            baselinePaths = base
            candidatePaths = candidate
        } else {
            guard args.positionals.count == 2 else {
                throw CLIError.usage(
                    "expected BASELINE and CANDIDATE (result files or directories), got \(args.positionals.count) argument(s)"
                )
            }
            baselinePaths = [args.positionals[0]]
            candidatePaths = [args.positionals[1]]
        }
        let threshold = try parseThreshold(args.value("threshold"))
        let metrics = try args.value("metrics").map(CompareMetric.parseList) ?? CompareMetric.defaults

        let baselineFiles = try ComparisonSide.resolve(baselinePaths, role: .baseline)
        let candidateFiles = try ComparisonSide.resolve(candidatePaths, role: .candidate)
        let outputs = ["markdown", "json"].compactMap { flag in
            args.value(flag).map { OutputPath.Output(flag: "--\(flag)", path: $0) }
        }
        for output in outputs where !output.path.isEmpty {
            try checkOutsideInputDirectories(
                output.path,
                flag: output.flag,
                directories: baselinePaths + candidatePaths
            )
        }
        try OutputPath.check(outputs, inputs: baselineFiles + candidateFiles, force: args.flag("force"))
        let baseline = try ComparisonSide.load(baselineFiles, role: .baseline)
        let candidate = try ComparisonSide.load(candidateFiles, role: .candidate)
        try baseline.checkHas(metrics)
        try candidate.checkHas(metrics)

        var warnings: [String] = []
        let all =
            zip(baseline.files, baseline.documents).map { ($0, $1) }
            + zip(candidate.files, candidate.documents).map { ($0, $1) }
        let differences = Comparability.differences(all.map { (file: $0.0, document: $0.1) })
        if !differences.isEmpty {
            let keys = differences.map(\.key).joined(separator: ", ")
            let detail = differences.prefix(4).map(\.description).joined(separator: "; ")
            guard args.flag("force") else {
                throw CLIError.badInput(
                    "results are not comparable: \(keys) differ (\(detail)); pass --force to compare anyway"
                )
            }
            let warning = "--force: comparing results whose \(keys) differ"
            printError("authz-bench compare: warning: \(warning)")
            warnings.append(warning)
        }

        let report = ComparisonReport(
            baseline: baseline,
            candidate: candidate,
            metrics: metrics,
            comparison: Comparison(threshold: threshold),
            warnings: warnings,
            exitCode: { ExitCode(verdict: $0).rawValue }
        )
        if !args.flag("quiet") { print(report.text, terminator: "") }
        var writes = OutputWrites()
        if let path = args.value("markdown") { writes.attempt { try AtomicFile.write(report.markdown, to: path) } }
        if let path = args.value("json") { writes.attempt { try AtomicFile.write(try report.jsonData(), to: path) } }
        try writes.finish(command: "compare")
        return ExitCode(verdict: report.verdict)
    }

    /// Takes `--baseline A B ...` and `--candidate X Y ...` (each up to the next `--option`) out of
    /// `arguments`; the rest goes to the ordinary parser.
    static func splitSideLists(
        _ arguments: [String]
    ) throws -> (baseline: [String]?, candidate: [String]?, rest: [String]) {
        var baseline: [String]?
        var candidate: [String]?
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard name == "--baseline" || name == "--candidate" else {
                rest.append(argument)
                continue
            }
            var values = inline.map { [$0] } ?? []
            while index < arguments.count, !arguments[index].hasPrefix("--") {
                values.append(arguments[index])
                index += 1
            }
            if name == "--baseline" {
                guard baseline == nil else { throw CLIError.usage("--baseline given twice") }
                baseline = values
            } else {
                guard candidate == nil else { throw CLIError.usage("--candidate given twice") }
                candidate = values
            }
        }
        return (baseline, candidate, rest)
    }

    /// `5%`, `5` (both five percent) or `0.5%`: the threshold as a fraction.
    static func parseThreshold(_ text: String?) throws -> Double {
        guard let text else { return 0.05 }
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(digits), value.isFinite, value >= 0, value < 1_000 else {
            throw CLIError.usage("--threshold expects a percentage such as 5% or 0.5%, got '\(text)'")
        }
        return value / 100
    }

    /// Refuses (exit 64) an output path that is an input directory, or a `*.json` file directly
    /// inside one (it would be read as a result next time).
    static func checkOutsideInputDirectories(_ path: String, flag: String, directories: [String]) throws {
        let target = canonical(path)
        let parent = URL(fileURLWithPath: target).deletingLastPathComponent().path
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            let inputDirectory = canonical(directory)
            if inputDirectory == target || (parent == inputDirectory && target.hasSuffix(".json")) {
                throw CLIError.usage(
                    "\(flag) \(path): lies in the input directory \(directory), whose *.json files are read as results"
                )
            }
        }
    }

    /// `path` made absolute, standardised and with symbolic links resolved.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
