/// The timing plan of a run, shared by every worker (all nanoseconds).
package struct WorkerTiming: Sendable {
    /// Open loop (a schedule per worker) or closed loop (sessions).
    package var isOpenLoop: Bool
    /// Warm-up length.
    package var warmupNanos: UInt64
    /// Measured phase length.
    package var durationNanos: UInt64
    /// After the measured phase ends, how long a late worker may still send its scheduled requests.
    package var graceNanos: UInt64
    /// After its last send, how long a worker waits for its parked requests: the engine's
    /// upstream timeout ends every one of them before (with a margin for its sweep).
    package var drainNanos: UInt64
    /// Injected stall length (0 = none) and period.
    package var stallNanos: UInt64
    /// Period of the injected stall.
    package var stallPeriodNanos: UInt64
    /// 1 request in `stageSample` is observed (0 = none).
    package var stageSample: Int
    /// `--inject-delay`'s busy wait of an inline answer by `OperationKind.rawValue`; empty: none.
    package var injectDelayNanos: [UInt64] = []

    /// A plan from its values.
    package init(
        isOpenLoop: Bool,
        warmupNanos: UInt64,
        durationNanos: UInt64,
        graceNanos: UInt64,
        drainNanos: UInt64,
        stallNanos: UInt64 = 0,
        stallPeriodNanos: UInt64 = 0,
        stageSample: Int = 0
    ) {
        self.isOpenLoop = isOpenLoop
        self.warmupNanos = warmupNanos
        self.durationNanos = durationNanos
        self.graceNanos = graceNanos
        self.drainNanos = drainNanos
        self.stallNanos = stallNanos
        self.stallPeriodNanos = stallPeriodNanos
        self.stageSample = stageSample
    }
}

extension WorkerTiming {
    /// The busy waits of `scenario`'s `--inject-delay`, by `OperationKind.rawValue`: empty when none.
    package static func injectDelays(_ scenario: Scenario) -> [UInt64] {
        let delays = OperationKind.allCases.map { UInt64(max(scenario.injectDelayNanos(of: $0) ?? 0, 0)) }
        return delays.contains { $0 > 0 } ? delays : []
    }
}
