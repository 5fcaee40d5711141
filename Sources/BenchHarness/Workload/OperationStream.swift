import AuthZSimulation

/// A worker's deterministic sequence of operations: for the same seed, worker and shape, the same
/// operations in the same order, whatever the machine or the timing.
///
/// Kinds are drawn from the mix, devices uniformly from the worker's slice, resources from the Zipf
/// popularity; attacks cycle through `AttackKind` round robin.
package struct OperationStream: Sendable {
    private var generator: SeededGenerator
    private let thresholds: (get: Int, check: Int, verify: Int, logout: Int)
    private let deviceCount: Int
    private let resources: ZipfSampler
    private var attacks = 0

    /// The stream of worker `worker` of shard `shard` for `seed`, over `deviceCount` devices.
    package init(seed: UInt64, shard: Int, worker: Int, mix: OperationMix, deviceCount: Int, resources: ZipfSampler) {
        precondition(deviceCount > 0, "a worker needs at least one device")
        generator = SeededGenerator(seed: seed, stream: UInt64(shard) << 32 | UInt64(worker))
        let get = mix.get
        let check = get + mix.check
        let verify = check + mix.verify
        let logout = verify + mix.logout
        thresholds = (get, check, verify, logout)
        self.deviceCount = deviceCount
        self.resources = resources
    }

    /// The next operation.
    @inline(__always)
    package mutating func next() -> Operation {
        let draw = generator.below(100)
        let kind: OperationKind = draw < thresholds.get ? .get
            : draw < thresholds.check ? .check
            : draw < thresholds.verify ? .verify
            : draw < thresholds.logout ? .logout
            : .attack
        let device = Int32(truncatingIfNeeded: generator.below(deviceCount))
        let resource = Int32(truncatingIfNeeded: resources.sample(using: &generator))
        var attack: AttackKind? = nil
        if kind == .attack {
            attack = AttackKind(rawValue: UInt8(attacks % AttackKind.allCases.count))
            attacks += 1
        }
        return Operation(kind: kind, device: device, resource: resource, attack: attack)
    }
}
