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

    /// The non-zero entries of a per-code array, by code name, `excluded` left out.
    package static func names(_ counts: [Int], except excluded: ResultCode? = nil) -> [String: Int] {
        var names: [String: Int] = [:]
        for index in counts.indices where counts[index] > 0 && ResultCode.fromHarnessIndex(index) != excluded {
            names[ResultCode.fromHarnessIndex(index).rawValue] = counts[index]
        }
        return names
    }
}

extension ResultCode {
    /// Whether a request answered with this code is a failure of the system under test rather
    /// than an answer (see BenchHarness's MeasurementRules article).
    ///
    /// An attack request (`expected` is the code it must be rejected with) is answered when it gets
    /// exactly that code. Any other request is answered by `VALID_TOKEN`, by `NOT_AUTHORIZED` (the
    /// upstream's decision, or the engine's cached copy of it) and by `TOKEN_EXPIRED` (the device's
    /// own token lapsed, and the device signs in again): these are correct answers, however
    /// unwelcome to the viewer. Everything else is a failure: `UPSTREAM_UNAVAILABLE`, and a code
    /// that ordinary traffic must never get (a rejected signature on a token the harness signed is
    /// a bug, not an answer).
    @inline(__always)
    package func isFailure(expected: ResultCode?) -> Bool {
        if let expected { return self != expected }
        switch self {
        case .validToken, .notAuthorized, .tokenExpired: return false
        default: return true
        }
    }
}

extension ResultCode {
    /// The number of result codes (size of a per-code counter array).
    package static let harnessCount = 11

    /// A dense index `0..<harnessCount`, for counter arrays (no allocation, unlike `allCases`).
    @inline(__always)
    package var harnessIndex: Int {
        switch self {
        case .validToken: 0
        case .invalidTokenFormat: 1
        case .invalidSignature: 2
        case .tokenExpired: 3
        case .invalidResourceID: 4
        case .tokenReplayed: 5
        case .deviceMismatch: 6
        case .untrustedIssuer: 7
        case .notAuthenticated: 8
        case .notAuthorized: 9
        case .upstreamUnavailable: 10
        }
    }

    /// The code at `harnessIndex` `index`.
    package static func fromHarnessIndex(_ index: Int) -> ResultCode {
        allCases.first { $0.harnessIndex == index } ?? .validToken
    }
}
