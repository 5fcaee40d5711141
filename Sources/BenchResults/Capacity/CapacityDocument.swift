import BenchHarness
import Foundation

/// The result of `authz-bench capacity --json FILE` (`"kind": "capacity"`): the steps of the
/// search, each a short open-loop run, and the knee: the highest rate at which every run was valid
/// and met every SLO.
///
/// Encoded with sorted keys, so the same search always gives the same bytes.
package struct CapacityDocument: BenchDocument, Equatable {
    /// The `kind` key's value.
    package static let documentKind: String? = "capacity"

    /// `capacity`: tells the report a capacity result from a run result (which has no `kind`).
    package var kind = CapacityDocument.documentKind ?? ""
    /// Version of the file layout (1).
    package var schemaVersion = BenchDocumentHeader.schemaVersion
    /// Always `authz-bench`.
    package var tool = BenchDocumentHeader.tool
    /// `BenchVersion.current` of the writer.
    package var version = BenchVersion.current
    /// Where it ran.
    package var environment: Environment
    /// The scenario of every step (as a run result writes it, the start rate in `loop`) plus
    /// `capacity`: the search's settings.
    package var scenario: JSONValue
    /// The objectives, as given to `--slo`.
    package var slo: [String]
    /// Every step in the order run.
    package var steps: [Step]
    /// The knee (absent when even the start rate failed).
    package var knee: Knee?
    /// Steps run (the length of `steps`).
    package var stepCount: Int
    /// The signal that ended the search early (`SIGINT`, `SIGTERM`): `steps` holds the steps
    /// completed before it, and there is no knee. Absent when the search ran to its end.
    package var interrupted: String?

    /// A document of the current schema, tool and version.
    package init(
        environment: Environment,
        scenario: JSONValue,
        slo: [String],
        steps: [Step],
        knee: Knee?,
        stepCount: Int
    ) {
        self.environment = environment
        self.scenario = scenario
        self.slo = slo
        self.steps = steps
        self.knee = knee
        self.stepCount = stepCount
    }

    /// One step: a short run at one offered rate.
    package struct Step: Codable, Sendable, Equatable {
        /// The offered (target) rate, requests/s.
        package var rate: Double
        /// The achieved rate, requests/s.
        package var achievedRate: Double
        /// Response time of the measured phase, ns.
        package var responseTime: Percentiles
        /// Whether the load generator kept up (the build is not judged per step).
        package var valid: Bool
        /// Why not, one line each.
        package var invalidReasons: [String]
        /// Whether every objective held.
        package var sloMet: Bool
        /// Whether the step passed: valid and every objective met.
        package var passed: Bool
        /// Every objective with its measured value.
        package var actuals: [SLOSection]
    }

    /// Response-time percentiles of a step, ns.
    package struct Percentiles: Codable, Sendable, Equatable {
        /// Median.
        package var p50: UInt64
        /// 99th percentile.
        package var p99: UInt64
        /// 99.9th percentile (key `p99.9`).
        package var p999: UInt64

        /// The JSON keys: `p99.9` contains a dot.
        package enum CodingKeys: String, CodingKey {
            case p50, p99
            case p999 = "p99.9"
        }
    }

    /// The knee: `rate` passed every run; the true knee lies between `lower` and `upper`.
    package struct Knee: Codable, Sendable, Equatable {
        /// The highest rate that passed every run (equal to `lower`).
        package var rate: Double
        /// The highest rate that passed every run.
        package var lower: Double
        /// The lowest rate that failed (absent when the search stopped at `--max-rate`).
        package var upper: Double?

        /// Creates a value from its stored properties.
        package init(rate: Double, lower: Double, upper: Double?) {
            self.rate = rate
            self.lower = lower
            self.upper = upper
        }
    }

    /// `stepCount` agrees with `steps`, every rate and figure is in its range (`FigureCheck`), and
    /// the knee is a rate whose step passed (below the one that failed).
    package func check(file: String) throws(BenchError) {
        guard steps.count == stepCount else {
            throw .badInput("\(file): $.stepCount: \(stepCount), but $.steps holds \(steps.count) steps")
        }
        let check = FigureCheck(file: file)
        let rates = Double.leastNonzeroMagnitude...WorkloadFlags.maxRate
        for (index, step) in steps.enumerated() {
            let path = "$.steps[\(index)]"
            try check.number(step.rate, "\(path).rate", in: rates, "a rate")
            try check.number(step.achievedRate, "\(path).achievedRate", in: 0...Double(FigureCheck.maxCount), "a rate")
            let p = step.responseTime
            guard p.p50 <= p.p99, p.p99 <= p.p999 else {
                throw check.fail("\(path).responseTime", "p50 <= p99 <= p99.9", "\(p.p50), \(p.p99), \(p.p999)")
            }
            for (number, actual) in step.actuals.enumerated() {
                try check.number(
                    actual.actual,
                    "\(path).actuals[\(number)].actual",
                    in: 0...Double.greatestFiniteMagnitude,
                    "a figure"
                )
            }
            guard step.passed == (step.valid && step.sloMet) else {
                throw check.fail("\(path).passed", "valid and sloMet (\(step.valid && step.sloMet))", "\(step.passed)")
            }
        }
        guard let knee else { return }
        try check.number(knee.rate, "$.knee.rate", in: rates, "a rate")
        try check.agrees(knee.lower, knee.rate, "$.knee.lower", "$.knee.rate")
        guard steps.contains(where: { $0.rate == knee.rate && $0.passed }) else {
            throw check.fail("$.knee.rate", "the rate of a step that passed", "\(knee.rate)")
        }
        if let upper = knee.upper {
            try check.number(upper, "$.knee.upper", in: knee.rate...WorkloadFlags.maxRate, "a rate above the knee's")
        }
    }
}
