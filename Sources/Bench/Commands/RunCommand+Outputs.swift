import BenchHarness
import BenchResults

extension RunCommand {
    /// Every output `run` writes, in the order it writes them (github-benchmark's second file
    /// included), with the files `--hgrm` writes.
    static func outputs(_ args: Arguments, format: OutputFormat) -> [OutputPath.Output] {
        var outputs = FormatFlag.outputs(args, format: format)
        for flag in ["markdown", "hlog", "record-trace", "report", "metrics-textfile"] {
            if let path = args.value(flag) { outputs.append(OutputPath.Output(flag: "--\(flag)", path: path)) }
        }
        if let path = args.value("hgrm") {
            outputs.append(
                OutputPath.Output(flag: "--hgrm", path: path, isDirectory: true, files: HistogramFiles.runHgrmNames)
            )
        }
        return outputs
    }

    /// Checks every output before the load (`OutputPath.check`: the rule of every command).
    static func checkOutputs(_ args: Arguments, format: OutputFormat, force: Bool) throws {
        try OutputPath.check(outputs(args, format: format), force: force)
    }

    /// Writes every output of the run; a failed write does not stop the others. Throws the
    /// failures (one line each, the first's exit code) after all were tried, with `failed` (the
    /// live textfile's last write) and the streamed `.hlog`'s (`hlog`, sealed with the verdict
    /// here: a log lost during the run is a failure too).
    static func writeOutputs(
        _ result: RunResult,
        document: ResultDocument,
        format: OutputFormat,
        args: Arguments,
        quiet: Bool,
        failed: BenchError? = nil,
        hlog: IntervalLogSink? = nil
    ) throws {
        var writes = OutputWrites()
        writes.record(result.intervalLogFailure)
        if let hlog, result.intervalLogFailure == nil { writes.attempt { try hlog.seal(document.summary) } }
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
    /// The objectives of `--slo` (empty when absent).
    static func sloObjectives(_ args: Arguments) throws -> [SLOObjective] {
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
