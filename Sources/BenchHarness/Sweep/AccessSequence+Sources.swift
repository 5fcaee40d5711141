import AuthZCore
import AuthZSimulation

extension AccessSequence {
    /// The deterministic synthetic workload: the population and traffic of a scenario (the same
    /// generator as `run`), `requests` operations long.
    package struct Workload: Sendable, Equatable {
        /// The population and traffic: its devices, requestors, MVPDs, resources, Zipf exponent,
        /// mix and seed shape the sequence; its engine, loop and timing settings play no part.
        package var scenario: Scenario
        /// Operations to generate (lookups are the `get` and `check` ones).
        package var requests: Int

        /// The workload of `scenario`'s population and traffic, `requests` operations long (what
        /// the flags `run` and `sweep` share describe).
        package init(_ scenario: Scenario, requests: Int) {
            self.scenario = scenario
            self.requests = requests
        }

        /// The names and trust relations, as `run` makes them for the same flags (the MVPDs do
        /// not shape the keys, but each device's MVPD comes with its requestor).
        package var directory: WorkloadDirectory {
            WorkloadDirectory(requestors: scenario.requestors, mvpds: scenario.mvpds, resources: scenario.resources)
        }
    }

    /// The sequence of `workload`: the operation stream of a one-worker `run` with the same flags
    /// (`OperationStream`, worker 0 of shard 0, devices drawn uniformly, resources by Zipf), each
    /// device with the requestor `Population` gives it (`WorkloadDirectory.assignment(seed:device:)`).
    /// One operation per millisecond. Attacks are generated (so the stream matches `run`'s) but
    /// skipped: they never reach the cache.
    ///
    /// - Complexity: O(requests) expected.
    package static func synthetic(_ workload: Workload) -> AccessSequence {
        let directory = workload.directory
        let scenario = workload.scenario
        var builder = AccessSequenceBuilder(
            deviceNames: (0..<scenario.devices).map { RecordedTrace.deviceName(UInt32($0)) },
            requestorNames: directory.requestorIDs,
            resourceNames: directory.resourceIDs
        )
        let lookupShare = Double(scenario.mix.get + scenario.mix.check) / 100
        builder.reserve(lookups: Int(Double(workload.requests) * lookupShare * 1.01) + 64)
        var stream = OperationStream(
            seed: scenario.seed,
            shard: 0,
            worker: 0,
            mix: scenario.mix,
            deviceCount: scenario.devices,
            resources: ZipfSampler(count: scenario.resources, exponent: scenario.zipf)
        )
        for index in 0..<workload.requests {
            let operation = stream.next()
            let op: TraceOperation
            switch operation.kind {
            case .get: op = .get
            case .check: op = .check
            case .verify: op = .verify
            case .logout: op = .logout
            case .attack: continue
            }
            let device = Int(operation.device)
            let requestor = directory.assignment(seed: scenario.seed, device: device).requestor
            builder.add(
                time: Int64(index),
                op: op,
                device: device,
                requestor: requestor,
                resource: Int(operation.resource)
            )
        }
        return builder.sequence
    }

    /// The sequence of a trace's records (identifiers are interned in order of first use).
    ///
    /// - Complexity: O(records) expected.
    package static func replaying(_ records: [TraceRecord]) -> AccessSequence {
        var replay = TraceReplay()
        replay.reserve(records.count)
        for record in records { replay.add(record) }
        return replay.sequence
    }
}

/// Builds the sequence of a trace one record at a time (`TraceReader` streams them here): each
/// identifier interned once, in order of first use, so that memory is the distinct names plus
/// 12 bytes per lookup, not the records.
package struct TraceReplay {
    private var builder = AccessSequenceBuilder()
    private var devices: [String: Int] = [:]
    private var requestors: [String: Int] = [:]
    private var resources: [String: Int] = [:]

    /// An empty replay.
    package init() {}

    /// The sequence so far.
    package var sequence: AccessSequence { builder.sequence }

    /// Reserves room for about `lookups` lookups.
    package mutating func reserve(_ lookups: Int) { builder.reserve(lookups: lookups) }

    /// Adds one record.
    package mutating func add(_ record: TraceRecord) {
        func intern(_ name: String, _ table: inout [String: Int], _ names: inout [String]) -> Int {
            if let index = table[name] { return index }
            table[name] = names.count
            names.append(name)
            return names.count - 1
        }
        let device = intern(record.device, &devices, &builder.deviceNames)
        let requestor = intern(record.requestor, &requestors, &builder.requestorNames)
        let resource = intern(record.resource, &resources, &builder.resourceNames)
        builder.add(time: record.timeMillis, op: record.op, device: device, requestor: requestor, resource: resource)
    }
}
