import AuthZCore
import BenchHarness
import Testing

@Suite("Failures apart from answers")
struct ResultCodeFailureTests {
    /// Ordinary traffic: a grant, the upstream's denial and a device's own expired token are
    /// answers; everything else is a failure.
    @Test(arguments: ResultCode.allCases)
    func ordinaryTraffic(code: ResultCode) {
        let answers: Set<ResultCode> = [.validToken, .notAuthorized, .tokenExpired]
        #expect(code.isFailure(expected: nil) == !answers.contains(code))
    }

    /// An attack is answered only by the code it must be rejected with: any other, a grant above
    /// all, is a failure.
    @Test(arguments: AttackKind.allCases)
    func attackTraffic(attack: AttackKind) {
        for code in ResultCode.allCases {
            #expect(code.isFailure(expected: attack.expectedCode) == (code != attack.expectedCode), "\(attack) \(code)")
        }
        #expect(ResultCode.validToken.isFailure(expected: attack.expectedCode))
        #expect(ResultCode.upstreamUnavailable.isFailure(expected: attack.expectedCode))
    }

    @Test func failuresByNameCountTheLedgerApart() {
        let failures = ResultSummary.failures(["UPSTREAM_UNAVAILABLE": 4], ledgerFaults: 2)
        #expect(failures == ["UPSTREAM_UNAVAILABLE": 4, ResultSummary.ledgerFaultName: 2])
        #expect(ResultSummary.failures([:], ledgerFaults: 0).isEmpty)
    }

    /// The recorder puts each request's response time in its path's histogram as well.
    @Test func theRecorderSplitsResponseTimeByPath() {
        var recorder = LatencyRecorder(recordsStartLag: true)
        recorder.advance(to: 0)
        recorder.record(operation: .check, interval: 0, response: 1_000, service: 900, startLag: 100)
        recorder.record(operation: .check, interval: 0, response: 2_000, service: 1_900, startLag: 100)
        recorder.record(
            operation: .get,
            interval: 0,
            response: 200_000_000,
            service: 199_000_000,
            startLag: 100,
            upstreamWait: 198_000_000
        )
        recorder.record(operation: .check, interval: nil, response: 5_000, service: 4_000, startLag: 100)
        let set = recorder.current
        #expect(set.inline.totalCount == 2 && set.parked.totalCount == 1)
        #expect(set.inline.totalCount + set.parked.totalCount == set.response.totalCount)
        #expect(set.parked.max >= 199_000_000 && set.inline.max < 3_000)
        #expect(recorder.warmup.inline.totalCount == 1 && recorder.warmup.parked.totalCount == 0)
        var merged = LatencyRecorder.Histograms()
        merged.add(set)
        #expect(merged.byKind[.inline]?.totalCount == 2 && merged.byKind[.parked]?.totalCount == 1)
        merged.reset()
        #expect(merged.inline.totalCount == 0 && merged.parked.totalCount == 0)
    }
}
