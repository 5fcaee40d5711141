/// The named scenarios of `run --scenario NAME`: settings a user can run by name and cite in a bug.
///
/// A name sets flag values over `run`'s defaults; explicit flags then override them (the name is
/// applied first, then the flags). The name is kept in the scenario (`Scenario.name`, the result's
/// `scenario.name`), so a result says which preset it started from.
package enum NamedScenario: String, CaseIterable, Sendable {
    /// `make bench`: `run`'s defaults (steady state at 2,000 requests/s over 10,000 devices,
    /// upstream 200 ms median, 1 s p99) with upstream denials cached for 30 s (`--deny-ttl 30s`).
    /// The steady-state prewarm asks every favourite, the denied combinations (`--upstream-deny-ratio`)
    /// included, so denials are cached from the start too, and the load's upstream traffic is
    /// refreshes and expiry only, as in a steady real service.
    case steady
    /// `run`'s defaults from empty caches (`--cold`): every device's first request for each
    /// favourite waits on the upstream.
    case coldStart = "cold-start"
    /// Every authorization expires within the same second, inside the measured phase, and then
    /// every 5 s: 40 devices with 2 favourites (80 keys, each asked about 20 times a second, so
    /// several requests join each key's upstream call), `--authz-ttl 5s` and `--skew 0s`. The
    /// set-up authorizes the 80 keys in well under a second; the backend rounds an authZ token's
    /// expiry down to whole seconds and the engine's expiry check adds the skew, so with no skew
    /// they all expire 4 to 5 s after the set-up, about 2 to 3 s into the measured phase. With
    /// refresh ahead (the default) hits refresh them before; with `--refresh-ahead off` every key
    /// misses at once and single flight coalesces the stampede.
    case expiryStampede = "expiry-stampede"
    /// The upstream is down for 3 s from 5 s after the start of the warm-up (`--upstream-outage
    /// 3s@5s`, warm-up 2s, duration 10s: from 3 s to 6 s into the measured phase). Starts cold
    /// over 1,000 devices (4,000 authorization keys, many of them first asked during the warm-up),
    /// so that misses still reach the upstream when it goes down while most requests are answered
    /// from the cache.
    case upstreamOutage = "upstream-outage"
    /// Half the traffic is attacks (forged signatures, expired tokens, wrong devices, untrusted
    /// MVPDs, replays), all rejected before any upstream call: `--mix get=30,check=15,verify=5,attack=50`.
    case attackFlood = "attack-flood"

    /// The scenario this name describes: `run`'s defaults, this name's settings and the name.
    package var scenario: Scenario {
        var scenario = Scenario()
        apply(to: &scenario)
        return scenario
    }

    /// Sets this name's settings (and the name) in `scenario`, leaving every other input as it is.
    package func apply(to scenario: inout Scenario) {
        scenario.name = rawValue
        switch self {
        case .steady:
            scenario.denyTTLMillis = 30_000
        case .coldStart:
            scenario.cold = true
        case .expiryStampede:
            scenario.devices = 40
            scenario.favorites = 2
            scenario.authZTTLMillis = 5_000
            scenario.skewMillis = 0
            scenario.warmupMillis = 2_000
            scenario.durationMillis = 10_000
        case .upstreamOutage:
            scenario.devices = 1_000
            scenario.cold = true
            scenario.upstreamOutageAtMillis = 5_000
            scenario.upstreamOutageMillis = 3_000
            scenario.warmupMillis = 2_000
            scenario.durationMillis = 10_000
        case .attackFlood:
            scenario.mix = OperationMix(get: 30, check: 15, verify: 5, logout: 0, attack: 50)
        }
    }

    /// The flags this name sets over `run`'s defaults, as a user would type them (for `--help` and
    /// the README).
    package var flags: String {
        switch self {
        case .steady: "--deny-ttl 30s"
        case .coldStart: "--cold"
        case .expiryStampede: "--devices 40 --favorites 2 --authz-ttl 5s --skew 0s --warmup 2s --duration 10s"
        case .upstreamOutage: "--devices 1000 --cold --upstream-outage 3s@5s --warmup 2s --duration 10s"
        case .attackFlood: "--mix get=30,check=15,verify=5,attack=50"
        }
    }
}
