import AuthZCore

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
