import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT/SIGTERM during `run` and `capacity`: the load stops, what was measured is written,
/// marked interrupted and invalid, one line says so, and the exit code is 128 + the signal.
@Suite("run and capacity interrupted by a signal", .serialized)
struct InterruptCommandTests {
    /// Starts `authz-bench arguments` in `directory` (output to files there); waits until
    /// `ready(directory)` holds (the load is under way), then sends `signal`; returns the exit
    /// status and standard error.
    static func interrupt(
        _ arguments: [String],
        in directory: URL,
        signal: Int32,
        ready: (URL) -> Bool
    ) throws -> (status: Int32, stderr: String, stdout: String) {
        let out = directory.appendingPathComponent("stdout.txt")
        let err = directory.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = CLIHarness.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Waits for an event (the file the process writes once its load runs), not for a time:
        // the timeout only bounds a broken build.
        let deadline = Date().addingTimeInterval(300)
        while !ready(directory), process.isRunning, Date() < deadline { usleep(20_000) }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return (
            process.terminationStatus, (try? String(contentsOf: err, encoding: .utf8)) ?? "",
            (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        )
    }

    /// Whether `name` in `directory` holds `text`.
    static func holds(_ name: String, _ text: String) -> (URL) -> Bool {
        { directory in
            ((try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? "").contains(text)
        }
    }

    @Test(
        "run: the result of the measured part is written, marked interrupted and invalid; 130 for SIGINT, 143 for SIGTERM",
        arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, 143, "SIGTERM")]
    )
    func run(signal: Int32, exit: Int32, name: String) throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = [
            "run", "--alg", "hs256", "--devices", "200", "--threads", "2", "--rate", "200",
            "--upstream-latency", "0us/0us", "--duration", "10m", "--warmup", "0s", "--max-start-lag", "off", "--quiet",
            "--json", "r.json", "--hgrm", "hg", "--hlog", "r.hlog",
        ]
        // The first interval is in the log: the load runs and something was measured.
        let result = try Self.interrupt(
            arguments,
            in: directory,
            signal: signal,
            ready: Self.holds("r.hlog", "Tag=inFlight,0.000")
        )
        #expect(result.status == exit, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("authz-bench ") }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("authz-bench run: interrupted by \(name) after ") == true, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json")))
        let summary = try #require((json as? [String: Any])?["summary"] as? [String: Any])
        #expect(summary["interrupted"] as? String == name)
        #expect(summary["valid"] as? Bool == false)
        #expect((summary["requests"] as? Int ?? 0) > 0)
        #expect(((summary["invalidReasons"] as? [String]) ?? []).contains { $0.hasPrefix("interrupted by \(name)") })
        let histograms = try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("hg").path
        )
        #expect(histograms.contains("responseTime.hgrm"))
        #expect(
            try String(contentsOf: directory.appendingPathComponent("r.hlog"), encoding: .utf8).contains("#[StartTime")
        )
    }

    @Test("capacity: the completed steps are written with no knee; 130")
    func capacity() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The search must still be running when the signal comes, so the first step must pass: a
        // failing start rate ends the search, and the process, at once. With the start-lag bound
        // off a step fails only when it achieved less than 99% of its rate; at 2 requests/s from
        // one worker the last send is due half a second before the end of the step, so only a
        // generator half a second late could fail it (at 50 requests/s, 30 ms late did).
        let arguments = [
            "capacity", "--slo", "inline.p99<10s", "--start-rate", "2", "--threads", "1", "--step-duration", "1s",
            "--warmup", "0s", "--alg", "hs256", "--devices", "200", "--upstream-latency", "0us/0us",
            "--max-start-lag", "off", "--max-steps", "1000", "--precision", "0.1%", "--json", "cap.json",
        ]
        // The first step's row is printed: one step is complete.
        let result = try Self.interrupt(
            arguments,
            in: directory,
            signal: SIGINT,
            ready: { directory in
                let text =
                    (try? String(contentsOf: directory.appendingPathComponent("stdout.txt"), encoding: .utf8)) ?? ""
                return text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("1 ") }
            }
        )
        #expect(result.status == 130, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("authz-bench ") }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(
            lines.first?.hasPrefix("authz-bench capacity: interrupted by SIGINT after ") == true,
            "\(result.stderr)"
        )
        let json = try JSONSerialization.jsonObject(
            with: Data(contentsOf: directory.appendingPathComponent("cap.json"))
        )
        let document = try #require(json as? [String: Any])
        #expect(document["interrupted"] as? String == "SIGINT")
        let steps = try #require(document["steps"] as? [[String: Any]])
        #expect(steps.count >= 1)
        #expect(document["stepCount"] as? Int == steps.count)
        #expect(document["knee"] == nil)
    }
}
