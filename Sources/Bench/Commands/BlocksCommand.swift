import BenchHarness
import BenchResults
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `authz-bench blocks`: one side of `ab`. It sets up and warms up the workload its flags
/// describe, greets, then measures one block per `block N SECONDS` line on its standard input
/// and answers each with one report line (``BlockProtocol``). Not meant to be run by hand.
enum BlocksCommand {
    /// The `--help` text.
    static var usage: String {
        """
        usage: authz-bench blocks [workload flags of run]

        The child that 'authz-bench ab' starts on each side: it sets up and warms up once (--warmup), writes
        one greeting line (JSON) on its standard output, then reads commands on its standard input:
        'block N SECONDS' measures one block and answers one report line (JSON); 'quit' or the end of the
        input ends it with exit 0. It ends as well when the process that started it ends. The measured
        phase is the driver's blocks (no --duration, --stages) and it writes no file. The open loop spins
        between requests (--pacing spin) unless --pacing says otherwise.
        exit codes: 0 done, 64 usage (a flag of the measured phase or an output, a bad command line),
                    65 a result that cannot be reported, 74 its standard output closed
        """
    }

    /// Flags of `run` that describe the measured phase or its outputs: `ab`'s blocks replace them.
    static let refused = ["duration", "stages", "start-at", "shard-index-env", "shards"]

    /// Runs the child; returns its exit code.
    static func run(_ arguments: [String]) throws -> ExitCode {
        guard
            let args = try Arguments.optionsOnly(
                arguments,
                command: "blocks",
                options: WorkloadFlags.valueOptions,
                flags: WorkloadFlags.flagOptions.union(["help"]),
                usage: usage
            )
        else { return .ok }
        if let flag = refused.first(where: { args.value($0) != nil }) {
            throw CLIError.usage("--\(flag) is not a flag of blocks: the measured phase is the driver's blocks")
        }
        var parsed = try WorkloadFlags.scenario(
            from: args,
            defaultThreads: ProcessInfo.processInfo.activeProcessorCount
        )
        // A block's spread is mostly what the host ran on a core while it idled between two
        // requests (results/README.md): the open loop spins unless told otherwise.
        if args.value("pacing") == nil, parsed.loop.rate != nil { parsed.pacing = .spin }
        let scenario = parsed
        try scenario.validate(quoting: args.value)
        signal(SIGPIPE, SIG_IGN)
        OrphanWatch.start()
        let marks = Mutex(BlockMarks())
        let environment = Environment.current()
        let session = BlockSession(
            ready: { seconds in
                let greeting = BlockProtocol.Greeting(
                    schemaVersion: BenchDocumentHeader.schemaVersion,
                    toolVersion: BenchVersion.current,
                    build: environment.build,
                    gitCommit: environment.gitCommit == "unknown" ? nil : environment.gitCommit,
                    loop: scenario.loop.rate == nil ? "closed" : "open",
                    pacing: scenario.loop.rate == nil ? nil : scenario.pacing.rawValue,
                    readySeconds: seconds
                )
                try writeLine(greeting)
            },
            next: {
                while let line = Swift.readLine(strippingNewline: true) {
                    if line.isEmpty { continue }
                    guard let command = BlockProtocol.Command(line: line) else {
                        throw CLIError.usage(
                            "expected 'block N SECONDS' or 'quit' on the standard input, got '\(line.prefix(80))'"
                        )
                    }
                    switch command {
                    case .quit: return nil
                    case .block(let index, let seconds):
                        marks.withLock { $0 = BlockMarks(index: index) }
                        return seconds
                    }
                }
                return nil
            },
            report: { result in
                let start = marks.withLock { $0 }
                let end = BlockMarks(index: start.index)
                try writeLine(
                    BlockReport(
                        block: start.index,
                        result: result,
                        cpuSeconds: end.cpuSeconds - start.cpuSeconds,
                        stealSeconds: start.stealTicks.flatMap { before in
                            end.stealTicks.map { Double($0 &- before) / BlockMarks.ticksPerSecond }
                        },
                        cpus: ProcessInfo.processInfo.activeProcessorCount
                    )
                )
            }
        )
        _ = try Harness.run(scenario, progress: nil, blocks: session)
        return .ok
    }

    /// Writes `value` as one JSON line on the standard output (unbuffered).
    private static func writeLine(_ value: some Encodable) throws {
        var data = try JSONEncoder().encode(value)
        data.append(UInt8(ascii: "\n"))
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            throw CLIError(message: "the standard output closed: the driver is gone", exitCode: .ioError)
        }
    }
}

/// What the child reads at a block's start and end: its CPU time and the host's steal time.
struct BlockMarks: Sendable {
    /// The clock ticks of /proc/stat per second.
    static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// The block these marks are of.
    var index = 0
    /// The process's user and system time, seconds.
    var cpuSeconds: Double
    /// The machine's steal ticks (all CPUs), nil where /proc/stat does not say.
    var stealTicks: UInt64?

    /// Reads both now.
    init(index: Int = 0) {
        self.index = index
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        cpuSeconds =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        stealTicks = Self.steal()
    }

    /// The 8th figure of /proc/stat's `cpu` line (steal), summed over the CPUs by the kernel.
    static func steal() -> UInt64? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first, line.hasPrefix("cpu ")
        else { return nil }
        let fields = line.split(separator: " ")
        return fields.count > 8 ? UInt64(fields[8]) : nil
    }
}

/// Ends the child when the process that started it ends: the pipes' ends can be held by the other
/// side's child, so the end of the input alone does not say the driver is gone.
enum OrphanWatch {
    /// Starts a thread that checks the parent every 200 ms and exits (status 1) once it changed.
    static func start() {
        let parent = getppid()
        let thread = Thread {
            while getppid() == parent { usleep(200_000) }
            _exit(1)
        }
        thread.stackSize = 64 * 1024
        thread.start()
    }
}
