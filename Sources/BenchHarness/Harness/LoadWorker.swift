import AuthZCore
import AuthZSimulation

/// The engine the harness drives: the strategy-generic AuthZCore engine with the simulated backend.
package typealias HarnessEngine<TC: CacheStrategy<TokenBytesKey, VerifiedAuthN>, AC: CacheStrategy<AuthorizationKey, CachedAuthorization>> =
    AuthorizationEngine<TC, AC, SimulatedBackend>

/// The timing plan of a run, shared by every worker (all nanoseconds).
package struct WorkerTiming: Sendable {
    /// Open loop: the interval between two requests of one worker (`threads / rate` seconds); nil in closed loop.
    package var periodNanos: Double?
    /// Warm-up length.
    package var warmupNanos: UInt64
    /// Measured phase length.
    package var durationNanos: UInt64
    /// After the measured phase ends, how long a late worker may still send its scheduled requests.
    package var graceNanos: UInt64
    /// Injected stall length (0 = none) and period.
    package var stallNanos: UInt64
    /// Period of the injected stall.
    package var stallPeriodNanos: UInt64
    /// 1 request in `stageSample` is observed (0 = none).
    package var stageSample: Int
}

/// One worker thread of the load: owns a slice of the devices, generates its operation stream,
/// paces it (open loop) and records every request's latencies.
package struct LoadWorker<TC: CacheStrategy<TokenBytesKey, VerifiedAuthN>, AC: CacheStrategy<AuthorizationKey, CachedAuthorization>> {
    package let index: Int
    package let threads: Int
    package let engine: HarnessEngine<TC, AC>
    package let mediaVerifier: MediaTokenVerifier
    package let authenticator: Authenticator
    package let directory: WorkloadDirectory
    package let kit: AttackKit
    package let timing: WorkerTiming
    package let mediaTTLMillis: Int64
    package var devices: [SimulatedDevice]
    package var stream: OperationStream
    package var pending = MediaTokenRing()
    package var replayCandidate: (token: [UInt8], resource: Int, verifiedAt: Int64)?
    package var recorder: LatencyRecorder
    /// The measured requests' trace (`run --record-trace`); disabled by default.
    package var trace = TraceBuffer.disabled
    package var codes = [Int](repeating: 0, count: ResultCode.harnessCount)
    package var attacksExpected = [Int](repeating: 0, count: ResultCode.harnessCount)
    package var attacksUnexpected = 0
    package var attackVariant = 0

    /// Runs the worker to the end of the measured phase; returns what it measured.
    package mutating func run(control: RunControl) -> WorkerResult {
        let t0 = control.arriveAndWaitForStart()
        let measuredStart = t0 &+ timing.warmupNanos
        let end = measuredStart &+ timing.durationNanos
        let hardStop = end &+ timing.graceNanos
        // Spread the workers' schedules so the aggregate is evenly spaced.
        let offset = timing.periodNanos.map { $0 * Double(index) / Double(threads) } ?? 0
        var nextStall = timing.stallNanos > 0 ? t0 &+ timing.stallPeriodNanos : UInt64.max
        var published = 0
        var requests = 0
        var lastSend: UInt64 = 0
        var stalls = 0
        var sequence: UInt64 = 0
        var none = NoStageObserver()
        // A local, not a stored property: passing a property of `self` inout to a method of `self`
        // would make the call copy `self` (and its histograms) on every request.
        var stages = StageHistograms()
        let recordsTrace = trace.isEnabled
        while true {
            let operation = stream.next()
            let now0 = CoarseClock().nowMillis()
            let call = prepare(operation, now: now0)
            let intended: UInt64
            if let period = timing.periodNanos {
                intended = t0 &+ UInt64(offset + Double(sequence) * period)
                if intended >= end { break }
                Pacer.wait(until: intended)
            } else {
                intended = MonotonicClock.nanoseconds()
                if intended >= end { break }
            }
            // Timed section: from here to `done`.
            let send = MonotonicClock.nanoseconds()
            if send >= hardStop { break }
            let measured = intended >= measuredStart
            if send >= nextStall {
                Pacer.sleep(nanoseconds: timing.stallNanos)
                while nextStall <= send { nextStall &+= timing.stallPeriodNanos }
                if measured { stalls += 1 }
            }
            let now = CoarseClock().nowMillis()
            let observed = measured && timing.stageSample > 0 && sequence % UInt64(timing.stageSample) == 0
            let outcome = observed
                ? execute(call, now: now, observer: &stages)
                : execute(call, now: now, observer: &none)
            let done = MonotonicClock.nanoseconds()
            // Untimed from here: recording and simulation bookkeeping.
            let interval = measured ? Int((intended &- measuredStart) / 1_000_000_000) : nil
            if let interval {
                while published < interval && published < recorder.intervalCount {
                    control.publish(recorder.interval(published))
                    published += 1
                }
            }
            recorder.record(interval: interval, response: done &- intended, service: done &- send,
                startLag: send &- intended)
            if measured {
                requests += 1
                lastSend = max(lastSend, send)
                codes[outcome.code.harnessIndex] += 1
                if let attack = operation.attack {
                    attacksExpected[attack.expectedCode.harnessIndex] += 1
                    if outcome.code != attack.expectedCode { attacksUnexpected += 1 }
                }
                if recordsTrace { recordTrace(operation, call, sentAt: send &- measuredStart) }
            }
            finish(operation, call, outcome, now: now)
            sequence &+= 1
        }
        while published < recorder.intervalCount {
            control.publish(recorder.interval(published))
            published += 1
        }
        return WorkerResult(
            latency: recorder, stages: stages, codes: codes, attacksExpected: attacksExpected,
            attacksUnexpected: attacksUnexpected, requests: requests, lastSendNanos: lastSend, stalls: stalls,
            trace: trace.take())
    }
}
