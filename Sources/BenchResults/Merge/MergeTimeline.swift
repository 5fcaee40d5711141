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

    /// The merged intervals: each input interval goes to the slot of the timeline nearest its start
    /// (slots as long as the longest interval, 1 s for `run`), requests summed per slot.
    package func intervals(_ inputs: [MergeInput]) -> [IntervalSummary] {
        let slot = Swift.max(inputs.flatMap(\.intervals).map(\.length).max() ?? 1, 0.001)
        var slots: [Int: (length: Double, requests: Int)] = [:]
        for (input, offset) in zip(inputs, offsets) {
            for interval in input.intervals {
                let key = Int(((interval.start + offset) / slot).rounded())
                let previous = slots[key] ?? (0, 0)
                slots[key] = (Swift.max(previous.length, interval.length), previous.requests + interval.requests)
            }
        }
        return slots.keys.sorted().map { key in
            IntervalSummary(startSeconds: Double(key) * slot, lengthSeconds: slots[key]!.length, requests: slots[key]!.requests)
        }
    }
}
