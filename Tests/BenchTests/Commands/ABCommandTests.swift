import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `ab` and its `blocks` children with the real binary on both sides: the protocol spoken end to
/// end, bad binaries named, and no child left running however the driver ends.
@Suite("ab and blocks", .serialized)
struct ABCommandTests {
    /// A small open-loop workload both sides run.
    static let workload = [
        "--alg", "hs256", "--devices", "100", "--rate", "200", "--warmup", "100ms", "--threads", "1",
    ]

    @Test func blocksGreetsMeasuresABlockAndQuits() throws {
        let input = Data("block 0 0.3\nquit\n".utf8)
        let output = try CLIHarness.bench(["blocks"] + Self.workload, input: input)
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map { Data($0.utf8) }
        try #require(lines.count == 2)
        let greeting = try #require(try JSONSerialization.jsonObject(with: lines[0]) as? [String: Any])
        #expect(greeting["protocol"] as? String == "authz-bench-blocks")
        #expect(greeting["loop"] as? String == "open")
        // The open loop's children spin between requests unless told otherwise.
        #expect(greeting["pacing"] as? String == "spin")
        let report = try #require(try JSONSerialization.jsonObject(with: lines[1]) as? [String: Any])
        #expect(report["block"] as? Int == 0)
        let requests = try #require(report["requests"] as? Int)
        // 200 req/s over 0.3 s: a block sends its schedule, not the warm-up's.
        #expect((50...70).contains(requests))
        let metrics = try #require(report["metrics"] as? [String: Double])
        #expect(metrics["inline.p50"].map { $0 > 0 } == true)
        #expect(metrics["throughput"] != nil)
        #expect(metrics.keys.contains { $0.hasPrefix("stage.") })
        // The default mix: each operation's own figures, by the names compare gives them.
        for operation in ["get", "check", "verify"] {
            #expect(metrics["\(operation).inline.p50"].map { $0 > 0 } == true, "\(operation)")
            #expect(metrics["\(operation).throughput"].map { $0 > 0 } == true, "\(operation)")
        }
    }

    @Test(arguments: [
        (["--pacing", "sleep"], "open", "sleep"),
        (["--pacing", "spin"], "open", "spin"),
    ])
    func blocksPacesAsToldAndSaysSo(flags: [String], loop: String, pacing: String) throws {
        let output = try CLIHarness.bench(["blocks"] + Self.workload + flags, input: Data("quit\n".utf8))
        #expect(output.status == 0, "\(output.stderr)")
        let line = try #require(output.stdout.split(separator: "\n").first)
        let greeting = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(greeting["loop"] as? String == loop)
        #expect(greeting["pacing"] as? String == pacing)
    }

    @Test func aClosedLoopChildSaysNoPacing() throws {
        let output = try CLIHarness.bench(
            ["blocks", "--alg", "hs256", "--devices", "100", "--closed", "--warmup", "100ms", "--threads", "1"],
            input: Data("quit\n".utf8)
        )
        #expect(output.status == 0, "\(output.stderr)")
        let line = try #require(output.stdout.split(separator: "\n").first)
        let greeting = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(greeting["loop"] as? String == "closed")
        #expect(greeting["pacing"] == nil)
    }

    @Test(
        "blocks refuses the flags of a measured phase and bad command lines (64)",
        arguments: [
            (["--duration", "1s"], "", "--duration is not a flag of blocks"),
            (["--stages", "1s:5"], "", "--stages is not a flag of blocks"),
            ([], "block x\n", "expected 'block N SECONDS' or 'quit'"),
        ]
    )
    func blocksRefuses(flags: [String], input: String, message: String) throws {
        // No input for a child that refuses its flags: it may be gone before a write (SIGPIPE).
        let output = try CLIHarness.bench(
            ["blocks"] + Self.workload + flags,
            input: input.isEmpty ? nil : Data(input.utf8)
        )
        #expect(output.status == 64)
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1)
    }

    @Test func oneBinaryOnBothSidesGivesEveryPairAndAVerdictFile() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = CLIHarness.executable.path
        let output = try CLIHarness.bench(
            [
                "ab", binary, binary, "--pairs", "4", "--rounds", "2", "--min-pairs", "2", "--settle", "0",
                "--block", "200ms", "--max-start-lag", "off", "--max-steal", "99%", "--metrics", "inline.p50",
                "--json", "v.json", "--quiet",
            ]
                + Self.workload,
            in: directory
        )
        // The verdict of four debug pairs is whatever it is; the file must say how it was reached.
        #expect([0, 2, 4].contains(output.status), "\(output.stderr)")
        let data = try Data(contentsOf: directory.appendingPathComponent("v.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let pairs = try #require(document["pairs"] as? [[String: Any]])
        #expect(pairs.count == 4)
        // Two rounds, each a fresh pair of processes, two pairs each.
        #expect(pairs.map { $0["round"] as? Int } == [0, 0, 1, 1])
        let settings = try #require(document["settings"] as? [String: Any])
        #expect(settings["rounds"] as? Int == 2)
        #expect(settings["hugePages"] as? Bool == true)
        let metrics = try #require(document["metrics"] as? [[String: Any]])
        #expect(metrics.map { $0["metric"] as? String } == ["inline.p50"])
    }

    @Test(
        "ab refuses bad settings before it starts a child (64)",
        arguments: [
            (["--pairs", "4", "--rounds", "5"], "--rounds expects at most as many rounds as pairs (4), got 5"),
            (["--rounds", "0"], "--rounds"),
            (["--block", "10ms"], "--block expects a duration from 50ms to 10m"),
            (["--huge-pages", "yes"], "--huge-pages expects on or off, got 'yes'"),
        ]
    )
    func abRefuses(flags: [String], message: String) throws {
        let binary = CLIHarness.executable.path
        let output = try CLIHarness.bench(["ab", binary, binary, "--quiet"] + flags + Self.workload)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
    }

    @Test(
        "a binary that is missing or no authz-bench is named, with its exit code",
        arguments: [("/nonexistent/authz-bench", Int32(66)), ("/bin/true", 65)]
    )
    func badBinary(path: String, status: Int32) throws {
        let output = try CLIHarness.bench(["ab", path, CLIHarness.executable.path, "--quiet"] + Self.workload)
        #expect(output.status == status, "\(output.stderr)")
        #expect(output.stderr.contains("baseline"), "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
    }

    @Test(
        "no child outlives the driver: SIGINT, SIGTERM, SIGKILL",
        arguments: [SIGINT, SIGTERM, SIGKILL]
    )
    func childrenEndWithTheDriver(signal: Int32) throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = CLIHarness.executable.path
        let process = Process()
        process.executableURL = CLIHarness.executable
        process.arguments =
            ["ab", binary, binary, "--pairs", "1000", "--block", "200ms", "--max-start-lag", "off", "--quiet"]
            + Self.workload
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let driver = process.processIdentifier
        // Waits for an event (both children started), not for a time: the deadline bounds a broken build.
        var children: [Int32] = []
        let deadline = Date().addingTimeInterval(120)
        while children.count < 2, process.isRunning, Date() < deadline {
            usleep(50_000)
            children = Self.children(of: driver)
        }
        try #require(children.count == 2)
        kill(driver, signal)
        process.waitUntilExit()
        if signal != SIGKILL { #expect(process.terminationStatus == 128 + signal) }
        let gone = Date().addingTimeInterval(30)
        while children.contains(where: { kill($0, 0) == 0 && Self.isAlive($0) }), Date() < gone { usleep(50_000) }
        #expect(!children.contains { kill($0, 0) == 0 && Self.isAlive($0) })
    }

    /// The processes whose parent is `pid` (from /proc).
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { parent(of: $0) == pid }
    }

    /// The parent of `pid`, from /proc/PID/stat (nil when it is gone).
    static func parent(of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    /// Whether `pid` runs (a zombie, not yet reaped by whoever inherited it, does not).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }
}
