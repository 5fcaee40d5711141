import AuthZSimulation

/// The favourite resources of a worker's devices: `perDevice` resources each, drawn from the global
/// Zipf popularity, kept in one flat array (device slot `i` owns `resources[i * perDevice ..<
/// (i + 1) * perDevice]`), so that a million devices cost no allocation each.
///
/// A device's requests go to its favourites only: a real viewer returns to a few channels, which
/// is what makes the authorization cache hit in steady state. The draws are seeded per device
/// (its index in the whole population), so device `g` has the same favourites in every process,
/// shard and thread count.
package struct DeviceFavorites: Sendable {
    /// Favourites per device (at least 1, at most the number of resources).
    package let perDevice: Int
    /// The favourites, `perDevice` per device slot, as resource indexes (Zipf ranks).
    package private(set) var resources: [Int32] = []

    /// No devices yet; `perDevice` is `wanted` clamped to `1...resourceCount`.
    package init(wanted: Int, resourceCount: Int) {
        perDevice = max(1, min(wanted, resourceCount))
    }

    /// Appends the favourites of device `g` of the whole population (the next device slot).
    ///
    /// Distinct resources while the popularity allows: after many repeated draws (a steep Zipf over
    /// few resources), a repeat is accepted rather than looping on.
    package mutating func append(device g: Int, seed: UInt64, popularity: ZipfSampler) {
        var generator = SeededGenerator(seed: seed ^ 0xFA40_0000_0000_0000, stream: UInt64(truncatingIfNeeded: g))
        let first = resources.count
        var attempts = 0
        while resources.count - first < perDevice {
            let drawn = Int32(truncatingIfNeeded: popularity.sample(using: &generator))
            attempts += 1
            if attempts <= 32 * perDevice && resources[first...].contains(drawn) { continue }
            resources.append(drawn)
        }
    }

    /// Appends every favourite of `other` (the next slots).
    package mutating func append(contentsOf other: DeviceFavorites) {
        resources.append(contentsOf: other.resources)
    }

    /// Reserves room for `devices` devices.
    package mutating func reserve(devices: Int) {
        resources.reserveCapacity(devices * perDevice)
    }

    /// Devices held.
    package var deviceCount: Int { resources.count / perDevice }

    /// Favourite `choice` (`0..<perDevice`) of device slot `slot`.
    @inline(__always)
    package func resource(device slot: Int, choice: Int) -> Int32 {
        resources[slot &* perDevice &+ choice]
    }

    /// Every favourite of device slot `slot`.
    package func favorites(of slot: Int) -> ArraySlice<Int32> {
        resources[slot * perDevice..<(slot + 1) * perDevice]
    }
}
