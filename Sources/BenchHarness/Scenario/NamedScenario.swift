import Foundation

/// The named scenarios of `run --scenario NAME`: settings a user can run by name and cite in a bug.
///
/// A name sets flags over `run`'s defaults, read through ``WorkloadFlags`` as if typed before the
/// explicit ones; the name is kept in the result's `scenario.name`.
package enum NamedScenario: String, CaseIterable, Sendable {
    /// `make bench`: `run`'s defaults with upstream denials cached (the NamedScenarios article
    /// says what each scenario shows).
    case steady
    /// `run`'s defaults from empty caches.
    case coldStart = "cold-start"
    /// Every authorization expires within the same second, inside the measured phase, then every 5 s.
    case expiryStampede = "expiry-stampede"
    /// The upstream is down from 3 s to 6 s into the measured phase, misses still reaching it.
    case upstreamOutage = "upstream-outage"
    /// Half the traffic is attacks, all rejected before any upstream call.
    case attackFlood = "attack-flood"

    /// The flags this name sets over `run`'s defaults, as a user would type them: what it applies
    /// (for `--help` and the README too).
    package var flags: String {
        switch self {
        case .steady: "--deny-ttl 30s"
        case .coldStart: "--cold"
        case .expiryStampede: "--devices 40 --favorites 2 --authz-ttl 5s --skew 0s --warmup 2s --duration 10s"
        case .upstreamOutage: "--devices 1000 --cold --upstream-outage 3s@5s --warmup 2s --duration 10s"
        case .attackFlood: "--mix get=30,check=15,verify=5,attack=50"
        }
    }

    /// The scenario this name describes: `run`'s defaults, this name's settings and the name (its
    /// flags always read: a test reads every name).
    package var scenario: Scenario {
        var scenario = Scenario()
        try? apply(to: &scenario)
        return scenario
    }

    /// Sets this name's settings (and the name) in `scenario`, leaving every other input as it is.
    package func apply(to scenario: inout Scenario, environment: [String: String] = [:]) throws(BenchError) {
        let arguments = flags.split(separator: " ").map(String.init)
        let args = try Arguments(
            arguments,
            options: WorkloadFlags.valueOptions,
            flags: WorkloadFlags.flagOptions
        )
        try WorkloadFlags.read(args, environment: environment, into: &scenario)
        scenario.name = rawValue
    }
}
