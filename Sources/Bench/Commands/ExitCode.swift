import BenchHarness

#if canImport(Glibc)
import Glibc
#endif

/// The process exit codes of the public contract.
enum ExitCode: Int32, Sendable {
    /// Success.
    case ok = 0
    /// Anything not covered below.
    case failure = 1
    /// `compare` found a regression.
    case regression = 2
    /// `run --start-at`: the process was ready only after the start time plus its grace; it ran
    /// nothing and wrote no result.
    case missedStart = 3
    /// `compare` found improvements only.
    case improvementOnly = 4
    /// `compare` had no baseline to compare with.
    case noBaseline = 5
    /// A service-level objective (`--slo`) was not met.
    case sloNotMet = 6
    /// The run is invalid (generator saturated or behind `--max-start-lag`, or a debug build where
    /// release was required).
    case runInvalid = 7
    /// The command line was wrong (BSD `EX_USAGE`).
    case usage = 64
    /// An input file or value was malformed (BSD `EX_DATAERR`).
    case badInput = 65
    /// An input file is missing, cannot be opened or is not a regular file (BSD `EX_NOINPUT`).
    case noInput = 66
    /// An output cannot be created (BSD `EX_CANTCREAT`).
    case cannotCreate = 73
    /// A read or write failed part-way, e.g. a full disk (BSD `EX_IOERR`).
    case ioError = 74
    /// `run` or `capacity` was interrupted by SIGINT (128 + 2, as a shell reports it): what was
    /// measured is written, marked interrupted.
    case interrupted = 130
    /// The same for SIGQUIT (128 + 3).
    case quit = 131
    /// The same for SIGTERM (128 + 15).
    case terminated = 143

    /// The code of a run or search ended early by the signal named `signal` (`SIGINT`, `SIGTERM`,
    /// `SIGQUIT`).
    init(interruptedBy signal: String) {
        switch signal {
        case "SIGTERM": self = .terminated
        case "SIGQUIT": self = .quit
        default: self = .interrupted
        }
    }
}

extension CLIError {
    /// The one-line error and exit code for a library's `BenchError`.
    init(_ error: BenchError) {
        let code: ExitCode
        switch error.reason {
        case .invalidSetting: code = .usage
        case .badInput: code = .badInput
        case .noInput: code = .noInput
        case .cannotCreate: code = .cannotCreate
        case .ioError: code = .ioError
        case .missingBaseline: code = .noBaseline
        case .failure: code = .failure
        }
        self.init(message: error.message, exitCode: code)
    }
}

extension ExitCode {
    /// The exit code of `compare`'s overall verdict (`Comparison.overall`).
    init(verdict: String) {
        switch verdict {
        case "invalid": self = .runInvalid
        case "regression": self = .regression
        case "improvement": self = .improvementOnly
        default: self = .ok
        }
    }
}

/// An error the CLI reports as one line, with its exit code.
struct CLIError: Error, Sendable {
    /// The one-line message: names the flag or file and what was expected.
    var message: String
    /// The exit code for this error.
    var exitCode: ExitCode

    /// A usage error (exit 64).
    static func usage(_ message: String) -> CLIError { CLIError(message: message, exitCode: .usage) }
    /// A bad-input error (exit 65).
    static func badInput(_ message: String) -> CLIError { CLIError(message: message, exitCode: .badInput) }

}

/// Writes `message` to standard error as one line (`ErrorLine.sanitized`: whatever input it quotes).
func printError(_ message: String) {
    printErrorText(ErrorLine.sanitized(message))
}

/// Writes `text` and a newline to standard error as it is: for the tool's own multi-line texts
/// (the usage, the debug-build banner), never for a message that quotes an input.
func printErrorText(_ text: String) {
    var line = text
    line.append("\n")
    line.withUTF8 { bytes in
        var rest = UnsafeRawBufferPointer(bytes)
        while !rest.isEmpty {
            let n = write(STDERR_FILENO, rest.baseAddress, rest.count)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return }
            rest = UnsafeRawBufferPointer(rebasing: rest[n...])
        }
    }
}
