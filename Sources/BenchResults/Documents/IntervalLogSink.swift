import AuthZCore
import AuthZSimulation
import BenchHarness
import Foundation
import HDRHistogram

#if canImport(Glibc)
import Glibc
#endif

/// The streamed `.hlog` of a run (`run --hlog FILE`): the file is created once the start is
/// confirmed, the header (with the metadata lines `merge` reads) is written when the start is
/// fixed, then each completed interval is written with one `write` as it completes, and the end
/// line when the run ended normally.
///
/// Each write goes straight to the kernel (no buffer in the process), so a run killed at any moment
/// (SIGKILL, an evicted pod) leaves a valid log of every interval written so far, without the end
/// line: a truncated log that HdrHistogram's readers and `merge` read. Not written atomically, by
/// design; not `fsync`ed (a crash of the host itself may lose the last seconds).
package final class IntervalLogSink: IntervalSink {
    private struct State: Sendable {
        var descriptor: Int32 = -1
        /// The device and inode of the file written: whether it is still at `path` at the end.
        var file: (device: UInt64, inode: UInt64)?
        var intervals = 0
        var writer: HDRLogWriter?
        var failure: BenchError?
    }

    private let path: String
    private let scenario: Scenario
    private let host: String
    private let state = Locked(State())

    /// A sink writing `path` for a run of `scenario` on `host`.
    package init(path: String, scenario: Scenario, host: String = ProcessInfo.processInfo.hostName) {
        self.path = path
        self.scenario = scenario
        self.host = host
    }

    /// Creates (or truncates) the file.
    package func open() throws(BenchError) {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw AtomicFile.failure(errno, "--hlog \(path): cannot create it (\(String(cString: strerror(errno))))")
        }
        var info = stat()
        let file = fstat(descriptor, &info) == 0 ? (UInt64(info.st_dev), UInt64(info.st_ino)) : nil
        state.withLock {
            $0.descriptor = descriptor
            $0.file = file
        }
    }

    /// Writes the header: StartTime = `startEpochMillis`, the metadata lines.
    package func begin(startEpochMillis: Int64) {
        let writer = HistogramFiles.hlogWriter(
            startEpochMillis: startEpochMillis,
            metadata: HistogramFiles.hlogMetadata(scenario: scenario, startEpochMillis: startEpochMillis, host: host)
        )
        state.withLock { state in
            state.writer = writer
            Self.write(writer.text, to: &state, path: path)
        }
    }

    /// Writes one interval's lines.
    package func write(_ interval: IntervalReport) {
        state.withLock { state in
            guard let writer = state.writer, state.failure == nil else { return }
            do throws(BenchError) {
                Self.write(try HistogramFiles.hlogLines(interval, writer: writer), to: &state, path: path)
                state.intervals += 1
            } catch {
                state.failure = error
            }
        }
    }

    /// Writes the end line.
    package func end(intervals: Int, requests: Int) {
        state.withLock { state in
            Self.write(
                HDRLogWriter.commentLine(HistogramFiles.hlogEnd(intervals: intervals, requests: requests)),
                to: &state,
                path: path
            )
        }
    }

    /// Closes the file; throws the first failure met.
    package func close() throws(BenchError) {
        let failure = state.withLock { state -> BenchError? in
            if state.descriptor >= 0, Glibc.close(state.descriptor) != 0, state.failure == nil {
                state.failure = .ioError("--hlog \(path): cannot close it (\(String(cString: strerror(errno))))")
            }
            state.descriptor = -1
            return state.failure
        }
        if let failure { throw failure }
    }

    /// After the run, once its verdict is known (`summary`): appends the verdict line
    /// (`HistogramFiles.hlogVerdict`) to the log, which `merge` reads so that a merged verdict
    /// carries this run's invalidity.
    ///
    /// - Throws: `BenchError.ioError` naming `--hlog` when the file written is no longer at its
    ///   path (removed, or its directory removed, during the run: what it held is lost, and the
    ///   run must not exit 0 as if it were written), or when the line cannot be appended.
    package func seal(_ summary: ResultSummary) throws(BenchError) {
        let (file, intervals) = state.withLock { ($0.file, $0.intervals) }
        guard let file else { return }
        func lost() -> BenchError {
            .ioError(
                "--hlog \(path): removed or replaced during the run (its directory too?); the \(intervals) "
                    + "interval(s) written to it are lost"
            )
        }
        let descriptor = Glibc.open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENOENT
                ? lost()
                : AtomicFile.failure(errno, "--hlog \(path): cannot reopen it (\(String(cString: strerror(errno))))")
        }
        defer { Glibc.close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, UInt64(info.st_dev) == file.device, UInt64(info.st_ino) == file.inode
        else { throw lost() }
        var sealed = State(descriptor: descriptor)
        Self.write(HDRLogWriter.commentLine(HistogramFiles.hlogVerdict(summary)), to: &sealed, path: path)
        if let failure = sealed.failure { throw failure }
    }

    /// Writes `text` whole (retrying short writes), recording the first failure.
    private static func write(_ text: String, to state: inout State, path: String) {
        guard state.descriptor >= 0, state.failure == nil else { return }
        var bytes = Array(text.utf8)
        let descriptor = state.descriptor
        let failed = bytes.withUnsafeMutableBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failed {
            state.failure = .ioError(
                "--hlog \(path): cannot write it (\(String(cString: strerror(failed)))); "
                    + "the log holds the intervals written before"
            )
        }
    }
}
