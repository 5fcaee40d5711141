import AuthZCore
import AuthZSimulation

/// The engine the harness drives: the strategy-generic AuthZCore engine with the simulated backend.
package typealias HarnessEngine<
    TC: CacheStrategy<TokenBytesKey, VerifiedAuthN>,
    AC: CacheStrategy<AuthorizationKey, CachedAuthorization>
> =
    AuthorizationEngine<TC, AC, SimulatedBackend>

/// One worker of the load, run as one long block on its own Dispatch queue: owns a slice of the
/// devices (sessions of one simulated viewer each), sends its schedule (open loop) or keeps its
/// sessions busy (closed loop), and never waits for the upstream: a parked request takes a slot of
/// the worker's pending table and completes through the worker's inbox, which the worker empties
/// between sends and records single-threaded.
///
/// A request goes through four steps, one file each: prepare (`LoadWorker+Prepare.swift`, untimed),
/// send (`LoadWorker+Send.swift`, the timed engine call), record (`LoadWorker+Record.swift`,
/// recording, inline or from the inbox) and bookkeeping (`LoadWorker+Bookkeeping.swift`, the
/// simulated devices' state); `LoadWorker+Loop.swift` paces them.
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
    /// Measured requests by result code, failures and attacks: the run's totals.
    var tally = RequestTally()
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
    /// The latest measured send, and injected stalls that hit one.
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
    package init(
        context: WorkerContext<Target, Clock>,
        plan: WorkerPlan,
        devices: [SimulatedDevice],
        favorites: DeviceFavorites,
        kit: AttackKit,
        replayCandidate: ReplayCandidate?,
        mix: OperationMix,
        trace: TraceBuffer
    ) {
        self.context = context
        self.plan = plan
        self.kit = kit
        self.devices = devices
        self.replayCandidate = replayCandidate
        self.trace = trace
        if !devices.isEmpty {
            stream = OperationStream(
                seed: plan.seed,
                shard: plan.shard,
                worker: plan.worker,
                mix: mix,
                favorites: favorites
            )
        }
        recorder = LatencyRecorder(
            recordsStartLag: context.timing.isOpenLoop,
            operations: devices.isEmpty ? [] : OperationLabel.sent(by: mix)
        )
        inbox = WorkerInbox(clock: context.clock, gauge: context.gauge)
        batch.reserveCapacity(256)
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
