import AuthZCore
import BenchHarness
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One side of `ab`: an `authz-bench blocks` child process, spoken to by ``BlockProtocol``.
///
/// It owns the process: ``stop(promptly:)``, or the end of the driver (the child checks its parent
/// and exits), never leaves it running.
package final class BlockChild {
    /// `baseline` or `candidate`: how messages name the side.
    package let label: String
    /// The binary as given.
    package let binary: String
    /// The flags after `blocks`.
    package let arguments: [String]
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors: FileHandle
    private let errorsPath: String
    private var buffer: [UInt8] = []

    /// The glibc tunable that backs malloc's heap with transparent huge pages (glibc 2.35 and later;
    /// an older glibc ignores it, as does a kernel whose transparent huge pages are `never`).
    package static let hugePageTunable = "glibc.malloc.hugetlb=1"

    /// Starts `binary blocks ARGUMENTS` with its standard error kept in a temporary file (its last
    /// line explains an early exit). Throws 66 when the binary does not exist or is not executable.
    ///
    /// With `hugePages`, the child's heap is on transparent huge pages (``hugePageTunable`` added to
    /// `GLIBC_TUNABLES`): which physical pages a process gets sets how its working set falls into the
    /// CPU's caches for its whole life, and on 4 KiB pages two processes of one build differ by a few
    /// percent for that reason alone; 2 MiB pages leave far less to chance.
    package init(label: String, binary: String, arguments: [String], hugePages: Bool = false) throws(BenchError) {
        self.label = label
        self.binary = binary
        self.arguments = arguments
        var status = stat()
        guard stat(binary, &status) == 0 else {
            throw .noInput("\(label) binary \(binary): \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG, access(binary, X_OK) == 0 else {
            throw .noInput("\(label) binary \(binary): not an executable file")
        }
        // A name of its own (mkstemp), not one derived from the label: two children of one label
        // in one process, or drivers in containers sharing /tmp, must not share or unlink one file.
        var template = Array((NSTemporaryDirectory() + "authz-bench-ab-\(label)-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        errorsPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .cannotCreate(
                "\(label): cannot create \(errorsPath) for the child's messages: \(String(cString: strerror(errno)))"
            )
        }
        self.errors = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        // A command written to a child that just died must be an error to report, not SIGPIPE
        // ending the driver: the driver of child processes ignores it, as a server does.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["blocks"] + arguments
        if hugePages { process.environment = Self.environment(ProcessInfo.processInfo.environment, hugePages: true) }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            unlink(errorsPath)
            throw .noInput("\(label) binary \(binary): cannot start it: \(error.localizedDescription)")
        }
    }

    /// `base` with ``hugePageTunable`` added to `GLIBC_TUNABLES` when `hugePages` (kept as it is when
    /// that already sets the tunable: the user's own value wins).
    package static func environment(_ base: [String: String], hugePages: Bool) -> [String: String] {
        guard hugePages else { return base }
        var environment = base
        let tunables = base["GLIBC_TUNABLES", default: ""]
        guard !tunables.split(separator: ":").contains(where: { $0.hasPrefix("glibc.malloc.hugetlb=") }) else {
            return base
        }
        environment["GLIBC_TUNABLES"] = tunables.isEmpty ? hugePageTunable : tunables + ":" + hugePageTunable
        return environment
    }

    deinit {
        stop()
        unlink(errorsPath)
    }

    /// Waits up to `seconds` for the child's greeting and checks it: 65 when the binary is not an
    /// authz-bench that speaks this protocol, or speaks another version of it or of the schema;
    /// the child's own exit code when it refused its flags (64).
    package func greeting(
        within seconds: Double,
        stop: StopRequest = .process
    ) throws(BenchError) -> BlockProtocol.Greeting {
        guard let line = try readLine(within: seconds, waitingFor: "its greeting", stop: stop) else {
            throw exitedError(before: "its greeting")
        }
        guard let greeting = try? JSONDecoder().decode(BlockProtocol.Greeting.self, from: Data(line.utf8)),
            greeting.protocol == BlockProtocol.name
        else {
            self.stop()
            throw .badInput(
                "\(label) binary \(binary) is not an authz-bench speaking the block protocol: its first line was "
                    + "\(Self.quoted(line))"
            )
        }
        guard greeting.version == BlockProtocol.version, greeting.schemaVersion == BenchDocumentHeader.schemaVersion
        else {
            self.stop()
            throw .badInput(
                "\(label) binary \(binary) speaks block protocol \(greeting.version) with result schema "
                    + "\(greeting.schemaVersion); this authz-bench needs protocol \(BlockProtocol.version) and schema "
                    + "\(BenchDocumentHeader.schemaVersion)"
            )
        }
        return greeting
    }

    /// Asks for block `index` of `seconds` and waits for its report (up to twice its length plus a minute).
    package func measure(
        block index: Int,
        seconds: Double,
        stop: StopRequest = .process
    ) throws(BenchError) -> BlockReport {
        try send(.block(index: index, seconds: seconds))
        guard let line = try readLine(within: seconds * 2 + 60, waitingFor: "block \(index)", stop: stop) else {
            throw exitedError(before: "the report of block \(index)")
        }
        guard let report = try? JSONDecoder().decode(BlockReport.self, from: Data(line.utf8)), report.block == index
        else {
            self.stop()
            throw .badInput("\(label) binary \(binary): block \(index) answered with \(Self.quoted(line))")
        }
        return report
    }

    /// Whether the child process is still running.
    package var isRunning: Bool { process.isRunning }

    /// Ends the child: `quit` and the end of its input, then SIGTERM after up to 3 s, then SIGKILL
    /// after 1 s more; `promptly` skips the `quit` (the driver itself is being stopped). Safe to
    /// call more than once.
    package func stop(promptly: Bool = false) {
        guard process.isRunning else { return }
        if !promptly {
            try? input.fileHandleForWriting.write(contentsOf: Data((BlockProtocol.Command.quit.line + "\n").utf8))
            try? input.fileHandleForWriting.close()
            if waitForExit(seconds: 3) { return }
        }
        kill(process.processIdentifier, SIGTERM)
        if waitForExit(seconds: 1) { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Whether the child exited within `seconds`.
    private func waitForExit(seconds: Double) -> Bool {
        let deadline = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        while process.isRunning, MonotonicClock.nanoseconds() < deadline { usleep(5_000) }
        if process.isRunning { return false }
        process.waitUntilExit()
        return true
    }

    /// Writes one command line.
    private func send(_ command: BlockProtocol.Command) throws(BenchError) {
        do {
            try input.fileHandleForWriting.write(contentsOf: Data((command.line + "\n").utf8))
        } catch {
            throw exitedError(before: "the command '\(command.line)'")
        }
    }

    /// The next line of the child's output; nil at its end. Waits in `poll`, so a signal to the
    /// driver (``StopRequest``) is seen at once: the child is stopped and the stop thrown.
    private func readLine(
        within seconds: Double,
        waitingFor what: String,
        stop: StopRequest
    ) throws(BenchError) -> String? {
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if let signal = stop.signal {
                self.stop(promptly: true)
                throw .failure("\(label): stopped by \(StopRequest.name(signal))")
            }
            let now = MonotonicClock.nanoseconds()
            guard now < deadline else {
                self.stop()
                throw .badInput("\(label) binary \(binary): no \(what) within \(Int(seconds)) s; stopped it")
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min((deadline - now) / 1_000_000, 1_000)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[..<count])
            guard buffer.count <= BlockProtocol.maximumLineBytes else {
                self.stop()
                throw .badInput(
                    "\(label) binary \(binary): a line longer than \(BlockProtocol.maximumLineBytes) bytes while "
                        + "waiting for \(what)"
                )
            }
        }
    }

    /// The error for a child that ended (or closed its output) before `what`: its exit status and
    /// the last line it wrote to standard error. A child that refused its flags exits 64, and so
    /// does `ab` (the flags are the user's); any other end is 65, naming the binary.
    private func exitedError(before what: String) -> BenchError {
        stop()
        try? errors.synchronize()
        let text = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        let last = text.split(separator: "\n").last.map { String($0.prefix(300)) } ?? "no message"
        let status =
            process.terminationReason == .uncaughtSignal
            ? "killed by \(StopRequest.name(process.terminationStatus))" : "exit \(process.terminationStatus)"
        let message = "\(label) binary \(binary) ended before \(what) (\(status)): \(last)"
        if process.terminationReason == .exit, process.terminationStatus == 64, !text.contains("unknown command") {
            return .invalidSetting(message)
        }
        return .badInput(message)
    }

    /// `line` quoted for a message, up to 120 characters.
    private static func quoted(_ line: String) -> String {
        let shown = line.count > 120 ? line.prefix(120) + "..." : Substring(line)
        return "'\(shown.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "?" }.joined())'"
    }
}
