import Foundation
import BenchResults
import BenchHarness

/// `authz-bench merge`: adds the histograms of several runs (`.hlog` and/or result JSON files, e.g.
/// one per `--shard` process) into one result with the same outputs as `run`.
enum MergeCommand {
    /// The `--help` text.
    static let usage = """
        usage: authz-bench merge FILE... [--json FILE] [--hgrm DIR] [--quiet] [--force]

          FILE          an .hlog interval log (run --hlog) or a result JSON (run --json); several
                        are added per histogram kind (response time, service time, start lag, upstream
                        wait, requests in flight, stages); upstream counters are summed, and the
                        maxInFlight peaks are the largest input's (shards peak at different moments)
          --json FILE   write the merged result (same schema as run --json), atomically
          --hgrm DIR    write one .hgrm per histogram (values in microseconds)
          --quiet       print nothing but errors
          --force       allow replacing an existing output whose name contains 'baseline'
                        (an input file is never overwritten)

        exit codes: 0 ok, 7 a merged run was invalid, 64 usage error, 65 bad input file
        """

    /// Runs `merge` with `arguments` (after the command name); returns the exit code.
    static func run(_ arguments: [String]) throws -> ExitCode {
        let args = try Arguments(arguments, options: ["json", "hgrm"], flags: ["quiet", "help", "force"])
        if args.flag("help") {
            print(usage)
            return .ok
        }
        guard !args.positionals.isEmpty else {
            throw CLIError.usage("expected at least one input file (.hlog interval log or result JSON)")
        }
        for flag in ["json", "hgrm"] {
            if let path = args.value(flag), !path.isEmpty {
                try OutputPath.checkNotProtected(path, flag: "--\(flag)", inputs: args.positionals, force: args.flag("force"))
            }
        }
        if let directory = args.value("hgrm") {
            guard !directory.isEmpty else { throw CLIError.usage("--hgrm expects a directory, got an empty string") }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw CLIError.usage("--hgrm \(directory): exists and is not a directory")
            }
        }
        if let path = args.value("json"), path.isEmpty { throw CLIError.usage("--json expects a file path, got an empty string") }
        // Inputs first: a bad input must not leave a created output directory behind.
        let result = try ResultMerger.merge(args.positionals)
        if let path = args.value("json") { try OutputPath.checkWritable(path, flag: "--json") }
        if let directory = args.value("hgrm") { try OutputPath.checkDirectory(directory, flag: "--hgrm") }
        if !args.flag("quiet") { print(RunReport.text(result), terminator: "") }
        if let path = args.value("json") { try ResultDocument(result).write(to: path) }
        if let directory = args.value("hgrm") { try HistogramFiles.writeHgrm(result, to: directory) }
        return result.summary.valid ? .ok : .runInvalid
    }
}
