import Foundation
import TestSupport

/// Runs `authz-bench` for the hostile-input suite: output to files (no pipe can fill up), standard
/// input from a file or `/dev/null`, Swift's backtracer off (a crash must end, not hang), a timeout,
/// and whether the process exited or died of a signal.
enum HostileProcess {
    /// What one run did.
    struct Result {
        /// Exit status, or the signal number when `signaled`.
        var status: Int32
        /// True when the process died of a signal (a crash).
        var signaled: Bool
        /// Standard output.
        var stdout: String
        /// Standard error.
        var stderr: String
    }

    /// Runs the built `authz-bench` with `arguments` in `directory`, standard input from `stdinFile`.
    static func run(
        _ arguments: [String],
        in directory: URL,
        stdinFile: URL?,
        timeout: TimeInterval = 120
    ) throws -> Result {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authz-bench-hostile-io-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: logs) }
        let outURL = logs.appendingPathComponent("stdout")
        let errURL = logs.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: stdinFile ?? URL(fileURLWithPath: "/dev/null"))
        defer {
            try? out.close()
            try? err.close()
            try? input.close()
        }
        let process = Process()
        process.executableURL = CLIHarness.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            done.wait()
        }
        return Result(
            status: process.terminationStatus,
            signaled: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
            stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
        )
    }
}
