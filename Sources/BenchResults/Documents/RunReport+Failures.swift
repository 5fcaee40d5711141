import BenchHarness
import Foundation

extension RunReport {
    /// Failures (count, share, by code) apart from answers by code: a correct denial is an answer,
    /// never an error. A result written before failures were told apart says they are not known
    /// and lists its codes as it has them; a merge of `.hlog` files only (`codesKnown` false)
    /// knows no codes at all.
    package static func outcomeLines(_ summary: ResultSummary, codesKnown: Bool = true) -> [String] {
        guard codesKnown else {
            return [
                "failures    not known: .hlog inputs carry no result codes",
                "codes       not known: .hlog inputs carry no result codes",
            ]
        }
        guard let failures = summary.failures else {
            let codes =
                summary.errors.isEmpty
                ? "none"
                : summary.errors.sorted { $0.key < $1.key }.map { "\($0.key) \(LatencyText.count($0.value))" }
                    .joined(separator: ", ")
            return [
                "failures    not known (a result written before failures were told apart from answers)",
                "codes       other than VALID_TOKEN: \(codes)",
            ]
        }
        let failed = failures.values.reduce(0, +)
        let share = SLOText.percent(summary.failureShare ?? ResultSummary.share(failed, of: summary.requests))
        var first = "failures    \(LatencyText.count(failed)) (\(share) of the requests)"
        if failed > 0 {
            first +=
                ": "
                + failures.sorted { $0.key < $1.key }.map { "\($0.key) \(LatencyText.count($0.value))" }
                .joined(separator: ", ")
        }
        let answers = summary.answers ?? [:]
        let listed =
            answers.isEmpty
            ? "none"
            : ResultSummary.answerOrder(answers.keys).map { "\($0) \(LatencyText.count(answers[$0] ?? 0))" }
                .joined(separator: ", ")
        return [first, "answers     \(listed)"]
    }
}

extension ResultSummary {
    /// The requests that got an answer, by code (`VALID_TOKEN` included): every request's code less
    /// the failures; nil when the failures are not known.
    package var answers: [String: Int]? {
        guard let failures else { return nil }
        var answers: [String: Int] = [:]
        let otherCodes = errors.values.reduce(0, +)
        let failedWithOtherCodes = failures.filter {
            $0.key != "VALID_TOKEN" && $0.key != ResultSummary.ledgerFaultName
        }
        let valid = requests - otherCodes - (failures["VALID_TOKEN"] ?? 0)
        if valid > 0 { answers["VALID_TOKEN"] = valid }
        for (code, count) in errors {
            let answered = count - (failedWithOtherCodes[code] ?? 0)
            if answered > 0 { answers[code] = answered }
        }
        return answers
    }

    /// Answer codes in report order: `VALID_TOKEN` first, then the others by name.
    package static func answerOrder(_ codes: some Sequence<String>) -> [String] {
        codes.sorted { ($0 == "VALID_TOKEN" ? "" : $0) < ($1 == "VALID_TOKEN" ? "" : $1) }
    }
}
