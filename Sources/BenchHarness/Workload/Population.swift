import AuthZCore
import AuthZSimulation
import Foundation

/// This process's simulated devices, split into one slice per worker, with their authentication
/// tokens pre-issued (in parallel), their favourite resources, and each worker's attack kit.
///
/// Deterministic for a seed: device `g` of the whole population has the same device info,
/// requestor and MVPD (`WorkloadDirectory.assignment(seed:device:)`) and the same favourites in
/// every process and every shard. With `shardCount` N, this process holds devices `g` with
/// `g % N == shardIndex`; worker `w` of `threads` owns the local devices `k` with
/// `k % threads == w`. With fewer local devices than workers, the last workers own none.
package struct Population: Sendable {
    /// Per worker, its devices.
    package var slices: [[SimulatedDevice]]
    /// Per worker, its devices' favourite resources (slot for slot with `slices`).
    package var favorites: [DeviceFavorites]
    /// Per worker, its attack material (empty without attack traffic).
    package var kits: [AttackKit]

    /// The number of devices this shard holds.
    package static func localCount(devices: Int, shardIndex: Int, shardCount: Int) -> Int {
        devices > shardIndex ? (devices - shardIndex + shardCount - 1) / shardCount : 0
    }

    /// The device info of device `g` for `seed` (what the device hashes into its ID).
    package static func deviceInfo(seed: UInt64, index g: Int) -> DeviceInfo {
        let a = SplitMix64.mix(seed ^ (UInt64(g) &* 2))
        let b = SplitMix64.mix(seed ^ (UInt64(g) &* 2 &+ 1))
        let models = ["SmartTV-55", "StreamStick-4K", "Console-X", "Tablet-11", "Phone-6", "SetTopBox"]
        return DeviceInfo(
            advertisingID: String(a, radix: 16),
            vendorID: String(b, radix: 16),
            model: models[g % models.count],
            teamID: "TEAM\(g % 89)"
        )
    }

    /// Builds the population of `scenario`'s shard for `threads` workers, issuing every token and
    /// drawing every device's favourites; throws ``SetupInterrupted`` as soon as `stop` is
    /// requested (checked before every device).
    package static func build(
        scenario: Scenario,
        authenticator: Authenticator,
        stop: StopRequest = StopRequest()
    ) throws -> Population {
        let threads = scenario.threads
        let local = localCount(
            devices: scenario.devices,
            shardIndex: scenario.shardIndex,
            shardCount: scenario.shardCount
        )
        let directory = authenticator.directory
        let popularity = ZipfSampler(count: scenario.resources, exponent: scenario.zipf)
        let empty = DeviceFavorites(wanted: scenario.favorites, resourceCount: scenario.resources)
        // Work items: (worker, first position, end position) in chunks.
        let chunk = 2_048
        var items: [(worker: Int, range: Range<Int>)] = []
        for worker in 0..<threads {
            let count = local > worker ? (local - worker + threads - 1) / threads : 0
            var start = 0
            while start < count {
                items.append((worker, start..<min(count, start + chunk)))
                start += chunk
            }
        }
        let work = items
        let results = Locked<[([SimulatedDevice], DeviceFavorites)?]>(Array(repeating: nil, count: work.count))
        let failure = Locked<(any Error)?>(nil)
        let seed = scenario.seed
        let shardIndex = scenario.shardIndex
        let shardCount = scenario.shardCount
        DispatchQueue.concurrentPerform(iterations: work.count) { itemIndex in
            let item = work[itemIndex]
            var built: [SimulatedDevice] = []
            built.reserveCapacity(item.range.count)
            var favorites = empty
            favorites.reserve(devices: item.range.count)
            do {
                for position in item.range {
                    if stop.isRequested { return }
                    let k = position * threads + item.worker
                    let g = shardIndex + k * shardCount
                    let deviceID = deviceInfo(seed: seed, index: g).deviceID
                    let assigned = directory.assignment(seed: seed, device: g)
                    var device = SimulatedDevice(
                        deviceID: deviceID,
                        globalIndex: UInt32(truncatingIfNeeded: g),
                        generation: 0,
                        requestor: UInt16(assigned.requestor),
                        mvpd: UInt16(assigned.mvpd),
                        authNExpiresAt: 0,
                        authNToken: [],
                        store: DeviceTokenStore()
                    )
                    try authenticator.authenticate(&device, now: SystemClock().nowMillis())
                    built.append(device)
                    favorites.append(device: g, seed: seed, popularity: popularity)
                }
            } catch {
                failure.withLock { $0 = error }
                return
            }
            results.withLock { $0[itemIndex] = (built, favorites) }
        }
        try stop.checkDuringSetUp()
        if let error = failure.withLock({ $0 }) { throw error }
        var chunks = results.withLock { value in
            let taken = value
            value = []
            return taken
        }
        var slices: [[SimulatedDevice]] = Array(repeating: [], count: threads)
        var favorites: [DeviceFavorites] = Array(repeating: empty, count: threads)
        for (index, item) in work.enumerated() {
            if slices[item.worker].isEmpty {
                let count = local > item.worker ? (local - item.worker + threads - 1) / threads : 0
                slices[item.worker].reserveCapacity(count)
                favorites[item.worker].reserve(devices: count)
            }
            if let (devices, drawn) = chunks[index] {
                slices[item.worker].append(contentsOf: devices)
                favorites[item.worker].append(contentsOf: drawn)
            }
            chunks[index] = nil
        }
        let now = SystemClock().nowMillis()
        let kits = try (0..<threads).map { worker in
            guard scenario.mix.attack > 0, !slices[worker].isEmpty else { return AttackKit() }
            return try AttackKit(
                worker: worker,
                threads: threads,
                shard: shardIndex,
                devices: scenario.devices,
                seed: seed,
                authenticator: authenticator,
                now: now
            )
        }
        return Population(slices: slices, favorites: favorites, kits: kits)
    }
}
