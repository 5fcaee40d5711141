import AuthZSimulation

/// The requestor and the MVPD one device of the population uses.
///
/// One rule, for every generator of the workload: `Population` authenticates device `g` with them,
/// and the sweep's synthetic access sequence looks up the keys of the same requestor, so that the
/// sweep replays the cache traffic a `run` with the same flags makes.
package struct DeviceAssignment: Sendable, Equatable {
    /// Requestor index (into `WorkloadDirectory.requestorIDs`).
    package let requestor: Int
    /// MVPD index (into `WorkloadDirectory.mvpdIDs`), one the requestor trusts.
    package let mvpd: Int
}

extension WorkloadDirectory {
    /// The requestor and MVPD of device `g` of the whole population (before sharding) for `seed`:
    /// the same in every process and shard, independent of the thread count.
    ///
    /// One 64-bit draw per device: its low half picks the requestor, its high half one of the
    /// MVPDs that requestor trusts. Changing it changes every seeded run.
    package func assignment(seed: UInt64, device g: Int) -> DeviceAssignment {
        let pick = SplitMix64.mix(seed &+ 0xD1CE ^ UInt64(g))
        let requestor = Int(pick % UInt64(requestorIDs.count))
        let allowed = allowedMVPDs[requestor]
        return DeviceAssignment(requestor: requestor, mvpd: allowed[Int((pick >> 32) % UInt64(allowed.count))])
    }
}
