import BenchHarness
import BenchResults
import Foundation

/// `authz-bench report`: one self-contained HTML page (inline SVG charts, no script, no network)
/// from run results and sweep results.
enum ReportCommand {
    /// The `--help` text.
    static let usage = """
        usage: authz-bench report RESULT.json... --out FILE.html

          RESULT.json   a run result (run --json, merge --json), a sweep result (sweep --json) or a
                        capacity result (capacity --json); several runs are overlaid in every chart,
                        one line each, and so are several capacity results
          --out FILE    the HTML file to write (atomically); must not be one of the inputs
          --force       allow replacing an existing file whose name contains 'baseline'

        exit codes: 0 ok, 64 usage error, 65 bad input file, 66 an input missing or not a regular file
        (nothing is written), 73 --out cannot be created, 74 the write failed
        """

    /// Runs `report` with `arguments` (after the command name); returns the exit code.
    static func run(_ arguments: [String]) throws -> ExitCode {
        let args = try Arguments(arguments, options: ["out"], flags: ["help", "force"])
        if args.flag("help") {
            print(usage)
            return .ok
        }
        guard !args.positionals.isEmpty else {
            throw CLIError.usage("expected at least one result file (run --json or sweep --json output)")
        }
        let out = try args.required("out", "the HTML file to write")
        try checkOutput(out, inputs: args.positionals)
        try OutputPath.checkNotProtected(out, flag: "--out", force: args.flag("force"))
        let inputs = try ReportInputs.read(args.positionals)
        try ReportPage.write(inputs, to: out)
        return .ok
    }

    /// Throws a usage error when `out` cannot be written or names one of `inputs`.
    static func checkOutput(_ out: String, inputs: [String]) throws {
        let target = canonical(out)
        for input in inputs where input != "-" && canonical(input) == target {
            throw CLIError.usage("--out \(out): is the input file \(input); expected a new HTML file name")
        }
        try OutputPath.checkWritable(out, flag: "--out")
    }

    /// The absolute path with symbolic links resolved (as far as the path exists).
    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

extension ReportCommand {
    /// Writes the report of one run just made (`run --report FILE.html`), labelled with the file
    /// name of `name` (its `--json` path, or a plain label).
    static func write(_ document: ResultDocument, name: String, to path: String) throws {
        let label = URL(fileURLWithPath: name).lastPathComponent
        try ReportPage.write(ReportInputs(runs: [ReportRun(name: label, document: document)]), to: path)
    }
}
