/// `authz-bench merge`: adds the histograms of several runs (`.hlog` and/or result JSON files, e.g.
/// one per `--shard` process) into one result with the same outputs as `run`.
enum MergeCommand {
    /// The `--help` text.
    static let usage = """
        usage: authz-bench merge FILE... [--json FILE] [--hgrm DIR] [--quiet]

          FILE          an .hlog interval log (run --hlog) or a result JSON (run --json); several
                        are added per histogram kind (response time, service time, start lag, stages)
          --json FILE   write the merged result (same schema as run --json), atomically
          --hgrm DIR    write one .hgrm per histogram (values in microseconds)
          --quiet       print nothing but errors

        exit codes: 0 ok, 7 a merged run was invalid, 64 usage error, 65 bad input file
        """

    /// Runs `merge` with `arguments` (after the command name); returns the exit code.
    static func run(_ arguments: [String]) throws -> ExitCode {
        let args = try Arguments(arguments, options: ["json", "hgrm"], flags: ["quiet", "help"])
        if args.flag("help") {
            print(usage)
            return .ok
        }
        guard !args.positionals.isEmpty else {
            throw CLIError.usage("expected at least one input file (.hlog interval log or result JSON)")
        }
        if let path = args.value("json") { try OutputPath.checkWritable(path, flag: "--json") }
        if let directory = args.value("hgrm"), directory.isEmpty {
            throw CLIError.usage("--hgrm expects a directory, got an empty string")
        }
        let result = try ResultMerger.merge(args.positionals)
        if !args.flag("quiet") { print(RunReport.text(result), terminator: "") }
        if let path = args.value("json") { try ResultDocument(result).write(to: path) }
        if let directory = args.value("hgrm") { try HistogramFiles.writeHgrm(result, to: directory) }
        return result.summary.valid ? .ok : .runInvalid
    }
}
