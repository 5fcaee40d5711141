import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

@Suite("SLO expressions")
struct SLOExpressionTests {
    /// One form of `--slo` and what it must read as.
    struct Form: Sendable, CustomTestStringConvertible {
        var text: String
        var metric: SLOMetric
        var comparison: SLOOperator
        var threshold: Double
        var testDescription: String { text }
    }

    static let forms: [Form] = [
        Form(
            text: "responseTime.p99<5ms",
            metric: .latency(.responseTime, .percentile(99)),
            comparison: .lessThan,
            threshold: 5e6
        ),
        Form(
            text: "serviceTime.p99.9<20ms",
            metric: .latency(.serviceTime, .percentile(99.9)),
            comparison: .lessThan,
            threshold: 2e7
        ),
        Form(
            text: "startLag.p99.99<=250us",
            metric: .latency(.startLag, .percentile(99.99)),
            comparison: .lessOrEqual,
            threshold: 250_000
        ),
        Form(
            text: "upstreamWait.p50<1.5s",
            metric: .latency(.upstreamWait, .percentile(50)),
            comparison: .lessThan,
            threshold: 1.5e9
        ),
        Form(
            text: "responseTime.p100<=3µs",
            metric: .latency(.responseTime, .percentile(100)),
            comparison: .lessOrEqual,
            threshold: 3_000
        ),
        Form(
            text: "responseTime.mean<800ns",
            metric: .latency(.responseTime, .mean),
            comparison: .lessThan,
            threshold: 800
        ),
        Form(text: "serviceTime.max<1s", metric: .latency(.serviceTime, .max), comparison: .lessThan, threshold: 1e9),
        Form(text: "inFlight.p99<64", metric: .inFlight(.percentile(99)), comparison: .lessThan, threshold: 64),
        Form(text: "inFlight.max<=1000", metric: .inFlight(.max), comparison: .lessOrEqual, threshold: 1_000),
        Form(text: "failures<0.1%", metric: .failures, comparison: .lessThan, threshold: 0.001),
        Form(
            text: "errors.UPSTREAM_UNAVAILABLE<0.5%",
            metric: .code("UPSTREAM_UNAVAILABLE"),
            comparison: .lessThan,
            threshold: 0.005
        ),
        Form(text: "failures<=100%", metric: .failures, comparison: .lessOrEqual, threshold: 1),
        Form(text: "inline.p99<1ms", metric: .latency(.inline, .percentile(99)), comparison: .lessThan, threshold: 1e6),
        Form(
            text: "parked.p99.9<2s",
            metric: .latency(.parked, .percentile(99.9)),
            comparison: .lessThan,
            threshold: 2e9
        ),
        Form(text: "throughput>1900", metric: .throughput, comparison: .greaterThan, threshold: 1_900),
        Form(text: "throughput>=1_900/s", metric: .throughput, comparison: .greaterOrEqual, threshold: 1_900),
        Form(
            text: " responseTime.p90 > 10ns ",
            metric: .latency(.responseTime, .percentile(90)),
            comparison: .greaterThan,
            threshold: 10
        ),
    ]

    @Test(arguments: forms)
    func everyFormParsesToItsMetricOperatorAndThreshold(form: Form) throws {
        let objectives = try SLOExpression.parse(form.text)
        let objective = try #require(objectives.first)
        #expect(objectives.count == 1)
        #expect(objective.metric == form.metric)
        #expect(objective.comparison == form.comparison)
        #expect(abs(objective.threshold - form.threshold) <= 1e-9 * form.threshold)
        #expect(objective.expression == form.text.trimmingCharacters(in: .whitespaces))
    }

    @Test func aListKeepsItsOrder() throws {
        let objectives = try SLOExpression.parse("inline.p99<5ms,serviceTime.p99.9<20ms,failures<0.1%,throughput>1900")
        #expect(
            objectives.map(\.expression) == [
                "inline.p99<5ms", "serviceTime.p99.9<20ms", "failures<0.1%", "throughput>1900",
            ]
        )
    }

    @Test(arguments: [
        ("p99<", "p99<"), ("responseTime.p101<1ms", "responseTime.p101<1ms"), ("failures<200%", "failures<200%"),
        ("latency.p99<1ms", "latency.p99<1ms"), ("responseTime.p99<5", "responseTime.p99<5"),
        ("responseTime.p99<5ms,,failures<1%", "responseTime.p99<5ms,,failures<1%"), ("failures<1%,", "failures<1%,"),
        ("responseTime.p0<1ms", "responseTime.p0<1ms"), ("responseTime.p99=1ms", "responseTime.p99=1ms"),
        ("responseTime<1ms", "responseTime<1ms"), ("failures<0.1", "failures<0.1"),
        ("errors.NO_SUCH_CODE<1%", "errors.NO_SUCH_CODE<1%"),
        ("errors.VALID_TOKEN<1%", "errors.VALID_TOKEN<1%"), ("throughput>fast", "throughput>fast"), ("<5ms", "<5ms"),
        ("responseTime.p99<<5ms", "responseTime.p99<<5ms"), ("responseTime.p99<5parsecs", "responseTime.p99<5parsecs"),
        ("responseTime.p99<-5ms", "responseTime.p99<-5ms"), ("throughput.p99>5", "throughput.p99>5"),
    ])
    func aBadExpressionFailsNamingIt(text: String, named: String) throws {
        do {
            _ = try SLOExpression.parse(text)
            Issue.record("'\(text)' parsed")
        } catch {
            #expect(error.reason == .invalidSetting)
            #expect(error.message.hasPrefix("--slo '"), "\(error.message)")
            #expect(!error.message.contains("\n"))
            // The message quotes the bad objective (the whole list for an empty one).
            let quoted = error.message.dropFirst("--slo '".count).prefix { $0 != "'" }
            #expect(named.contains(quoted) && !quoted.isEmpty, "\(error.message)")
        }
    }

    @Test func theMessageSaysWhatWasExpected() throws {
        let cases: [(String, String)] = [
            ("responseTime.p99<5", "missing unit"), ("failures<0.1", "missing unit"), ("failures<200%", "0% to 100%"),
            ("errors<0.1%", "use failures<SHARE"), ("failures.p99<1%", "failures takes no statistic"),
            ("responseTime.p101<1ms", "out of range"), ("latency.p99<1ms", "unknown metric"), ("p99<", "no value"),
            ("p99<1ms", "unknown metric"),
            ("responseTime.p99<5ms,,errors<1%", "empty objective"),
        ]
        for (text, phrase) in cases {
            #expect(throws: BenchError.self) { try SLOExpression.parse(text) }
            do { _ = try SLOExpression.parse(text) } catch {
                #expect(error.message.contains(phrase), "\(text): \(error.message)")
            }
        }
    }
}

@Suite("SLO evaluation")
struct SLOEvaluationTests {
    static let result = SyntheticRun.result()

    /// Every metric's measured value read straight from the result's histograms and summary.
    @Test func actualValuesComeFromTheResult() throws {
        let result = Self.result
        let cases: [(String, Double)] = [
            ("responseTime.p99<1s", Double(result.histogram(.responseTime).value(atPercentile: 99))),
            ("serviceTime.p99.9<1s", Double(result.histogram(.serviceTime).value(atPercentile: 99.9))),
            ("startLag.max<1s", Double(result.histogram(.startLag).max)),
            ("upstreamWait.mean<1s", result.histogram(.upstreamWait).mean),
            ("inFlight.p50<1000", Double(try #require(result.inFlight).value(atPercentile: 50))),
            (
                "failures<1%",
                Double(try #require(result.summary.failures).values.reduce(0, +)) / Double(result.summary.requests)
            ),
            ("inline.p99<1s", Double(result.histogram(.inline).value(atPercentile: 99))),
            ("parked.p50<1s", Double(result.histogram(.parked).value(atPercentile: 50))),
            (
                "errors.UPSTREAM_UNAVAILABLE<1%",
                Double(result.summary.errors["UPSTREAM_UNAVAILABLE"] ?? -1) / Double(result.summary.requests)
            ),
            ("errors.TOKEN_REPLAYED<1%", 0),
            ("throughput>1", result.summary.achievedRate),
        ]
        for (text, expected) in cases {
            let objective = try #require(try SLOExpression.parse(text).first)
            #expect(objective.actual(in: result) == expected, "\(text)")
            #expect(expected >= 0)
        }
        #expect(Double(result.summary.errors["UPSTREAM_UNAVAILABLE"] ?? 0) > 0)
    }

    @Test func metAndBreached() throws {
        let p99 = Double(Self.result.histogram(.responseTime).value(atPercentile: 99))
        let generous = try SLOExpression.parse("responseTime.p99<10s,failures<50%,throughput>1").evaluate(Self.result)
        #expect(generous.allSatisfy { $0.met })
        let strict = try SLOExpression.parse("responseTime.p99<1ns,failures<0.0001%,throughput>1000000000").evaluate(
            Self.result
        )
        #expect(strict.allSatisfy { !$0.met })
        #expect(strict.map(\.expression) == ["responseTime.p99<1ns", "failures<0.0001%", "throughput>1000000000"])
        #expect(strict[0].actual == p99)
    }

    /// At equality only `<=` and `>=` hold; above and below the threshold each operator decides
    /// as its symbol says.
    @Test(arguments: SLOOperator.allCases)
    func eachOperatorAtTheBoundaryAndAroundIt(comparison: SLOOperator) {
        let metric = SLOMetric.latency(.responseTime, .percentile(99))
        let actual = Double(Self.result.histogram(.responseTime).value(atPercentile: 99))
        func met(_ threshold: Double) -> Bool {
            SLOObjective(expression: "x", metric: metric, comparison: comparison, threshold: threshold).evaluate(
                Self.result
            ).met
        }
        switch comparison {
        case .lessThan: #expect(!met(actual) && met(actual + 1) && !met(actual - 1))
        case .lessOrEqual: #expect(met(actual) && met(actual + 1) && !met(actual - 1))
        case .greaterThan: #expect(!met(actual) && !met(actual + 1) && met(actual - 1))
        case .greaterOrEqual: #expect(met(actual) && !met(actual + 1) && met(actual - 1))
        }
    }

    @Test func consoleAndMarkdownListEveryObjectiveWithItsVerdict() throws {
        let sections = try SLOExpression.parse("responseTime.p99<10s,failures<0.0001%").evaluate(Self.result)
        let lines = SLOText.lines(sections)
        #expect(lines.contains("responseTime.p99<10s") && lines.contains("met"))
        #expect(lines.contains("failures<0.0001%") && lines.contains("BREACHED"))
        var result = Self.result
        result.slo = sections
        let markdown = RunMarkdown.text(try ResultDocument(result))
        #expect(markdown.contains("| `failures<0.0001%` |"))
        #expect(markdown.contains("**BREACHED**"))
        #expect(markdown.contains("| throughput |"))
        #expect(markdown.contains(SLOText.actual(sections[1])))
    }
}
