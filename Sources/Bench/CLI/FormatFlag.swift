import BenchHarness
import BenchResults

/// `--format result|github-benchmark|bmf` of `run`, `micro` and `sweep`.
enum FormatFlag {
    /// The `--help` line.
    static let help =
        "  --format F       what --json FILE writes: result (default), github-benchmark (FILE: "
        + "customSmallerIsBetter latencies,\n                   FILE-bigger.EXT: customBiggerIsBetter "
        + "throughput and hit ratios) or bmf (Bencher Metric Format)"

    /// Parses `--format` (exit 64 naming the flag and the allowed values).
    static func parse(_ args: Arguments) throws -> OutputFormat {
        try OutputFormat.parse(args.value("format"), json: args.value("json"))
    }

    /// The files `--json` writes in `format` (github-benchmark's bigger-is-better file too), as
    /// outputs for `OutputPath.check`.
    static func outputs(_ args: Arguments, format: OutputFormat) -> [OutputPath.Output] {
        guard let path = args.value("json") else { return [] }
        guard !path.isEmpty else { return [OutputPath.Output(flag: "--json", path: path)] }
        return format.paths(json: path).map { OutputPath.Output(flag: "--json", path: $0) }
    }
}
