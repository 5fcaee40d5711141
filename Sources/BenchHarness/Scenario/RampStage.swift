/// One stage of `--stages` (`DURATION:RATE`, k6's name), a ramp: over `durationMillis` the rate
/// goes linearly from the previous stage's rate (0 before the first) to `rate` requests/s of this
/// process. A stage of duration 0 is a step to `rate`. Not a hot-path stage (AuthZCore's `Stage`).
package struct RampStage: Codable, Sendable, Equatable {
    /// How long the ramp lasts, milliseconds (0: a step).
    package var durationMillis: Int64
    /// The rate it reaches, requests/s of this process.
    package var rate: Double

    /// A ramp stage from its values.
    package init(durationMillis: Int64, rate: Double) {
        self.durationMillis = durationMillis
        self.rate = rate
    }
}

extension [RampStage] {
    /// The measured phase they make: the sum of their durations, milliseconds (saturating).
    package var durationMillis: Int64 {
        reduce(0) { total, stage in total.addingReportingOverflow(stage.durationMillis).partialValue }
    }

    /// The rate the profile starts at, which the warm-up holds: the first stage's rate if it is a
    /// step (`0s:RATE`), else 0.
    package var startRate: Double {
        guard let first, first.durationMillis == 0 else { return 0 }
        // Several leading steps: the last of them is where the first ramp starts.
        return prefix { $0.durationMillis == 0 }.last?.rate ?? first.rate
    }

    /// The requests the stages deliver: the integral of their rate over the measured phase.
    package var requests: Double {
        var previous = 0.0
        var total = 0.0
        for stage in self {
            total += (previous + stage.rate) * Double(stage.durationMillis) / 2_000
            previous = stage.rate
        }
        return total
    }

    /// Their mean rate over the measured phase (requests / duration), the open loop's target rate.
    package var meanRate: Double {
        let millis = durationMillis
        return millis > 0 ? requests * 1_000 / Double(millis) : 0
    }
}
