import AuthZCore

/// The measured requests that failed (`ResultCode.isFailure(expected:)`): by the code they got,
/// and the completion ledger's faults (a parked request completed twice, or never).
package struct Failures: Sendable, Equatable {
    /// Failed requests by code.
    package var codes: [ResultCode: Int]
    /// Parked requests completed twice or never (`CompletionLedger`).
    package var ledgerFaults: Int

    /// The name `summary.failures` counts the ledger's faults under.
    package static let ledgerFaultName = "LEDGER_FAULT"

    /// Failures from their counts.
    package init(codes: [ResultCode: Int] = [:], ledgerFaults: Int = 0) {
        self.codes = codes
        self.ledgerFaults = ledgerFaults
    }

    /// Every failure by name: the codes' names, and ``ledgerFaultName`` when there were any.
    package var byName: [String: Int] {
        var names: [String: Int] = [:]
        for (code, count) in codes where count > 0 { names[code.rawValue] = count }
        if ledgerFaults > 0 { names[Self.ledgerFaultName] = ledgerFaults }
        return names
    }
}
