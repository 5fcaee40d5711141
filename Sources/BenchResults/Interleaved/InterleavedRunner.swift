import AuthZSimulation
import BenchHarness

/// Drives the two children of `ab`: both set up and warm up at once, then the pairs of blocks are
/// measured one side at a time, each pair in an order drawn from the seed (baseline first or
/// candidate first), so that neither side always follows the other into the machine's moments.
package struct InterleavedRunner: Sendable {
    /// Each block's length, seconds.
    package var blockSeconds: Double
    /// The pairs to measure.
    package var pairs: Int
    /// Unmeasured pairs before the first measured one (the sides' first blocks after their idle
    /// wait while the other warmed up).
    package var settlingPairs: Int
    /// The seed of the order.
    package var seed: UInt64
    /// Seconds a child may take to set up and warm up.
    package var readySeconds: Double
    /// The round these two children measure, from 0: it draws the round's own order and marks
    /// its pairs.
    package var round = 0

    /// A runner from its settings.
    package init(blockSeconds: Double, pairs: Int, settlingPairs: Int, seed: UInt64, readySeconds: Double) {
        self.blockSeconds = blockSeconds
        self.pairs = pairs
        self.settlingPairs = settlingPairs
        self.seed = seed
        self.readySeconds = readySeconds
    }

    /// Whether the baseline loads first in each of `count` pairs of `round`, drawn from `seed`.
    package static func order(pairs count: Int, seed: UInt64, round: Int = 0) -> [Bool] {
        var generator = SeededGenerator(seed: seed, stream: 0xAB &+ UInt64(round) << 8)
        return (0..<count).map { _ in generator.next() & 1 == 0 }
    }

    /// Waits for both greetings, then measures the settling and measured pairs; `progress` hears
    /// about each pair. Returns the greetings and every measured pair, dropped ones included.
    package func run(
        baseline: BlockChild,
        candidate: BlockChild,
        rules: BlockRules,
        stop: StopRequest = .process,
        progress: ((String) -> Void)? = nil
    ) throws(BenchError) -> (
        baseline: BlockProtocol.Greeting, candidate: BlockProtocol.Greeting, pairs: [InterleavedComparison.Pair]
    ) {
        let baseGreeting = try baseline.greeting(within: readySeconds, stop: stop)
        let candidateGreeting = try candidate.greeting(within: readySeconds, stop: stop)
        let prefix = round > 0 ? "round \(round + 1): " : ""
        progress?(
            prefix + "both sides ready (set up and warmed up in \(Self.seconds(baseGreeting.readySeconds)) and "
                + "\(Self.seconds(candidateGreeting.readySeconds))); \(settlingPairs) settling and \(pairs) measured "
                + "pairs of \(Self.seconds(blockSeconds)) blocks"
        )
        let order = Self.order(pairs: settlingPairs + pairs, seed: seed, round: round)
        var measured: [InterleavedComparison.Pair] = []
        for (index, baselineFirst) in order.enumerated() {
            let first = baselineFirst ? baseline : candidate
            let second = baselineFirst ? candidate : baseline
            let a = try first.measure(block: 2 * index, seconds: blockSeconds, stop: stop)
            let b = try second.measure(block: 2 * index + 1, seconds: blockSeconds, stop: stop)
            guard index >= settlingPairs else { continue }
            let pair = InterleavedComparison.Pair(
                baselineFirst: baselineFirst,
                baseline: baselineFirst ? a : b,
                candidate: baselineFirst ? b : a,
                rules: rules,
                round: round
            )
            measured.append(pair)
            let note = pair.dropped.map { " (dropped: \($0.label))" } ?? ""
            progress?(prefix + "pair \(measured.count) of \(pairs), \(baselineFirst ? "AB" : "BA")\(note)")
        }
        return (baseGreeting, candidateGreeting, measured)
    }

    /// `1.5 s`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\((value * 10).rounded() / 10) s"
    }
}
