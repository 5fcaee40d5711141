import AuthZCore
import AuthZSimulation

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
    package init(
        target: Target,
        mediaVerifier: MediaTokenVerifier,
        authenticator: Authenticator,
        directory: WorkloadDirectory,
        timing: WorkerTiming,
        mediaTTLMillis: Int64,
        clock: Clock,
        gauge: InFlightGauge,
        control: RunControl
    ) {
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
