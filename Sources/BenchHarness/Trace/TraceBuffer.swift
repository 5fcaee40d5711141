/// One recorded request, as small integers (formatted to text only after the run).
package struct TraceEntry: Sendable, Equatable {
    /// Send time, nanoseconds since the start of the measured phase.
    package var timeNanos: UInt64
    /// The device's index in the whole population (`SimulatedDevice.globalIndex`).
    package var device: UInt32
    /// The resource index (`WorkloadDirectory.resourceIDs`); -1 for none (logout).
    package var resource: Int32
    /// The requestor index (`WorkloadDirectory.requestorIDs`).
    package var requestor: UInt16
    /// The operation (`TraceOperation` by `TraceEntry.operations` index).
    package var op: UInt8
    /// The worker that sent it (orders equal times when merging).
    package var worker: UInt16

    /// Creates a value from its stored properties.
    package init(timeNanos: UInt64, device: UInt32, resource: Int32, requestor: UInt16, op: UInt8, worker: UInt16) {
        self.timeNanos = timeNanos
        self.device = device
        self.resource = resource
        self.requestor = requestor
        self.op = op
        self.worker = worker
    }

    /// The operations by `op` value.
    package static let operations: [TraceOperation] = [.get, .check, .verify, .logout]
}

/// A worker's trace of the measured phase: a pre-reserved array it alone appends to (no lock, no
/// allocation per request beyond the array's amortised growth), or nothing when not recording.
package struct TraceBuffer: Sendable {
    /// Whether requests are recorded.
    package let isEnabled: Bool
    /// The recorded requests, in the worker's send order.
    package private(set) var entries: [TraceEntry] = []

    /// A buffer that records nothing.
    package static let disabled = TraceBuffer(isEnabled: false, reserving: 0)

    /// A buffer, reserving room for `expected` entries when enabled.
    package init(isEnabled: Bool, reserving expected: Int) {
        self.isEnabled = isEnabled
        if isEnabled { entries.reserveCapacity(max(expected, 1_024)) }
    }

    /// Records one request.
    @inline(__always)
    package mutating func append(_ entry: TraceEntry) {
        entries.append(entry)
    }

    /// The entries, leaving the buffer empty.
    package mutating func take() -> [TraceEntry] {
        let taken = entries
        entries = []
        return taken
    }
}
