import BenchHarness

/// The top-level command dispatcher: picks the command named by the first argument.
enum CommandLineTool {
    static let usage = """
        usage: authz-bench COMMAND [OPTIONS]

        commands:
          run                          load the hot path with simulated devices; latency histograms
          token issue|verify|inspect   sign, check and show tokens in the wire format
          micro                        micro-benchmarks of the hot-path primitives
          sweep                        replay one access sequence against every cache strategy x capacity
          merge FILE... [--json FILE] [--hgrm DIR]
                                       adds the histograms of several runs (.hlog or result JSON)
          capacity --slo EXPR [run flags]   the highest open-loop rate at which every SLO holds
          report RESULT.json... --out FILE.html   one self-contained HTML page of charts and tables
          compare BASELINE CANDIDATE   stored results metric by metric: exit 2 on a regression, 4 on improvements only
          ab BASELINE_BIN CANDIDATE_BIN [run flags]   two builds in one job by interleaved blocks: the
                                       pull-request gate, with the smallest change it could see
        run 'authz-bench COMMAND --help' for a command's options
        """

    /// Runs the command line and returns the process exit code.
    static func main(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            printErrorText(usage)
            return ExitCode.usage.rawValue
        }
        let rest = Array(arguments.dropFirst())
        if let warning = Environment.gitCommitWarning { printError("authz-bench: warning: \(warning)") }
        do {
            switch command {
            case "--help", "-h", "help":
                print(usage)
                return ExitCode.ok.rawValue
            case "token":
                return try TokenCommand.run(rest).rawValue
            case "run":
                return try RunCommand.run(rest).rawValue
            case "merge":
                return try MergeCommand.run(rest).rawValue
            case "micro":
                return try MicroCommand.run(rest).rawValue
            case "sweep": return try SweepCommand.run(rest).rawValue
            case "capacity": return try CapacityCommand.run(rest).rawValue
            case "report":
                return try ReportCommand.run(rest).rawValue
            case "compare":
                return try CompareCommand.run(rest).rawValue
            case "ab":
                return try ABCommand.run(rest).rawValue
            case "blocks":
                return try BlocksCommand.run(rest).rawValue
            default:
                throw CLIError.usage(
                    "unknown command '\(command)'; expected one of: run, token, micro, merge, compare, ab, sweep, capacity, report"
                )
            }
        } catch let error as CLIError {
            return report(error, command: command, rest: rest)
        } catch let error as BenchError {
            return report(CLIError(error), command: command, rest: rest)
        } catch {
            printError("authz-bench \(command): \(String(describing: error).split(separator: "\n").first ?? "")")
            return ExitCode.failure.rawValue
        }
    }

    /// Prints `error` as one line naming the command; returns its exit code.
    private static func report(_ error: CLIError, command: String, rest: [String]) -> Int32 {
        let label = command == "token" && !rest.isEmpty ? "token \(rest[0])" : command
        printError("authz-bench \(label): \(error.message)")
        return error.exitCode.rawValue
    }
}

extension Arguments {
    /// The arguments of a command that takes options only (`run`, `capacity`, `sweep`, `micro`):
    /// nil after printing `usage` for `--help`; a usage error naming the first positional argument.
    static func optionsOnly(
        _ arguments: [String],
        command: String,
        options: Set<String>,
        flags: Set<String>,
        usage: String
    ) throws -> Arguments? {
        let args = try Arguments(arguments, options: options, flags: flags)
        if args.flag("help") {
            print(usage)
            return nil
        }
        guard args.positionals.isEmpty else {
            throw CLIError.usage("unexpected argument '\(args.positionals[0])'; \(command) takes only options")
        }
        return args
    }
}
