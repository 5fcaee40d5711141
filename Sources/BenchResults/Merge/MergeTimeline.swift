import BenchHarness

/// Places the inputs' measured windows and intervals on one timeline (`MergeOptions.Alignment`).
///
/// The merged rate is requests over the length of the union of the windows: shards that measured
/// together give the sum of their rates, shards that did not overlap give the lower figure that
/// actually reached the system (never the sum of rates measured at different times).
package struct MergeTimeline: Sendable {
    /// Each input's offset on the timeline, seconds (0 for the earliest, or for all when relative).
    package let offsets: [Double]
    /// The earliest input's measured start, Unix epoch milliseconds (nil when some start is unknown).
    package let earliestStartMillis: Int64?

    /// The timeline of `inputs` with `alignment`; absolute alignment needs every input's start,
    /// and falls back to relative without one (`fellBack`).
    package init(_ inputs: [MergeInput], alignment: MergeOptions.Alignment) {
        let starts = inputs.compactMap(\.identity.startEpochMillis)
        let known = starts.count == inputs.count && !inputs.isEmpty
        earliestStartMillis = known ? starts.min() : nil
        if alignment == .absolute, let earliest = earliestStartMillis {
            offsets = starts.map { Double($0 - earliest) / 1000 }
        } else {
            offsets = inputs.map { _ in 0 }
        }
        fellBack = alignment == .absolute && !known
    }

    /// Whether absolute alignment was asked for but some input's start is unknown.
    package let fellBack: Bool

    /// The length of the union of the inputs' windows on this timeline, seconds.
    package func unionSeconds(_ inputs: [MergeInput]) -> Double {
        let spans = zip(inputs, offsets).map { (start: $0.window.start + $1, end: $0.window.end + $1) }
            .filter { $0.end > $0.start }.sorted { $0.start < $1.start }
        var total = 0.0
        var current: (start: Double, end: Double)?
        for span in spans {
            if let open = current, span.start <= open.end {
                current = (open.start, Swift.max(open.end, span.end))
            } else {
                if let open = current { total += open.end - open.start }
                current = span
            }
        }
        if let open = current { total += open.end - open.start }
        return total
    }

    /// The most slots the merged timeline lists: an hour of one-second intervals. A longer merge
    /// lists slots of 2, 4, 8... intervals, so that the result (and the memory that writes it)
    /// stays the same size whatever the length of the run.
    package static let maxSlots = 3_600

    /// The merged intervals: each input interval goes to the slot of the timeline nearest its start
    /// (slots as long as the longest interval, 1 s for `run`, widened by the smallest power of two
    /// that keeps them within ``maxSlots``), requests summed per slot; a slot is as long as the
    /// longest time one input spent in it.
    package func intervals(_ inputs: [MergeInput]) -> [IntervalSummary] {
        let slot = Swift.max(inputs.flatMap(\.intervals).map(\.length).max() ?? 1, 0.001)
        // Inputs' times are within MergeInput.maxSeconds and offsets within the epoch range a start
        // can name: the keys fit an Int with room to spare.
        func key(_ interval: MergeInput.Interval, _ offset: Double) -> Int {
            Int(((interval.start + offset) / slot).rounded())
        }
        var low = Int.max
        var high = Int.min
        for (input, offset) in zip(inputs, offsets) {
            for interval in input.intervals {
                low = Swift.min(low, key(interval, offset))
                high = Swift.max(high, key(interval, offset))
            }
        }
        var factor = 1
        while low <= high, (high - low) / factor >= Self.maxSlots { factor *= 2 }
        func coarse(_ key: Int) -> Int { key >= 0 ? key / factor : -((-key + factor - 1) / factor) }
        var requests: [Int: Int] = [:]
        var lengths: [Int: Double] = [:]
        for (input, offset) in zip(inputs, offsets) {
            var mine: [Int: Double] = [:]
            for interval in input.intervals {
                let slotKey = coarse(key(interval, offset))
                mine[slotKey, default: 0] += interval.length
                requests[slotKey, default: 0] += interval.requests
            }
            for (slotKey, length) in mine { lengths[slotKey] = Swift.max(lengths[slotKey] ?? 0, length) }
        }
        let width = slot * Double(factor)
        return requests.keys.sorted().map { slotKey in
            IntervalSummary(
                startSeconds: Double(slotKey) * width,
                lengthSeconds: lengths[slotKey]!,
                requests: requests[slotKey]!
            )
        }
    }
}
