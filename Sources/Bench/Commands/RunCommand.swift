#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// `authz-bench run`: drives the AuthZCore engine with simulated devices and reports latency
/// histograms (DESIGN §5 and §6).
enum RunCommand {
    static let usage = """
        usage: authz-bench run [--devices N] [--requestors N] [--mvpds N] [--resources N] [--zipf S]
                               [--mix get=70,check=20,verify=10,logout=0,attack=0] [--alg es256|rs256|ed25519|hs256]
                               [--cache mutex|sharded|lru|sieve|tinylfu] [--capacity N] [--threads N]
                               [--rate R | --closed] [--duration 10s] [--warmup 2s] [--seed N]
                               [--inject-stall 200ms@2s] [--authn-ttl 1d] [--authz-ttl 1h] [--stage-sample N]
                               [--backend-latency 200us/2ms] [--deny-ratio 0.02] [--skew 30s]
                               [--json FILE] [--hgrm DIR] [--hlog FILE] [--shard I/N] [--quiet]
                               [--format result|github-benchmark]

          --rate R         target total requests per second of this process (open loop, the default)
          --closed         closed loop: each worker sends its next request when the last one is done
          --shard I/N      run only slice I (1-based) of N of the device population
          --stage-sample N time the hot-path stages of 1 request in N (default 64; 0: never)
          --format F       what --json writes: result (default) or github-benchmark (customSmallerIsBetter array)
        exit codes: 0 ok, 7 run invalid (generator saturated, or a debug build), 64 usage, 65 bad input
        """

    static func run(_ arguments: [String]) throws -> ExitCode {
        let args = try Arguments(arguments, options: valueOptions, flags: flagOptions)
        if args.flag("help") {
            print(usage)
            return .ok
        }
        guard args.positionals.isEmpty else {
            throw CLIError.usage("unexpected argument '\(args.positionals[0])'; run takes only options")
        }
        let scenario = try scenario(from: args, defaultThreads: ProcessInfo.processInfo.activeProcessorCount)
        try scenario.validate()
        // Check every output path before the run, so a long run does not fail at its end.
        if let path = args.value("json") { try OutputPath.checkWritable(path, flag: "--json") }
        let format = try GitHubBenchmark.Format.parse(args.value("format"), json: args.value("json"))
        if let path = args.value("hlog") { try OutputPath.checkWritable(path, flag: "--hlog") }
        if let directory = args.value("hgrm") { try OutputPath.checkDirectory(directory, flag: "--hgrm") }

        let quiet = args.flag("quiet")
        if !Environment.isReleaseBuild { printError(Environment.debugBuildWarning) }
        let showProgress = !quiet && isatty(STDERR_FILENO) == 1
        let outcome = try Harness.run(scenario, progress: showProgress ? { line in printProgress(line) } : nil)
        if showProgress { printProgress(nil) }

        if !quiet { print(RunReport.text(outcome), terminator: "") }
        if let path = args.value("json") { try format.write(run: ResultDocument(outcome), to: path) }
        if let directory = args.value("hgrm") { _ = try HistogramFiles.writeHgrm(RunResult(outcome), to: directory) }
        if let path = args.value("hlog") { try HistogramFiles.writeHlog(outcome, to: path) }
        return outcome.validity.valid ? .ok : .runInvalid
    }

    /// Rewrites one status line on a terminal's stderr (`nil` clears it).
    private static func printProgress(_ line: String?) {
        let text = line.map { "\r\u{1B}[2K" + $0 } ?? "\r\u{1B}[2K"
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
