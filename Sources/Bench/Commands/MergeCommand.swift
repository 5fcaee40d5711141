import BenchHarness
import BenchResults
import Foundation

/// `authz-bench merge`: adds the histograms of several runs (`.hlog` and/or result JSON files, e.g.
/// one per shard) into one result with the same outputs as `run`, after checking that they are the
/// shards of one scenario, each once, all back and whole.
enum MergeCommand {
    /// The `--help` text.
    static let usage = """
        usage: authz-bench merge FILE... [--json FILE] [--hgrm DIR] [--align absolute|relative]
                                 [--allow-missing] [--max-skew D] [--quiet] [--force]

          FILE             an .hlog interval log (run --hlog) or a result JSON (run --json); several
                           are added per histogram kind (response time, service time, start lag, upstream
                           wait, requests in flight, stages); upstream counters are summed, and the
                           maxInFlight peaks are the largest input's (shards peak at different moments)
          --json FILE      write the merged result (same schema as run --json, plus `shards`), atomically
          --hgrm DIR       write one .hgrm per histogram (values in microseconds)
          --align A        absolute (default): each input's intervals at its wall-clock start, the rate
                           over the union of the measured windows; relative: every input at its own start
          --allow-missing  merge even when shards are missing or truncated; the result says which
          --max-skew D     warn when the inputs' start times spread beyond D (default 100ms)
          --quiet          print nothing but errors and warnings
          --force          allow replacing an existing output whose name contains 'baseline'
                           (an input file is never overwritten)

        Inputs that say which shard they are (summary.shard, the .hlog's authz-bench metadata) must be
        the shards of one scenario (same fingerprint), each once, all of them, each whole.

        An input is read once: the same file twice, a copy of one run, or a merged result beside one of
        its own shards is refused. An .hlog is read one interval at a time (memory does not grow with
        the length of the run); its codes are not known (summary.errors null).

        The objectives the result JSON inputs were run with (run --slo) are checked again on the merged
        figures when every input gives the same ones; different ones, or .hlog inputs beside them,
        leave them unchecked, with a warning.

        The merged result is invalid when an input was (a result's summary, an .hlog's verdict line).
        A shard stopped by a signal (its verdict line, or a result marked interrupted) counts as truncated.

        exit codes: 0 ok, 6 an objective of the inputs not met by the merged result, 7 a merged run was
        invalid (it wins over 6), 64 usage error (two outputs naming one file
        included), 65 bad input file (impossible figures, figures that disagree with their histograms,
        an .hlog end line that disagrees with its log, an untagged interval in an authz-bench log, a
        shard count above 10000000 included), different scenarios, an input given twice, or shards
        missing or truncated (without --allow-missing), 66 an input missing or not a regular file (a
        FIFO, a directory), 73 an output that cannot be created (a path that is not a regular file, a
        --hgrm that is a file), 74 a write that failed (the cause named)
        """

    /// Runs `merge` with `arguments` (after the command name); returns the exit code.
    static func run(_ arguments: [String]) throws -> ExitCode {
        let args = try Arguments(
            arguments,
            options: ["json", "hgrm", "align", "max-skew"],
            flags: ["quiet", "help", "force", "allow-missing"]
        )
        if args.flag("help") {
            print(usage)
            return .ok
        }
        guard !args.positionals.isEmpty else {
            throw CLIError.usage("expected at least one input file (.hlog interval log or result JSON)")
        }
        var options = MergeOptions(allowMissing: args.flag("allow-missing"))
        if let align = args.value("align") {
            guard let alignment = MergeOptions.Alignment(rawValue: align) else {
                throw CLIError.usage("--align expects absolute or relative, got '\(align)'")
            }
            options.alignment = alignment
        }
        options.maxSkewMillis = try args.durationMillis("max-skew", default: options.maxSkewMillis)
        var outputs = args.value("json").map { [OutputPath.Output(flag: "--json", path: $0)] } ?? []
        if let directory = args.value("hgrm") {
            outputs.append(OutputPath.Output(flag: "--hgrm", path: directory, isDirectory: true))
        }
        try OutputPath.validate(outputs, inputs: args.positionals, force: args.flag("force"))
        // Inputs first: a bad input must not leave a created output directory behind.
        let outcome = try ResultMerger.merge(args.positionals, options: options)
        let result = outcome.result
        for index in outputs.indices where outputs[index].isDirectory {
            outputs[index].files = HistogramFiles.hgrmNames(result)
            try OutputPath.validate(outputs[index])
        }
        try OutputPath.prepare(outputs)
        // After every check that can fail: an error stays the only line on standard error.
        for warning in outcome.warnings { printError("authz-bench merge: warning: \(warning)") }
        if !args.flag("quiet") { for note in outcome.notes { printError("authz-bench merge: note: \(note)") } }
        if !args.flag("quiet") {
            print(RunReport.text(result), terminator: "")
            if let shards = result.shards { print(Self.coverageLine(shards)) }
            if let slo = result.slo { print(SLOText.lines(slo), terminator: "") }
        }
        if let path = args.value("json") { try ResultDocument(result).write(to: path) }
        if let directory = args.value("hgrm") { try HistogramFiles.writeHgrm(result, to: directory) }
        return RunCommand.exitCode(result)
    }

    /// `shards      3/3`, or the coverage with what is missing when `--allow-missing` let it through.
    static func coverageLine(_ shards: ShardsSection) -> String {
        var line = "shards      " + shards.coverageText.dropFirst("shards ".count)
        if !shards.isComplete { line += " (merged with --allow-missing: the figures hold only what came back)" }
        return line
    }
}
