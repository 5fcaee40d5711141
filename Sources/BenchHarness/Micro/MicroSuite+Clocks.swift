import AuthZCore

#if canImport(Glibc)
import Glibc
#endif

extension MicroSuite {
    /// Clock reads: each `WallClock` beside a direct `clock_gettime` of the same clock.
    package static func clockCases() -> [MicroCase] {
        func clockCase(_ name: String, _ clock: some WallClock, _ id: clockid_t, _ label: String) -> MicroCase {
            MicroCase(
                name: name,
                makeSubject: {
                    { n in
                        var sum: Int64 = 0
                        for _ in 0..<n { sum &+= clock.nowMillis() }
                        blackHole(sum)
                    }
                },
                referenceLabel: label,
                makeReference: {
                    { n in
                        var sum: Int64 = 0
                        var ts = timespec()
                        for _ in 0..<n {
                            clock_gettime(id, &ts)
                            sum &+= Int64(ts.tv_sec) &* 1000 &+ Int64(ts.tv_nsec) / 1_000_000
                        }
                        blackHole(sum)
                    }
                }
            )
        }
        return [
            clockCase("clock.system", SystemClock(), CLOCK_REALTIME, "clock_gettime(CLOCK_REALTIME)"),
            clockCase("clock.coarse", CoarseClock(), CLOCK_REALTIME_COARSE, "clock_gettime(CLOCK_REALTIME_COARSE)"),
        ]
    }
}
