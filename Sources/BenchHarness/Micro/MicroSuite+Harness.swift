import AuthZCore

extension MicroSuite {
    /// `harness.overhead.t1`: what the load harness adds to each request (schedule arithmetic, the
    /// clock reads around the call, the wall-clock read for token checks, and recording response,
    /// service and start-lag histograms), around a no-op operation; the reference is the no-op alone.
    /// The difference of the two ns/op is the harness's overhead per request.
    package static func harnessCase() -> MicroCase {
        MicroCase(
            name: "harness.overhead.t1",
            makeSubject: {
                let recorder = ThreadBox(LatencyRecorder(recordsStartLag: true, operations: [.check]))
                return { n in
                    let t0 = MonotonicClock.nanoseconds()
                    let period = 50.0  // ns between intended starts: always behind, never waits
                    var sum: Int64 = 0
                    for sequence in 0..<n {
                        let intended = t0 &+ UInt64(Double(sequence) * period)
                        let send = MonotonicClock.nanoseconds()
                        let now = CoarseClock().nowMillis()
                        sum &+= noOperation(now)
                        let done = MonotonicClock.nanoseconds()
                        recorder.value.record(
                            operation: .check,
                            interval: 0,
                            response: done &- intended,
                            service: done &- send,
                            startLag: send &- min(send, intended)
                        )
                    }
                    blackHole(sum)
                }
            },
            referenceLabel: "the no-op operation alone",
            makeReference: {
                { n in
                    var sum: Int64 = 0
                    for _ in 0..<n { sum &+= noOperation(1) }
                    blackHole(sum)
                }
            }
        )
    }
}

/// The operation that does nothing, behind a call the optimiser cannot remove.
@inline(never) @_optimize(none)
package func noOperation(_ value: Int64) -> Int64 {
    value
}
