/// A process was ready only after its synchronised start plus the grace: it runs nothing and writes
/// nothing (exit 3 in `authz-bench run`).
package struct MissedStart: Error, Sendable, Equatable {
    /// The start it missed.
    package var plan: StartPlan
    /// How late it was ready, nanoseconds.
    package var lateNanos: Int64

    /// A miss from its values.
    package init(plan: StartPlan, lateNanos: Int64) {
        self.plan = plan
        self.lateNanos = lateNanos
    }

    /// One line: by how much it missed, and the grace.
    package var message: String {
        let late = Double(lateNanos) / 1e9
        let grace = Double(plan.graceNanos) / 1e9
        return "missed the synchronised start (--start-at): ready \(Self.seconds(late)) after it, beyond the grace of "
            + "\(Self.seconds(grace)) (--start-grace); nothing was run or written"
    }

    private static func seconds(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return "\(rounded) s"
    }
}
