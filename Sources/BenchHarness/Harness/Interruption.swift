import Foundation

/// How a run was ended early by a signal (``StopRequest``): it reports what it measured until then,
/// marked invalid (its figures cover part of the planned phase, under a load that was stopping).
package struct Interruption: Sendable, Equatable {
    /// The signal's name: `SIGINT`, `SIGTERM`.
    package var signal: String
    /// Seconds of the measured phase before the stop (0 when it came during the warm-up or set-up).
    package var measuredSeconds: Double

    /// Creates a value from its stored properties.
    package init(signal: String, measuredSeconds: Double) {
        self.signal = signal
        self.measuredSeconds = measuredSeconds
    }

    /// The validity reason: what stopped the run, and when.
    package var reason: String {
        "interrupted by \(signal) after \(String(format: "%.1f", measuredSeconds)) s of the measured phase: "
            + "the figures cover part of the planned run"
    }
}
