/// The search of `authz-bench capacity`: the highest open-loop rate at which a run passes (it is
/// valid and every SLO holds), as a state machine over verdicts, with no clock and no run of its own.
///
/// Exponential steps up from ``Settings/startRate`` (doubling, capped at ``Settings/maxRate``)
/// until a rate fails; then bisection between the last pass and the first fail until they are
/// within ``Settings/precision`` of each other; then the rates at the knee are run again until
/// each has ``Settings/repeats`` runs, so that noise shows. A rate passes only if every one of
/// its runs passed: a pass that fails when repeated becomes the new upper bound, and the search
/// goes on below it. The rates tried depend only on the settings and the verdicts, so a search
/// is deterministic given the same verdicts.
///
/// Drive it with ``nextRate`` and ``record(passed:)``, or ``run(_:)``.
package struct CapacitySearch: Sendable, Equatable {
    /// How the search steps.
    package struct Settings: Sendable, Equatable {
        /// The first rate (requests/s).
        package var startRate: Double
        /// The bisection stops when `(upper - lower) / lower` is at most this (0.05: 5%).
        package var precision: Double
        /// Runs at each of the two rates at the knee (1: no repeat).
        package var repeats: Int
        /// No rate above this is tried (nil: no cap); passing at it ends the search.
        package var maxRate: Double?
        /// At most this many runs in all (a guard against a runner that never fails).
        package var maxSteps: Int

        /// Creates settings; the defaults are `capacity`'s.
        package init(
            startRate: Double = 500,
            precision: Double = 0.05,
            repeats: Int = 2,
            maxRate: Double? = nil,
            maxSteps: Int = 60
        ) {
            self.startRate = startRate
            self.precision = precision
            self.repeats = repeats
            self.maxRate = maxRate
            self.maxSteps = maxSteps
        }
    }

    /// One run: its rate and verdict.
    package struct Trial: Sendable, Equatable {
        /// The offered rate (requests/s).
        package var rate: Double
        /// Whether the run was valid and met every SLO.
        package var passed: Bool
    }

    /// How the search ended.
    package enum Outcome: Sendable, Equatable {
        /// The knee: `lower` passed every run; `upper` failed (nil when the search stopped at
        /// ``Settings/maxRate`` or ``Settings/maxSteps`` without a fail above `lower`).
        case knee(lower: Double, upper: Double?)
        /// The start rate itself failed: no rate is known to pass.
        case failedAtStart(rate: Double)
    }

    private enum Phase: Sendable, Equatable {
        case growing(Double)
        case bisecting
        case confirming
        case done(Outcome)
    }

    /// The settings.
    package let settings: Settings
    /// Every run so far, in order.
    package private(set) var trials: [Trial] = []
    private var phase: Phase
    /// The highest rate known to pass (every run passed), and the lowest known to fail.
    private var lower: Double?
    private var upper: Double?

    /// A search that has run nothing yet.
    package init(_ settings: Settings) {
        self.settings = settings
        phase = .growing(Self.capped(settings.startRate, settings.maxRate))
    }

    /// The rate to run next, or nil when the search is over (see ``outcome``).
    package var nextRate: Double? {
        switch phase {
        case .growing(let rate): return rate
        case .bisecting: return lower.flatMap { low in upper.map { Self.midpoint(low, $0) } }
        case .confirming: return confirmationRate
        case .done: return nil
        }
    }

    /// How the search ended (nil while it goes on).
    package var outcome: Outcome? {
        if case .done(let outcome) = phase { return outcome }
        return nil
    }

    /// Records the verdict of a run at ``nextRate`` and moves on.
    package mutating func record(passed: Bool) {
        guard let rate = nextRate else { return }
        trials.append(Trial(rate: rate, passed: passed))
        switch phase {
        case .growing:
            if passed {
                lower = rate
                if let cap = settings.maxRate, rate >= cap {
                    phase = .confirming
                } else {
                    phase = .growing(Self.capped(rate * 2, settings.maxRate))
                }
            } else {
                upper = rate
                lower = highestPass(below: rate)
                phase = lower == nil ? .done(.failedAtStart(rate: settings.startRate)) : narrowing
            }
        case .bisecting:
            if passed { lower = rate } else { upper = rate }
            phase = narrowing
        case .confirming:
            if !passed, rate == lower {
                // A pass that fails when repeated is a fail: the knee is below it.
                upper = rate
                lower = highestPass(below: rate)
                phase = lower == nil ? .done(.failedAtStart(rate: settings.startRate)) : narrowing
            }
        case .done:
            break
        }
        if outcome == nil, trials.count >= settings.maxSteps {
            phase =
                lower.map { .done(.knee(lower: $0, upper: upper)) } ?? .done(.failedAtStart(rate: settings.startRate))
        }
        if phase == .confirming, confirmationRate == nil, let lower {
            phase = .done(.knee(lower: lower, upper: upper))
        }
    }

    /// Runs the whole search with `trial` (a run at a rate and its verdict); returns the outcome.
    package mutating func run<E: Error>(_ trial: (Double) throws(E) -> Bool) throws(E) -> Outcome {
        while let rate = nextRate { record(passed: try trial(rate)) }
        // `record` always ends in `.done` once `nextRate` is nil.
        return outcome ?? .failedAtStart(rate: settings.startRate)
    }

    /// Bisection while the bracket is wider than the precision, then the confirmation runs.
    private var narrowing: Phase {
        guard let lower, let upper else { return .confirming }
        let mid = Self.midpoint(lower, upper)
        let wide = (upper - lower) / lower > settings.precision && mid > lower && mid < upper
        return wide ? .bisecting : .confirming
    }

    /// The knee rate that still lacks runs: the lower bound first, then the upper one.
    private var confirmationRate: Double? {
        for rate in [lower, upper].compactMap({ $0 }) where runs(at: rate) < settings.repeats { return rate }
        return nil
    }

    /// Runs made at `rate`.
    private func runs(at rate: Double) -> Int { trials.filter { $0.rate == rate }.count }

    /// The highest rate below `rate` whose every run passed.
    private func highestPass(below rate: Double) -> Double? {
        let rates = Set(trials.map(\.rate)).filter { $0 < rate }
        return rates.filter { candidate in trials.allSatisfy { $0.rate != candidate || $0.passed } }.max()
    }

    /// The midpoint, rounded to a whole request per second (rates read as integers).
    private static func midpoint(_ lower: Double, _ upper: Double) -> Double { ((lower + upper) / 2).rounded() }

    /// `rate` no higher than `cap`.
    private static func capped(_ rate: Double, _ cap: Double?) -> Double { cap.map { Swift.min(rate, $0) } ?? rate }
}
