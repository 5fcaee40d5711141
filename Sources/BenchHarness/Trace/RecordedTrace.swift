import AuthZCore
import Foundation

/// The trace of a whole run (`run --record-trace`): every worker's entries merged by time, with
/// the names their indices stand for.
package struct RecordedTrace: Sendable {
    /// The entries in time order (ties: worker, then the worker's own order).
    package var entries: [TraceEntry]
    /// Requestor names by index.
    package var requestorIDs: [String]
    /// Resource names by index.
    package var resourceIDs: [String]

    /// Merges the workers' buffers by time (a stable sort keeps each worker's order on ties).
    ///
    /// - Complexity: O(n log n) in the number of entries.
    package init(workers: [[TraceEntry]], requestorIDs: [String], resourceIDs: [String]) {
        var all: [TraceEntry] = []
        all.reserveCapacity(workers.reduce(0) { $0 + $1.count })
        for worker in workers { all.append(contentsOf: worker) }
        // Stable on (time, worker): entries of one worker are appended in send order.
        let order = all.indices.sorted { a, b in
            let x = all[a]
            let y = all[b]
            if x.timeNanos != y.timeNanos { return x.timeNanos < y.timeNanos }
            if x.worker != y.worker { return x.worker < y.worker }
            return a < b
        }
        entries = order.map { all[$0] }
        self.requestorIDs = requestorIDs
        self.resourceIDs = resourceIDs
    }

    /// The device identifier of population index `index` (also the prefix of its authN GUIDs).
    package static func deviceName(_ index: UInt32) -> String { "d\(index)" }

    /// The entries as trace records (for tests and small traces).
    package var records: [TraceRecord] {
        entries.map { entry in
            TraceRecord(
                timeMillis: Int64(entry.timeNanos / 1_000_000),
                op: TraceEntry.operations[Int(entry.op)],
                device: Self.deviceName(entry.device),
                requestor: requestorIDs[Int(entry.requestor)],
                resource: entry.resource >= 0 ? resourceIDs[Int(entry.resource)] : ""
            )
        }
    }

    /// The trace file's bytes (`TraceCSV`'s format), formatted straight from the integers.
    ///
    /// - Complexity: O(n).
    package func csvBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(entries.count * 32 + 64)
        out.append(contentsOf: TraceCSV.header.utf8)
        out.append(0x0A)
        let operations = TraceEntry.operations.map { Array($0.rawValue.utf8) }
        let requestors = requestorIDs.map { Array($0.utf8) }
        let resources = resourceIDs.map { Array($0.utf8) }
        for entry in entries {
            Self.appendDecimal(entry.timeNanos / 1_000_000, to: &out)
            out.append(0x2C)
            out.append(contentsOf: operations[Int(entry.op)])
            out.append(0x2C)
            out.append(0x64)  // "d"
            Self.appendDecimal(UInt64(entry.device), to: &out)
            out.append(0x2C)
            out.append(contentsOf: requestors[Int(entry.requestor)])
            out.append(0x2C)
            if entry.resource >= 0 { out.append(contentsOf: resources[Int(entry.resource)]) }
            out.append(0x0A)
        }
        return out
    }

    /// Appends the decimal digits of `value`.
    private static func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
        var divisor: UInt64 = 1
        while divisor <= value / 10 { divisor *= 10 }
        while divisor > 0 {
            out.append(0x30 + UInt8(value / divisor % 10))
            divisor /= 10
        }
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
        RecordedTrace(
            workers: results.map(\.trace),
            requestorIDs: directory.requestorIDs,
            resourceIDs: directory.resourceIDs
        )
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
