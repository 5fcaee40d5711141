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
        /// An input file or value is malformed, or an output path cannot be written.
        case badInput
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
    /// Any other failure.
    package static func failure(_ message: String) -> BenchError { BenchError(.failure, message) }

    /// The message.
    package var description: String { message }
}
