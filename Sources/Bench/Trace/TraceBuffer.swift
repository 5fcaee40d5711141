/// One recorded request, as small integers (formatted to text only after the run).
struct TraceEntry: Sendable, Equatable {
    /// Send time, nanoseconds since the start of the measured phase.
    var timeNanos: UInt64
    /// The device's index in the whole population (`SimulatedDevice.globalIndex`).
    var device: UInt32
    /// The resource index (`WorkloadDirectory.resourceIDs`); -1 for none (logout).
    var resource: Int32
    /// The requestor index (`WorkloadDirectory.requestorIDs`).
    var requestor: UInt16
    /// The operation (`TraceOperation` by `TraceEntry.operations` index).
    var op: UInt8
    /// The worker that sent it (orders equal times when merging).
    var worker: UInt16

    /// The operations by `op` value.
    static let operations: [TraceOperation] = [.get, .check, .verify, .logout]
}

/// A worker's trace of the measured phase: a pre-reserved array it alone appends to (no lock, no
/// allocation per request beyond the array's amortised growth), or nothing when not recording.
struct TraceBuffer: Sendable {
    /// Whether requests are recorded.
    let isEnabled: Bool
    /// The recorded requests, in the worker's send order.
    private(set) var entries: [TraceEntry] = []

    /// A buffer that records nothing.
    static let disabled = TraceBuffer(isEnabled: false, reserving: 0)

    /// A buffer, reserving room for `expected` entries when enabled.
    init(isEnabled: Bool, reserving expected: Int) {
        self.isEnabled = isEnabled
        if isEnabled { entries.reserveCapacity(max(expected, 1_024)) }
    }

    /// Records one request.
    @inline(__always)
    mutating func append(_ entry: TraceEntry) {
        entries.append(entry)
    }

    /// The entries, leaving the buffer empty.
    mutating func take() -> [TraceEntry] {
        let taken = entries
        entries = []
        return taken
    }
}
