import BenchHarness
import BenchResults
import Foundation

/// `authz-bench micro`: micro-benchmarks of the hot-path primitives beside their reference loops.
enum MicroCommand {
    static let usage = """
        usage: authz-bench micro [--filter REGEX] [--json FILE] [--batches N] [--batch-ms N]
                                 [--iterations N] [--list] [--quiet] [--force]
                                 [--format result|github-benchmark|bmf]

          --filter REGEX   run only rows whose name matches (e.g. 'crypto\\.verify')
          --json FILE      write {"rows":[...]} (atomically) with the environment
          --batches N      measured batches per row (default 21); ns/op is their median, p99 their 99th
          --batch-ms N     target time of one batch in ms (default 4)
          --iterations N   no timing statistics: run each loop exactly N times (for valgrind counts)
          --subject-only   skip the reference loops (with --iterations: count the code under test alone)
          --list           print the row names and exit
          --force          allow replacing an existing --json file whose name contains 'baseline'
        \(FormatFlag.help)
        """

    static func run(_ arguments: [String]) throws -> ExitCode {
        guard
            let args = try Arguments.optionsOnly(
                arguments,
                command: "micro",
                options: ["filter", "json", "batches", "batch-ms", "iterations", "format"],
                flags: ["list", "quiet", "help", "subject-only", "force"],
                usage: usage
            )
        else { return .ok }
        var settings = MicroSettings()
        settings.batches = try args.integer("batches", default: settings.batches, in: 3...10_000)
        settings.batchNanoseconds = UInt64(try args.integer("batch-ms", default: 4, in: 1...10_000)) * 1_000_000
        settings.subjectOnly = args.flag("subject-only")
        if args.value("iterations") != nil {
            settings.fixedIterations = try args.integer("iterations", default: 1, in: 1...1_000_000_000)
        }
        var regex: Regex<AnyRegexOutput>?
        if let pattern = args.value("filter") {
            do { regex = try Regex(pattern) } catch {
                throw CLIError.usage("--filter expects a regular expression, got '\(pattern)': \(error)")
            }
        }
        let wanted: (String) -> Bool = { name in regex.map { name.contains($0) } ?? true }
        let names = try MicroSuite.allNames().filter(wanted)
        guard !names.isEmpty else {
            throw CLIError.usage("--filter '\(args.value("filter") ?? "")' matches no row; see --list")
        }
        if args.flag("list") {
            for name in names { print(name) }
            return .ok
        }
        let format = try FormatFlag.parse(args)
        try OutputPath.check(FormatFlag.outputs(args, format: format), force: args.flag("force"))

        let environment = Environment.current()
        if !Environment.isReleaseBuild { printErrorText(Environment.debugBuildWarning) }
        let quiet = args.flag("quiet")
        if !quiet {
            print(
                "authz-bench micro  \(environment.build) build, \(environment.cpu), \(environment.cores) cores, "
                    + "\(environment.openssl)"
            )
            print(MicroTable.header)
        }
        let cases = try MicroSuite.cases(where: wanted)
        let runner = MicroRunner(settings: settings)
        var results: [MicroResult] = []
        for microCase in cases {
            let result = try runner.measure(microCase)
            results.append(result)
            if !quiet { print(MicroTable.row(result)) }
        }
        if !quiet { for line in MicroTable.claims(results) { print(line) } }
        if let path = args.value("json") {
            try format.write(
                to: path,
                result: { () throws(BenchError) -> Data in
                    try MicroReport(environment: environment, rows: results).jsonData()
                },
                figures: { BenchmarkFigure.micro(results) }
            )
        }
        return .ok
    }
}

/// The `--json` file of `micro`.
struct MicroReport: Codable, Sendable {
    /// Version of this file's layout.
    var schemaVersion = 1
    /// Always `authz-bench`.
    var tool = "authz-bench"
    /// The suite's version.
    var version = BenchVersion.current
    /// Where the rows were measured.
    var environment: Environment
    /// One entry per row, in run order.
    var rows: [MicroResult]

    /// Pretty-printed, key-sorted JSON with a final newline.
    func jsonData() throws(BenchError) -> Data {
        try PrettyJSON.data(self, what: "the micro report")
    }
}
