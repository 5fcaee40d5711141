import BenchHarness

/// The writes of a command's outputs after its work: a write that fails does not stop the others
/// (a full disk for the `.hlog` must not cost the JSON result); each failure is reported as one
/// line, and the command exits with the first failure's code.
struct OutputWrites {
    /// The failures so far, in order.
    private(set) var failures: [CLIError] = []

    /// Runs `write`, recording its failure instead of throwing it.
    mutating func attempt(_ write: () throws -> Void) {
        do {
            try write()
        } catch let error as CLIError {
            failures.append(error)
        } catch let error as BenchError {
            failures.append(CLIError(error))
        } catch {
            failures.append(CLIError(message: String(describing: error), exitCode: .failure))
        }
    }

    /// Records a failure met elsewhere (the streamed `.hlog`'s).
    mutating func record(_ error: BenchError?) {
        if let error { failures.append(CLIError(error)) }
    }

    /// Throws when a write failed: every failure but the last printed as a line of `command`, the
    /// last thrown with the first failure's exit code.
    func finish(command: String) throws(CLIError) {
        guard let first = failures.first, let last = failures.last else { return }
        for failure in failures.dropLast() { printError("authz-bench \(command): \(failure.message)") }
        throw CLIError(message: last.message, exitCode: first.exitCode)
    }
}
