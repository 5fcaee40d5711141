import AuthZCore
import AuthZSimulation

extension AccessSequence {
    /// The shape of the deterministic synthetic workload (the same generator as `run`).
    package struct Workload: Sendable, Equatable {
        /// Devices in the population.
        package var devices: Int
        /// Requestors.
        package var requestors: Int
        /// Resources (Zipf ranks).
        package var resources: Int
        /// Zipf exponent of resource popularity.
        package var zipf: Double
        /// Operation mix in percent.
        package var mix: OperationMix
        /// Seed.
        package var seed: UInt64
        /// Operations to generate (lookups are the `get` and `check` ones).
        package var requests: Int

        /// Creates a value from its stored properties.
        package init(devices: Int, requestors: Int, resources: Int, zipf: Double, mix: OperationMix, seed: UInt64, requests: Int) {
            self.devices = devices
            self.requestors = requestors
            self.resources = resources
            self.zipf = zipf
            self.mix = mix
            self.seed = seed
            self.requests = requests
        }
    }

    /// The sequence of `workload`: the operation stream of a one-worker `run` with the same flags
    /// (`OperationStream`, worker 0 of shard 0, devices drawn uniformly, resources by Zipf), each
    /// device with the requestor `Population` gives it. One operation per millisecond. Attacks are
    /// generated (so the stream matches `run`'s) but skipped: they never reach the cache.
    ///
    /// - Complexity: O(requests) expected.
    package static func synthetic(_ workload: Workload) -> AccessSequence {
        let directory = WorkloadDirectory(requestors: workload.requestors, mvpds: 2, resources: workload.resources)
        var builder = AccessSequenceBuilder(
            deviceNames: (0..<workload.devices).map { RecordedTrace.deviceName(UInt32($0)) },
            requestorNames: directory.requestorIDs, resourceNames: directory.resourceIDs)
        let lookupShare = Double(workload.mix.get + workload.mix.check) / 100
        builder.reserve(lookups: Int(Double(workload.requests) * lookupShare * 1.01) + 64)
        let requestorOf = (0..<workload.devices).map { g in
            Int(SplitMix64.mix(workload.seed &+ 0xD1CE ^ UInt64(g)) % UInt64(workload.requestors))
        }
        var stream = OperationStream(
            seed: workload.seed, shard: 0, worker: 0, mix: workload.mix, deviceCount: workload.devices,
            resources: ZipfSampler(count: workload.resources, exponent: workload.zipf))
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
            builder.add(time: Int64(index), op: op, device: device, requestor: requestorOf[device],
                resource: Int(operation.resource))
        }
        return builder.sequence
    }

    /// The sequence of a trace's records (identifiers are interned in order of first use).
    ///
    /// - Complexity: O(records) expected.
    package static func replaying(_ records: [TraceRecord]) -> AccessSequence {
        var builder = AccessSequenceBuilder()
        var devices: [String: Int] = [:]
        var requestors: [String: Int] = [:]
        var resources: [String: Int] = [:]
        func intern(_ name: String, _ table: inout [String: Int], _ names: inout [String]) -> Int {
            if let index = table[name] { return index }
            table[name] = names.count
            names.append(name)
            return names.count - 1
        }
        builder.reserve(lookups: records.count)
        for record in records {
            let device = intern(record.device, &devices, &builder.deviceNames)
            let requestor = intern(record.requestor, &requestors, &builder.requestorNames)
            let resource = intern(record.resource, &resources, &builder.resourceNames)
            builder.add(time: record.timeMillis, op: record.op, device: device, requestor: requestor, resource: resource)
        }
        return builder.sequence
    }
}
