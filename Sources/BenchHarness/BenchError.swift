/// Why the harness or the result tools refused an input or could not finish: one line that names
/// the input (a setting, a file, a path) and what was expected.
///
/// The libraries throw it and never decide how a process ends: the `authz-bench` executable maps
/// each ``Reason`` to an exit code and prints ``message`` as its one-line error.
package struct BenchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    package enum Reason: Sendable, Equatable {
        /// A setting is out of range or contradicts another one; nothing was run or read.
        case invalidSetting
        /// An input file or value is malformed.
        case badInput
        /// An input file does not exist, cannot be opened or is not a regular file (BSD `EX_NOINPUT`).
        case noInput
        /// An output cannot be created: its path is not a regular file, its directory cannot be
        /// made or written, or two outputs name one file (BSD `EX_CANTCREAT`).
        case cannotCreate
        /// Reading or writing failed part-way (`ENOSPC`, `EIO`): the message names the cause (BSD `EX_IOERR`).
        case ioError
        /// The baseline a comparison needs does not exist.
        case missingBaseline
        /// Anything else: keys or tokens could not be made, an encoder failed.
        case failure
    }

    /// The kind of failure.
    package var reason: Reason
    /// The one-line message: names the input and what was expected.
    package var message: String

    /// Creates an error.
    package init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// A setting out of range or inconsistent.
    package static func invalidSetting(_ message: String) -> BenchError { BenchError(.invalidSetting, message) }
    /// A malformed input or an unwritable output.
    package static func badInput(_ message: String) -> BenchError { BenchError(.badInput, message) }
    /// A missing or unopenable input.
    package static func noInput(_ message: String) -> BenchError { BenchError(.noInput, message) }
    /// An output that cannot be created.
    package static func cannotCreate(_ message: String) -> BenchError { BenchError(.cannotCreate, message) }
    /// A read or write that failed part-way.
    package static func ioError(_ message: String) -> BenchError { BenchError(.ioError, message) }
    /// Any other failure.
    package static func failure(_ message: String) -> BenchError { BenchError(.failure, message) }

    /// The message.
    package var description: String { message }
}
