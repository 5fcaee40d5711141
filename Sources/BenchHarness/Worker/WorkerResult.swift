/// What one worker measured.
package struct WorkerResult: Sendable {
    /// Latency histograms: the warm-up's (the measured intervals were handed over as they completed).
    package var latency: LatencyRecorder
    /// Stage histograms (measured phase, sampled).
    package var stages: StageHistograms
    /// Measured-phase requests by result code, failures and attacks.
    package var tally: RequestTally
    /// Latest send time of a measured request (monotonic ns), 0 if none.
    package var lastSendNanos: UInt64
    /// Injected stalls that hit a measured request.
    package var stalls: Int
    /// The most requests in flight at one of its measured sends.
    package var maxInFlight: Int
    /// Its exactly-once account of parked requests.
    package var ledger: CompletionLedger
    /// The measured requests' trace (empty unless recording).
    package var trace: [TraceEntry] = []
}
