import BenchHarness
import BenchResults

/// `--format result|github-benchmark|bmf` of `run`, `micro` and `sweep`.
enum FormatFlag {
    /// The `--help` line.
    static let help =
        "  --format F       what --json FILE writes: result (default), github-benchmark (FILE: "
        + "customSmallerIsBetter latencies,\n                   FILE-bigger.EXT: customBiggerIsBetter "
        + "throughput and hit ratios) or bmf (Bencher Metric Format)"

    /// Parses `--format` (exit 64 naming the flag and the allowed values) and checks the files
    /// `--json` writes in it beyond `--json` itself, which the command checks: github-benchmark's
    /// bigger-is-better file.
    static func parse(_ args: Arguments, force: Bool, inputs: [String] = []) throws -> OutputFormat {
        let format = try OutputFormat.parse(args.value("format"), json: args.value("json"))
        if let path = args.value("json"), !path.isEmpty {
            for extra in format.paths(json: path).dropFirst() {
                try OutputPath.checkNotProtected(extra, flag: "--json", inputs: inputs, force: force)
                try OutputPath.checkWritable(extra, flag: "--json")
            }
        }
        return format
    }
}
