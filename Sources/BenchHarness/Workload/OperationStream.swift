import AuthZSimulation

/// A worker's deterministic sequence of operations: for the same seed, worker and shape, the same
/// operations in the same order, whatever the machine or the timing.
///
/// Kinds are drawn from the mix, devices uniformly from the worker's slice; the resource is one of
/// the device's favourites (`run`), or drawn from the Zipf popularity directly (the sweep's
/// synthetic sequence, which has no devices' state); attacks cycle through `AttackKind` round robin.
package struct OperationStream: Sendable {
    /// Where an operation's resource comes from.
    package enum Resources: Sendable {
        /// A draw from the global popularity.
        case popularity(ZipfSampler)
        /// One of the device's favourites, uniformly.
        case favorites(DeviceFavorites)
    }

    private var generator: SeededGenerator
    private let thresholds: (get: Int, check: Int, verify: Int, logout: Int)
    private let deviceCount: Int
    private let resources: Resources
    private var attacks = 0

    /// The stream of worker `worker` of shard `shard` for `seed`, over `deviceCount` devices, each
    /// operation's resource drawn from `resources` (the global popularity).
    package init(seed: UInt64, shard: Int, worker: Int, mix: OperationMix, deviceCount: Int, resources: ZipfSampler) {
        self.init(
            seed: seed,
            shard: shard,
            worker: worker,
            mix: mix,
            deviceCount: deviceCount,
            choosing: .popularity(resources)
        )
    }

    /// The stream of worker `worker` of shard `shard` for `seed`, over the devices of `favorites`,
    /// each operation going to one of its device's favourites.
    package init(seed: UInt64, shard: Int, worker: Int, mix: OperationMix, favorites: DeviceFavorites) {
        self.init(
            seed: seed,
            shard: shard,
            worker: worker,
            mix: mix,
            deviceCount: favorites.deviceCount,
            choosing: .favorites(favorites)
        )
    }

    private init(seed: UInt64, shard: Int, worker: Int, mix: OperationMix, deviceCount: Int, choosing: Resources) {
        precondition(deviceCount > 0, "a stream needs at least one device")
        generator = SeededGenerator(seed: seed, stream: UInt64(shard) << 32 | UInt64(worker))
        let get = mix.get
        let check = get + mix.check
        let verify = check + mix.verify
        let logout = verify + mix.logout
        thresholds = (get, check, verify, logout)
        self.deviceCount = deviceCount
        self.resources = choosing
    }

    /// The next operation.
    @inline(__always)
    package mutating func next() -> Operation {
        let draw = generator.below(100)
        let kind: OperationKind =
            draw < thresholds.get
            ? .get
            : draw < thresholds.check
                ? .check
                : draw < thresholds.verify
                    ? .verify
                    : draw < thresholds.logout
                        ? .logout
                        : .attack
        let device = generator.below(deviceCount)
        let resource: Int32
        switch resources {
        case .popularity(let zipf):
            resource = Int32(truncatingIfNeeded: zipf.sample(using: &generator))
        case .favorites(let favorites):
            resource = favorites.resource(device: device, choice: generator.below(favorites.perDevice))
        }
        var attack: AttackKind? = nil
        if kind == .attack {
            attack = AttackKind(rawValue: UInt8(attacks % AttackKind.allCases.count))
            attacks += 1
        }
        return Operation(kind: kind, device: Int32(truncatingIfNeeded: device), resource: resource, attack: attack)
    }
}
