import AuthZCore
import AuthZSimulation

/// The engine the harness drives: the strategy-generic AuthZCore engine with the simulated backend.
package typealias HarnessEngine<TC: CacheStrategy<TokenBytesKey, VerifiedAuthN>, AC: CacheStrategy<AuthorizationKey, CachedAuthorization>> =
    AuthorizationEngine<TC, AC, SimulatedBackend>

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
    /// Gate calibration (`--inject-delay`): a busy wait before every inline answer (0 = none).
    package var injectDelayNanos: UInt64 = 0

    /// A plan from its values.
    package init(isOpenLoop: Bool, warmupNanos: UInt64, durationNanos: UInt64, graceNanos: UInt64, drainNanos: UInt64,
        stallNanos: UInt64 = 0, stallPeriodNanos: UInt64 = 0, stageSample: Int = 0)
    {
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

/// What every worker of a run shares: the target, the simulated world, the timing plan, the clock
/// and the run's coordination.
package struct WorkerContext<Target: LoadTarget, Clock: WorkerClock>: Sendable {
    /// The engine driven.
    package var target: Target
    /// The media server's verifier (`verify` operations, replay attacks).
    package var mediaVerifier: MediaTokenVerifier
    /// Re-authenticates devices (after a logout, or an expired token).
    package var authenticator: Authenticator
    /// Names and trust relations.
    package var directory: WorkloadDirectory
    /// The timing plan.
    package var timing: WorkerTiming
    /// Lifetime of minted media tokens, milliseconds.
    package var mediaTTLMillis: Int64
    /// The clocks.
    package var clock: Clock
    /// The run's parked requests.
    package var gauge: InFlightGauge
    /// Start barrier, progress and results.
    package var control: RunControl

    /// A context from its values.
    package init(target: Target, mediaVerifier: MediaTokenVerifier, authenticator: Authenticator,
        directory: WorkloadDirectory, timing: WorkerTiming, mediaTTLMillis: Int64, clock: Clock,
        gauge: InFlightGauge, control: RunControl)
    {
        self.target = target
        self.mediaVerifier = mediaVerifier
        self.authenticator = authenticator
        self.directory = directory
        self.timing = timing
        self.mediaTTLMillis = mediaTTLMillis
        self.clock = clock
        self.gauge = gauge
        self.control = control
    }
}

/// A media token verified once, kept to be presented again by the replay attack.
package struct ReplayCandidate: Sendable {
    /// The token bytes.
    package var token: [UInt8]
    /// The resource index it was minted for.
    package var resource: Int
    /// When it was verified, epoch milliseconds.
    package var verifiedAt: Int64
}

/// One worker of the load, run as one long block on its own Dispatch queue: owns a slice of the
/// devices (sessions of one simulated viewer each), sends its schedule (open loop) or keeps its
/// sessions busy (closed loop), and never waits for the upstream: a parked request takes a slot of
/// the worker's pending table and completes through the worker's inbox, which the worker empties
/// between sends and records single-threaded.
///
/// Generic over the target, the clock and the request log, so that tests can drive the same code
/// with a manual clock and a scripted upstream; the run specialises it for the engine, the system
/// clocks and no log.
package struct LoadWorker<Target: LoadTarget, Clock: WorkerClock, Log: RequestLog> {
    /// What every worker of the run shares.
    let context: WorkerContext<Target, Clock>
    /// This worker's share of the run.
    let plan: WorkerPlan
    /// Its attack material.
    let kit: AttackKit
    /// Its devices (their tokens change on re-authentication).
    var devices: [SimulatedDevice]
    /// Its operations (nil without devices).
    var stream: OperationStream?
    /// Media tokens minted and not verified yet.
    var pending = MediaTokenRing()
    /// The media token the replay attack presents again.
    var replayCandidate: ReplayCandidate?
    /// Whether a fresh media token for the replay attack is being minted (parked).
    var refreshingReplay = false
    /// Latency and in-flight histograms.
    var recorder: LatencyRecorder
    /// The measured requests' trace (`run --record-trace`); disabled by default.
    var trace = TraceBuffer.disabled
    /// Every completed request (tests); nothing in a run.
    var log = Log()
    /// Measured result codes by `ResultCode.harnessIndex`.
    var codes = [Int](repeating: 0, count: ResultCode.harnessCount)
    /// Measured failures (`ResultCode.isFailure(expected:)`) by `ResultCode.harnessIndex`.
    var failures = [Int](repeating: 0, count: ResultCode.harnessCount)
    /// Measured attacks by expected code, and those answered otherwise.
    var attacksExpected = [Int](repeating: 0, count: ResultCode.harnessCount)
    var attacksUnexpected = 0
    /// Round-robin position in the kit.
    var attackVariant = 0
    /// Where the completions of its parked requests land.
    let inbox: WorkerInbox<Clock>
    /// Its parked requests.
    var table = PendingTable()
    /// The completions being recorded (its capacity is reused).
    var batch: [InboxEntry] = []
    /// Its exactly-once account of parked requests.
    var ledger = CompletionLedger()
    /// Measured requests completed, the latest measured send, and injected stalls that hit one.
    var requests = 0
    var lastSend: UInt64 = 0
    var stalls = 0
    /// The most requests in flight at a measured send.
    var maxInFlight = 0
    /// Start of the measured phase and the index of its last interval (set when the run starts).
    var measuredStart: UInt64 = 0
    var lastInterval = 0

    /// The worker's index.
    package var index: Int { plan.worker }

    /// A worker of `plan` over its devices (with their `favorites`) and its attack `kit`.
    package init(context: WorkerContext<Target, Clock>, plan: WorkerPlan, devices: [SimulatedDevice],
        favorites: DeviceFavorites, kit: AttackKit, replayCandidate: ReplayCandidate?, mix: OperationMix,
        trace: TraceBuffer)
    {
        self.context = context
        self.plan = plan
        self.kit = kit
        self.devices = devices
        self.replayCandidate = replayCandidate
        self.trace = trace
        if !devices.isEmpty {
            stream = OperationStream(seed: plan.seed, shard: plan.shard, worker: plan.worker, mix: mix,
                favorites: favorites)
        }
        recorder = LatencyRecorder(recordsStartLag: context.timing.isOpenLoop)
        inbox = WorkerInbox(clock: context.clock, gauge: context.gauge)
        batch.reserveCapacity(256)
    }
}

/// A worker's exactly-once account of its parked requests: in a correct run every parked request
/// completes once, so `stray` and `pendingAtStop` are zero (otherwise the run is invalid).
package struct CompletionLedger: Sendable, Equatable {
    /// Requests the engine parked (the load's and the worker's own bookkeeping).
    package var parked = 0
    /// Completions matched to a parked request.
    package var completed = 0
    /// Completions for no parked request (a free slot, or an earlier generation of one): a
    /// request completed twice, or one the engine had answered inline.
    package var stray = 0
    /// Parked requests still without a completion when the worker stopped waiting.
    package var pendingAtStop = 0

    /// A ledger from its values.
    package init(parked: Int = 0, completed: Int = 0, stray: Int = 0, pendingAtStop: Int = 0) {
        self.parked = parked
        self.completed = completed
        self.stray = stray
        self.pendingAtStop = pendingAtStop
    }

    /// Adds `other`'s counts.
    package mutating func add(_ other: CompletionLedger) {
        parked += other.parked
        completed += other.completed
        stray += other.stray
        pendingAtStop += other.pendingAtStop
    }

    /// Why a run with this ledger is invalid, one line each; empty when every parked request
    /// completed exactly once.
    package var invalidReasons: [String] {
        var reasons: [String] = []
        if stray > 0 {
            reasons.append("\(stray) completions matched no parked request (a request completed twice, or both "
                + "answered and completed)")
        }
        if pendingAtStop > 0 {
            reasons.append("\(pendingAtStop) parked requests never completed (the engine's upstream timeout did not end them)")
        }
        return reasons
    }
}
