import AuthZCore

/// The measured requests of a worker, and of the run once the workers' tallies are added: by
/// result code, failures, and attacks by the code they expect. The run's totals (`requests`,
/// `codes`, `failures`, `attacks`) are this tally; the interval histograms count the same requests
/// again, per second, and must agree with it.
package struct RequestTally: Sendable, Equatable {
    /// Measured requests completed.
    package var requests = 0
    /// Measured requests by `ResultCode.harnessIndex`.
    package var codes = [Int](repeating: 0, count: ResultCode.harnessCount)
    /// Measured failures (`ResultCode.isFailure(expected:)`) by `ResultCode.harnessIndex`.
    package var failures = [Int](repeating: 0, count: ResultCode.harnessCount)
    /// Measured attacks by the `harnessIndex` of the code they expect.
    package var attacksExpected = [Int](repeating: 0, count: ResultCode.harnessCount)
    /// Attacks answered with another code than expected.
    package var attacksUnexpected = 0

    /// An empty tally.
    package init() {}

    /// Counts one measured request answered `code`; `expected` is its attack's expected code (nil
    /// for the load's own requests).
    @inline(__always)
    package mutating func count(_ code: ResultCode, expected: ResultCode?) {
        requests += 1
        codes[code.harnessIndex] += 1
        if let expected {
            attacksExpected[expected.harnessIndex] += 1
            if code != expected { attacksUnexpected += 1 }
        }
        if code.isFailure(expected: expected) { failures[code.harnessIndex] += 1 }
    }

    /// Adds `other`'s counts.
    package mutating func add(_ other: RequestTally) {
        requests += other.requests
        for index in 0..<ResultCode.harnessCount {
            codes[index] += other.codes[index]
            failures[index] += other.failures[index]
            attacksExpected[index] += other.attacksExpected[index]
        }
        attacksUnexpected += other.attacksUnexpected
    }

    /// The non-zero entries of a per-code array, by code.
    package static func byCode(_ counts: [Int]) -> [ResultCode: Int] {
        var byCode: [ResultCode: Int] = [:]
        for index in counts.indices where counts[index] > 0 {
            byCode[ResultCode.fromHarnessIndex(index)] = counts[index]
        }
        return byCode
    }
}
