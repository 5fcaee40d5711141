import BenchHarness

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
