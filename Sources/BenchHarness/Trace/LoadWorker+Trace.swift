import AuthZCore
import Foundation

extension LoadWorker {
    /// Appends the measured request to the worker's trace (untimed; attacks are not recorded:
    /// they never reach the authorization cache).
    @inline(__always)
    package mutating func recordTrace(_ operation: Operation, _ call: PreparedCall, sentAt: UInt64) {
        guard operation.attack == nil else { return }
        let slot = Int(operation.device)
        let op: UInt8
        var resource = operation.resource
        switch call {
        case .get: op = 0
        case .check: op = 1
        case .verify(_, let verified):
            op = 2
            resource = Int32(truncatingIfNeeded: verified)
        case .logout:
            op = 3
            resource = -1
        }
        trace.append(TraceEntry(
            timeNanos: sentAt, device: devices[slot].globalIndex, resource: resource, requestor: devices[slot].requestor, op: op,
            worker: UInt16(truncatingIfNeeded: index)))
    }
}

extension HarnessSetup {
    /// A worker's trace buffer: disabled, or reserved for its share of the measured requests
    /// (open loop: rate x duration / threads, plus 10%; closed loop: 64 Ki, then amortised growth).
    package func traceBuffer() -> TraceBuffer {
        guard recordsTrace else { return .disabled }
        var expected = 65_536
        if let rate = scenario.loop.rate {
            expected = Int(rate * Double(scenario.durationMillis) / 1_000 / Double(scenario.threads) * 1.1)
        }
        return TraceBuffer(isEnabled: true, reserving: expected)
    }

    /// The workers' traces merged by time, with the directory's names.
    package func recordedTrace(_ results: [WorkerResult]) -> RecordedTrace {
        RecordedTrace(workers: results.map(\.trace), requestorIDs: directory.requestorIDs,
            resourceIDs: directory.resourceIDs)
    }
}

/// Writes a run's trace file.
package enum TraceFile {
    /// Writes `trace` (no trace: just the header) to `path` atomically.
    package static func write(_ trace: RecordedTrace?, to path: String) throws(BenchError) {
        let bytes = trace?.csvBytes() ?? Array((TraceCSV.header + "\n").utf8)
        try AtomicFile.write(Data(bytes), to: path)
    }
}
