import BenchHarness
import BenchResults

extension RunCommand {
    /// Every output `run` writes, in the order it writes them (github-benchmark's second file
    /// included): for the check that no two name one file.
    static func outputs(_ args: Arguments, format: OutputFormat) -> [OutputPath.Output] {
        var outputs: [OutputPath.Output] = []
        if let path = args.value("json") {
            outputs += format.paths(json: path).map { OutputPath.Output(flag: "--json", path: $0) }
        }
        for flag in ["markdown", "hlog", "record-trace", "report", "metrics-textfile"] {
            if let path = args.value(flag) { outputs.append(OutputPath.Output(flag: "--\(flag)", path: path)) }
        }
        if let path = args.value("hgrm") {
            outputs.append(OutputPath.Output(flag: "--hgrm", path: path, isDirectory: true))
        }
        return outputs
    }

    /// Checks every output before the load: each writable, none a baseline (unless `--force`),
    /// no two naming one file.
    static func checkOutputs(_ args: Arguments, format: OutputFormat, force: Bool) throws {
        // First: the checks below create missing directories.
        try OutputPath.checkDistinct(outputs(args, format: format))
        for flag in ["json", "hlog", "hgrm"] {
            if let path = args.value(flag), !path.isEmpty {
                try OutputPath.checkNotProtected(path, flag: "--\(flag)", force: force)
            }
        }
        for flag in ["json", "hlog", "record-trace", "report"] {
            if let path = args.value(flag) { try OutputPath.checkWritable(path, flag: "--\(flag)") }
        }
        if let directory = args.value("hgrm") { try OutputPath.checkDirectory(directory, flag: "--hgrm") }
    }

    /// Writes every output of the run; a failed write does not stop the others. Throws the
    /// failures (one line each, the first's exit code) after all were tried, with `failed` (the
    /// live textfile's last write) and the streamed `.hlog`'s.
    static func writeOutputs(
        _ result: RunResult,
        document: ResultDocument,
        format: OutputFormat,
        args: Arguments,
        quiet: Bool,
        failed: BenchError? = nil
    ) throws {
        var writes = OutputWrites()
        writes.record(result.intervalLogFailure)
        writes.record(failed)
        writes.attempt { try reportSLO(document, args: args, quiet: quiet) }
        if let path = args.value("json") { writes.attempt { try format.write(run: document, to: path) } }
        if let directory = args.value("hgrm") {
            writes.attempt { _ = try HistogramFiles.writeHgrm(result, to: directory) }
        }
        if let path = args.value("record-trace") { writes.attempt { try TraceFile.write(result.trace, to: path) } }
        if let path = args.value("report") {
            writes.attempt { try ReportCommand.write(document, name: args.value("json") ?? "this run", to: path) }
        }
        try writes.finish(command: "run")
    }
}

/// `run --slo EXPR` and `run --markdown FILE`: the objectives are parsed before the run (a typo
/// costs no run), checked after it, and decide the exit code with the run's validity.
extension RunCommand {
    /// The objectives of `--slo` (empty when absent), and a check that `--markdown` is writable.
    static func sloObjectives(_ args: Arguments) throws -> [SLOObjective] {
        if let path = args.value("markdown") {
            try OutputPath.checkNotProtected(path, flag: "--markdown", force: args.flag("force"))
            try OutputPath.checkWritable(path, flag: "--markdown")
        }
        guard let text = args.value("slo") else { return [] }
        return try SLOExpression.parse(text)
    }

    /// Prints the objectives' verdicts (unless `quiet`) and writes `--markdown`.
    static func reportSLO(_ document: ResultDocument, args: Arguments, quiet: Bool) throws {
        if !quiet, let slo = document.slo { print(SLOText.lines(slo), terminator: "") }
        if let path = args.value("markdown") { try AtomicFile.write(RunMarkdown.text(document), to: path) }
    }

    /// 7 when the run is invalid (it wins: its figures cannot show an SLO held), else 6 when an
    /// objective was breached, else 0.
    static func exitCode(_ result: RunResult) -> ExitCode {
        if !result.summary.valid { return .runInvalid }
        if result.slo?.contains(where: { !$0.met }) == true { return .sloNotMet }
        return .ok
    }
}
