import AuthZCore
import AuthZSimulation
import Dispatch

extension HarnessSetup {
    /// The steady state a run starts from by default: every device of `population` authorized
    /// for each of its favourites, as a viewer who has watched them before would be (untimed, not
    /// measured). The favourites the upstream denies (`--upstream-deny-ratio`) are asked too: with a deny
    /// TTL (`--deny-ttl`, on in the `steady` scenario) their denials are cached from the start, so
    /// that the load's upstream traffic is refreshes and expiry, as in a steady real service. Runs on every core at
    /// once, in chunks of devices; blocks on each answer, which is
    /// only right before the load begins, while the simulated upstream answers inline. Each device
    /// is authorized at the time read from `clock` then: a call's timeout counts from its `now`.
    package static func prewarm<Target: LoadTarget, Clock: WallClock>(
        _ target: Target,
        population: Population,
        directory: WorkloadDirectory,
        clock: Clock
    ) -> Prewarm {
        let start = MonotonicClock.nanoseconds()
        let chunk = 256
        var items: [(worker: Int, range: Range<Int>)] = []
        for (worker, devices) in population.slices.enumerated() {
            for first in stride(from: 0, to: devices.count, by: chunk) {
                items.append((worker, first..<min(devices.count, first + chunk)))
            }
        }
        let work = items
        let made = Locked(0)
        DispatchQueue.concurrentPerform(iterations: work.count) { index in
            let item = work[index]
            let devices = population.slices[item.worker]
            let favorites = population.favorites[item.worker]
            var count = 0
            var none = NoStageObserver()
            for slot in item.range {
                let device = devices[slot]
                let now = clock.nowMillis()
                var asked: [Int32] = []
                for resource in favorites.favorites(of: slot) where !asked.contains(resource) {
                    asked.append(resource)
                    let request = AuthorizationRequest(
                        deviceID: device.deviceID,
                        authNToken: device.authNToken,
                        requestorID: directory.requestorIDs[Int(device.requestor)],
                        resourceID: directory.resourceIDs[Int(resource)]
                    )
                    let waiting = WaitingCompletion<ResultCode>()
                    _ =
                        target.checkAuthorization(request, now: now, observer: &none, completion: waiting)
                        ?? waiting.wait()
                    count += 1
                }
            }
            made.withLock { $0 += count }
        }
        let seconds = Double(MonotonicClock.nanoseconds() - start) / 1e9
        return Prewarm(
            devices: population.slices.reduce(0) { $0 + $1.count },
            authorizations: made.withLock { $0 },
            seconds: seconds
        )
    }
}

/// The steady-state set-up: every device authorized for each of its favourites before the
/// warm-up, untimed. Written as it is counted: the result's `prewarm` section (absent for a cold
/// start).
package struct Prewarm: Codable, Sendable, Equatable {
    /// Devices authorized.
    package var devices: Int
    /// Authorizations made (devices x favourites, less duplicates).
    package var authorizations: Int
    /// How long it took, seconds (not measured as latency).
    package var seconds: Double

    /// Creates a value from its stored properties.
    package init(devices: Int, authorizations: Int, seconds: Double) {
        self.devices = devices
        self.authorizations = authorizations
        self.seconds = seconds
    }
}

extension Prewarm {
    /// Two shards' prewarms together: devices and authorizations summed (the shards split the
    /// population), the longer time (they ran side by side).
    package static func + (lhs: Prewarm, rhs: Prewarm) -> Prewarm {
        Prewarm(
            devices: lhs.devices + rhs.devices,
            authorizations: lhs.authorizations + rhs.authorizations,
            seconds: Swift.max(lhs.seconds, rhs.seconds)
        )
    }
}
