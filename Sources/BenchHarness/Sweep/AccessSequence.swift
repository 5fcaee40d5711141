import AuthZCore

/// The authorization-cache accesses a sweep replays: one key id per lookup (`get` and `check`),
/// with the names that make each id an `AuthorizationKey`.
///
/// Built once (from a trace or the synthetic workload) and replayed unchanged against every
/// strategy and capacity, and by the optimal bound. A key is (authN GUID, requestor, resource);
/// the device's authN GUID is `DEVICE-gGENERATION`, as the load harness's authenticator makes it,
/// and its generation goes up at each `logout` (the device re-authenticates), so after a logout
/// none of the device's earlier keys is looked up again: its next lookups are compulsory misses
/// for every strategy and for the bound alike.
package struct AccessSequence: Sendable {
    /// The parts of one distinct key.
    package struct KeyParts: Sendable, Equatable {
        /// The authN GUID (`DEVICE-gGENERATION`).
        package var guid: String
        /// The requestor.
        package var requestor: String
        /// The resource.
        package var resource: String
    }

    /// Per lookup, in order, its key id (an index into `keyParts`).
    package var keys: [Int32] = []
    /// Per lookup, the trace time in milliseconds (passed to the cache as `now`).
    package var times: [Int64] = []
    /// Per key id, its parts.
    package var keyParts: [KeyParts] = []
    /// Records read (or operations generated), by operation; attacks are not counted.
    package var operationCounts: [TraceOperation: Int] = [:]

    /// The most operations a sequence is built from: a trace's records (`TraceReader`) or the
    /// synthetic workload's `--requests`. About 120 MB of sequence at most (12 bytes per lookup),
    /// whatever the input, and a sweep that replays it against every strategy and capacity in
    /// minutes, not hours.
    package static let maxOperations = 10_000_000

    /// The number of lookups.
    package var count: Int { keys.count }

    /// The records (or generated operations) behind the sequence, lookups or not.
    package var records: Int { operationCounts.values.reduce(0, +) }

    /// The real cache keys, by key id (each hashed once, here), their hashes keyed by `seed`
    /// instead of the process's random key (`AuthorizationKey(rehashing:hashKey:)`): the same seed
    /// gives the same hashes, so a replay's hit ratios are the same in every run.
    package func makeKeys(seed: UInt64) -> [AuthorizationKey] {
        var seeds = SeedSequence(seed)
        let hashKey = (seeds.next(), seeds.next())
        return keyParts.map {
            AuthorizationKey(
                rehashing: AuthorizationKey(
                    authNGUID: $0.guid,
                    requestorID: $0.requestor,
                    resourceID: $0.resource
                ),
                hashKey: hashKey
            )
        }
    }
}

/// Builds an ``AccessSequence`` from operations on indexed devices, requestors and resources.
package struct AccessSequenceBuilder {
    /// Identity of a key before it gets its id.
    private struct KeyIdentity: Hashable {
        var device: Int32
        var generation: Int32
        var requestor: Int32
        var resource: Int32
    }

    package private(set) var sequence = AccessSequence()
    private var ids: [KeyIdentity: Int32] = [:]
    private var generations: [Int32] = []
    /// Device names by index.
    package var deviceNames: [String]
    /// Requestor names by index.
    package var requestorNames: [String]
    /// Resource names by index.
    package var resourceNames: [String]

    /// A builder for names known up front (grow the arrays to add more).
    package init(deviceNames: [String] = [], requestorNames: [String] = [], resourceNames: [String] = []) {
        self.deviceNames = deviceNames
        self.requestorNames = requestorNames
        self.resourceNames = resourceNames
    }

    /// Reserves room for about `lookups` lookups.
    package mutating func reserve(lookups: Int) {
        sequence.keys.reserveCapacity(lookups)
        sequence.times.reserveCapacity(lookups)
    }

    /// Adds one operation: `get` and `check` look the key up; `logout` starts a new generation of
    /// the device's keys; `verify` only counts.
    package mutating func add(time: Int64, op: TraceOperation, device: Int, requestor: Int, resource: Int) {
        sequence.operationCounts[op, default: 0] += 1
        while generations.count <= device { generations.append(0) }
        switch op {
        case .verify:
            return
        case .logout:
            generations[device] += 1
        case .get, .check:
            let identity = KeyIdentity(
                device: Int32(device),
                generation: generations[device],
                requestor: Int32(requestor),
                resource: Int32(resource)
            )
            let id: Int32
            if let known = ids[identity] {
                id = known
            } else {
                id = Int32(sequence.keyParts.count)
                ids[identity] = id
                sequence.keyParts.append(
                    AccessSequence.KeyParts(
                        guid: "\(deviceNames[device])-g\(identity.generation)",
                        requestor: requestorNames[requestor],
                        resource: resourceNames[resource]
                    )
                )
            }
            sequence.keys.append(id)
            sequence.times.append(time)
        }
    }
}
