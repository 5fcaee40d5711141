import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Outputs that would destroy or lose data are refused before the run: a path that is not a
/// regular file (73), two outputs naming one file (64); a symbolic link is followed. Inputs that
/// are missing or not regular files exit 66 naming the cause.
@Suite("Outputs and inputs: refused before the run, with sysexits codes", .serialized)
struct OutputSafetyCommandTests {
    /// A quick run's flags (HS256, a small population, no upstream latency, a 1 s measured phase).
    static let quick = [
        "run", "--alg", "hs256", "--devices", "200", "--threads", "2", "--rate", "200",
        "--upstream-latency", "0us/0us", "--duration", "1s", "--warmup", "0s", "--max-start-lag", "off",
        "--quiet",
    ]

    /// The error lines of `output` (without the debug build's banner).
    static func errors(_ output: CLIHarness.Output) -> [Substring] {
        output.stderr.split(separator: "\n").filter { $0.hasPrefix("authz-bench ") }
    }

    @Test(
        "Every output flag refuses a device node with 73, before the run, and leaves it a device",
        arguments: [
            ["--json"], ["--markdown"], ["--report"], ["--record-trace"], ["--hlog"],
        ]
    )
    func deviceRefused(flag: [String]) throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try CLIHarness.bench(Self.quick + flag + ["/dev/full"], in: directory)
        #expect(output.status == 73, "\(output.stderr)")
        #expect(Self.errors(output).count == 1, "\(output.stderr)")
        #expect(
            Self.errors(output).first?.contains("\(flag[0]) /dev/full: exists and is a character device") == true,
            "\(output.stderr)"
        )
        #expect(output.stdout.isEmpty, "the run must not start")
        #expect(FileFixtures.kind("/dev/full") == S_IFCHR)
    }

    @Test(
        "Other commands' outputs refuse a device node too",
        arguments: [
            ["capacity", "--slo", "inline.p99<1s", "--json", "/dev/full"],
            ["capacity", "--slo", "inline.p99<1s", "--report", "/dev/full"],
            ["micro", "--json", "/dev/full"],
            ["sweep", "--requests", "1000", "--capacities", "100", "--strategies", "lru", "--json", "/dev/full"],
        ]
    )
    func otherCommands(arguments: [String]) throws {
        let output = try CLIHarness.bench(arguments)
        #expect(output.status == 73, "\(output.stderr)")
        #expect(
            Self.errors(output).first?.contains("/dev/full: exists and is a character device") == true,
            "\(output.stderr)"
        )
        #expect(FileFixtures.kind("/dev/full") == S_IFCHR)
    }

    @Test("A FIFO is refused with 73 (never opened: nothing blocks), a directory where a file goes too")
    func fifoAndDirectory() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(mkfifo(directory.appendingPathComponent("r.json").path, 0o600) == 0)
        let fifo = try CLIHarness.bench(Self.quick + ["--json", "r.json"], in: directory)
        #expect(fifo.status == 73, "\(fifo.stderr)")
        #expect(Self.errors(fifo).first?.contains("--json r.json: exists and is a FIFO") == true, "\(fifo.stderr)")
        #expect(FileFixtures.kind(directory.appendingPathComponent("r.json").path) == S_IFIFO)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("d"),
            withIntermediateDirectories: false
        )
        let folder = try CLIHarness.bench(Self.quick + ["--report", "d"], in: directory)
        #expect(folder.status == 73, "\(folder.stderr)")
        #expect(
            Self.errors(folder).first?.contains("--report d: exists and is a directory") == true,
            "\(folder.stderr)"
        )
    }

    /// The tests' standard output is a pipe: `/dev/stdout` leads to it through /proc's link.
    @Test("--json /dev/stdout on a pipe is refused with 73; /dev/stdout stays a link")
    func standardOutput() throws {
        let output = try CLIHarness.bench(Self.quick + ["--json", "/dev/stdout"])
        #expect(output.status == 73, "\(output.stderr)")
        #expect(
            Self.errors(output).first?.contains("--json /dev/stdout: exists and is a FIFO") == true,
            "\(output.stderr)"
        )
        #expect(FileFixtures.kind("/dev/stdout") == S_IFLNK)
    }

    @Test("A directory that cannot take a file is refused with 73 before the run, the cause named")
    func unwritableDirectory() throws {
        // /proc refuses new files for every user, root included.
        let output = try CLIHarness.bench(Self.quick + ["--metrics-textfile", "/proc/r.prom"])
        #expect(output.status == 73, "\(output.stderr)")
        #expect(
            Self.errors(output).first?.contains("--metrics-textfile /proc/r.prom: cannot create a file in /proc (")
                == true,
            "\(output.stderr)"
        )
        #expect(output.stdout.isEmpty)
    }

    @Test(
        "Two outputs naming one file are refused with 64 before the run, naming both",
        arguments: [
            (["--hlog", "X", "--json", "X"], "--json X and --hlog X"),
            (["--json", "X", "--report", "./X"], "--json X and --report ./X"),
            (["--json", "X", "--record-trace", "sub/../X"], "--json X and --record-trace sub/../X"),
            (["--json", "X", "--markdown", "link"], "--json X and --markdown link"),
            (["--hgrm", "hg", "--json", "hg"], "--json hg and --hgrm hg"),
            (["--hgrm", "hg", "--json", "hg/responseTime.hgrm"], "--json hg/responseTime.hgrm and --hgrm hg"),
            (
                ["--json", "X", "--format", "github-benchmark", "--report", "X-bigger"],
                "--json X-bigger and --report X-bigger"
            ),
        ]
    )
    func sameFile(outputs: [String], names: String) throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(symlink("X", directory.appendingPathComponent("link").path) == 0)
        let output = try CLIHarness.bench(Self.quick + outputs, in: directory)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(Self.errors(output).count == 1, "\(output.stderr)")
        #expect(Self.errors(output).first?.contains(names) == true, "\(output.stderr)")
        #expect(output.stdout.isEmpty, "the run must not start")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["link"])
    }

    @Test("compare --json X --markdown X is refused with 64")
    func compareSameFile() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLIHarness.bench(Self.quick + ["--json", "a.json"], in: directory)
        #expect([0, 7].contains(run.status), "\(run.stderr)")
        let output = try CLIHarness.bench(
            ["compare", "a.json", "a.json", "--json", "X", "--markdown", "X"],
            in: directory
        )
        #expect(output.status == 64, "\(output.stderr)")
        #expect(Self.errors(output).first?.contains("--markdown X and --json X") == true, "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("X").path))
    }

    @Test(
        "A symbolic link output is followed: the link stays, its target holds the result; the console names the shard 1-based"
    )
    func symlinkFollowed() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "OLD".write(to: directory.appendingPathComponent("target.json"), atomically: false, encoding: .utf8)
        #expect(symlink("target.json", directory.appendingPathComponent("link.json").path) == 0)
        let arguments = Self.quick.filter { $0 != "--quiet" } + ["--json", "link.json", "--shard", "2/3"]
        let output = try CLIHarness.bench(arguments, in: directory)
        #expect([0, 7].contains(output.status), "\(output.stderr)")
        #expect(FileFixtures.kind(directory.appendingPathComponent("link.json").path) == S_IFLNK)
        let text = try String(contentsOf: directory.appendingPathComponent("target.json"), encoding: .utf8)
        #expect(text.contains("\"shard\" : \"2/3\""), "\(text.prefix(200))")
        #expect(output.stdout.contains("shard 2/3"), "\(output.stdout.prefix(300))")
        #expect(!output.stdout.contains("shard 1/3"))
    }

    @Test(
        "Inputs: a missing file and a symbolic link loop exit 66 naming the cause",
        arguments: [
            (["token", "inspect", "missing.token"], "token file missing.token: no such file"),
            (["token", "inspect", "loopa"], "token file loopa: too many levels of symbolic links (ELOOP"),
            (["token", "inspect", "."], "token file .: is a directory; expected a regular file"),
        ]
    )
    func noInput(arguments: [String], message: String) throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        FileFixtures.symlinkLoop(in: directory)
        let output = try CLIHarness.bench(arguments, in: directory)
        #expect(output.status == 66, "\(output.stderr)")
        #expect(Self.errors(output).first?.contains(message) == true, "\(output.stderr)")
    }

    @Test(
        "capacity --start-rate/--max-rate out of range names the flag and the value as given",
        arguments: [
            "start-rate", "max-rate",
        ]
    )
    func capacityRate(flag: String) throws {
        let output = try CLIHarness.bench(["capacity", "--slo", "inline.p99<1s", "--\(flag)", "1e12"])
        #expect(output.status == 64, "\(output.stderr)")
        #expect(
            Self.errors(output).first?.contains(
                "--\(flag) expects a rate of at least 1 and at most 100000000 requests/s, got '1e12'"
            ) == true,
            "\(output.stderr)"
        )
    }

    @Test("--shard-index-env: a variable set but empty is called empty, not unset")
    func emptyShardVariable() throws {
        let process = Process()
        process.executableURL = CLIHarness.executable
        process.arguments = ["run", "--shard-index-env", "JCI_EMPTY", "--shards", "3", "--duration", "1s"]
        var environment = ProcessInfo.processInfo.environment
        environment["JCI_EMPTY"] = ""
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(text.contains("--shard-index-env JCI_EMPTY: the variable is set but empty"), "\(text)")
    }
}
