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
        _ outcome: RunOutcome,
        document: ResultDocument,
        format: OutputFormat,
        args: Arguments,
        quiet: Bool,
        failed: BenchError? = nil
    ) throws {
        var writes = OutputWrites()
        writes.record(outcome.intervalLogFailure)
        writes.record(failed)
        writes.attempt { try reportSLO(document, args: args, quiet: quiet) }
        if let path = args.value("json") { writes.attempt { try format.write(run: document, to: path) } }
        if let directory = args.value("hgrm") {
            writes.attempt { _ = try HistogramFiles.writeHgrm(RunResult(outcome), to: directory) }
        }
        if let path = args.value("record-trace") { writes.attempt { try TraceFile.write(outcome.trace, to: path) } }
        if let path = args.value("report") {
            writes.attempt { try ReportCommand.write(outcome, name: args.value("json") ?? "this run", to: path) }
        }
        try writes.finish(command: "run")
    }
}
