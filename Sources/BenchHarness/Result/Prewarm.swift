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
