import Foundation
import Testing

/// Runs the built `authz-bench` executable and the `openssl` CLI from tests.
package enum CLIHarness {
    /// The result of one process run.
    package struct Output {
        package var status: Int32
        package var stdout: String
        package var stderr: String

        /// The one-line error `authz-bench COMMAND: MESSAGE` on standard error, without its
        /// `authz-bench COMMAND: ` prefix (the whole of standard error when it has another shape).
        package var message: String {
            var text = stderr
            if text.hasSuffix("\n") { text.removeLast() }
            guard text.hasPrefix("authz-bench "), let colon = text.range(of: ": ") else { return text }
            return String(text[colon.upperBound...])
        }
    }

    /// The `authz-bench` executable the command-line suites run: `AUTHZ_BENCH_TEST_BINARY` when
    /// set (`make test` runs them against its release build, from the AddressSanitizer build's
    /// test bundle), else the one beside the test bundle.
    package static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["AUTHZ_BENCH_TEST_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
        var directory = bundle.deletingLastPathComponent()
        // `swift test` runs <bin>/authz-benchPackageTests.xctest; the executable is in <bin>.
        for _ in 0..<4
        where !FileManager.default.fileExists(atPath: directory.appendingPathComponent("authz-bench").path) {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("authz-bench")
    }

    /// Runs `executable` with `arguments` in `directory`, feeding `input` on standard input, with
    /// `environment` added to this process's.
    package static func run(
        _ executable: URL,
        _ arguments: [String],
        in directory: URL? = nil,
        input: Data? = nil,
        environment: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        let out = Pipe()
        let err = Pipe()
        let inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(input) }
        try inPipe.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self)
        )
    }

    /// Runs `authz-bench` with `arguments` (and `environment` added to this process's).
    package static func bench(
        _ arguments: [String],
        in directory: URL? = nil,
        input: Data? = nil,
        environment: [String: String] = [:]
    ) throws -> Output {
        try run(executable, arguments, in: directory, input: input, environment: environment)
    }

    /// Runs a shell command (for the openssl CLI); records an issue when it fails.
    @discardableResult
    package static func shell(_ command: String, in directory: URL) throws -> Output {
        let output = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: directory)
        if output.status != 0 { Issue.record("`\(command)` failed: \(output.stderr)") }
        return output
    }

    /// A fresh temporary directory.
    package static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("authz-bench-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Whether process `pid` has installed a handler for `signal` (its `SigCgt` mask in
    /// `/proc/PID/status`): a signal sent from then on is handled, not fatal. Signal 0 (no signal,
    /// `kill`'s probe) needs no handler.
    package static func catches(_ signal: Int32, pid: Int32) -> Bool {
        guard (1...64).contains(signal) else { return true }
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }
}
