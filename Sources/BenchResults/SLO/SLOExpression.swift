import AuthZCore
import BenchHarness
import Foundation

/// Parses `--slo`: comma-separated objectives `METRIC OP VALUE`, e.g.
/// `inline.p99<1ms,serviceTime.p99.9<20ms,failures<0.1%,throughput>1900`.
///
/// Metrics: `inline|parked|responseTime|serviceTime|startLag|upstreamWait` followed by
/// `.pNN[.N...]`, `.mean` or `.max` (a latency: `ns`, `us`/`µs`, `ms` or `s`);
/// `inFlight.pNN|mean|max` (a count); `failures` (the share of requests that failed, with `%`) or
/// `errors.CODE` (the share answered with one code); `throughput` (requests per second achieved).
/// Each latency of `inline|parked|responseTime|serviceTime` and `throughput` also per operation,
/// named first: `check.inline.p99`, `get.serviceTime.p50`, `verify.throughput`
/// (`OperationLabel`'s names). `errors` alone, which counted correct denials as errors, is
/// refused with a message naming `failures`. Operators `<`, `<=`, `>`, `>=`. Parsed before anything runs, so that a typo
/// costs no run.
package enum SLOExpression {
    /// The objectives of `text` in the order given.
    ///
    /// - Throws: `BenchError.invalidSetting` (exit 64) naming the first bad objective and what
    ///   was expected.
    package static func parse(_ text: String) throws(BenchError) -> [SLOObjective] {
        var objectives: [SLOObjective] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.trimmingCharacters(in: .whitespaces)
            guard !item.isEmpty else {
                throw .invalidSetting(
                    "--slo '\(text)': empty objective; expected METRIC OP VALUE between the commas, "
                        + "e.g. responseTime.p99<5ms"
                )
            }
            objectives.append(try objective(item))
        }
        return objectives
    }

    /// One objective, `METRIC OP VALUE`.
    package static func objective(_ item: String) throws(BenchError) -> SLOObjective {
        guard let (name, comparison, value) = split(item) else {
            throw fail(item, "expected METRIC OP VALUE with OP one of <, <=, >, >= (e.g. inline.p99<1ms)")
        }
        guard !name.isEmpty else {
            throw fail(item, "no metric before '\(comparison.rawValue)'; expected e.g. responseTime.p99")
        }
        guard !value.isEmpty else {
            throw fail(item, "no value after '\(comparison.rawValue)'; expected a threshold such as 5ms, 0.1% or 1900")
        }
        let metric = try self.metric(name, item: item)
        let threshold = try self.threshold(value, unit: metric.unit, item: item)
        return SLOObjective(expression: item, metric: metric, comparison: comparison, threshold: threshold)
    }

    /// The metric part, operator and value part, split at the first operator character.
    private static func split(_ item: String) -> (String, SLOOperator, String)? {
        guard let index = item.firstIndex(where: { $0 == "<" || $0 == ">" }) else { return nil }
        var rest = item[item.index(after: index)...]
        var symbol = String(item[index])
        if rest.first == "=" {
            symbol += "="
            rest = rest.dropFirst()
        }
        guard let comparison = SLOOperator(rawValue: symbol), !rest.contains(where: { $0 == "<" || $0 == ">" }) else {
            return nil
        }
        return (
            item[..<index].trimmingCharacters(in: .whitespaces), comparison, rest.trimmingCharacters(in: .whitespaces)
        )
    }

    /// The latency kinds by the names the result file uses.
    private static let latencyNames = LatencyKind.allCases.map(\.rawValue).joined(separator: ", ")

    /// The metric `name` names.
    private static func metric(_ name: String, item: String) throws(BenchError) -> SLOMetric {
        if let (label, rest) = OperationLabel.split(Substring(name)) {
            if rest == "throughput" { return .operationThroughput(label) }
            let head = rest.prefix { $0 != "." }
            guard let kind = LatencyKind(rawValue: String(head)), OperationLabel.kinds.contains(kind) else {
                let kinds = OperationLabel.kinds.map(\.rawValue).joined(separator: ", ")
                throw fail(
                    item,
                    "unknown metric '\(name)'; expected \(label.name).KIND.STAT with KIND one of \(kinds), or \(label.name).throughput"
                )
            }
            let owner = "\(label.name).\(head)"
            return .operationLatency(
                label,
                kind,
                try statistic(String(rest.dropFirst(head.count + 1)), of: owner, item: item)
            )
        }
        let head = name.prefix { $0 != "." }
        let tail = name.dropFirst(head.count + 1)
        if let kind = LatencyKind(rawValue: String(head)) {
            return .latency(kind, try statistic(String(tail), of: String(head), item: item))
        }
        switch head {
        case "inFlight":
            return .inFlight(try statistic(String(tail), of: "inFlight", item: item))
        case "failures":
            guard !name.contains(".") else {
                throw fail(item, "failures takes no statistic; expected failures<SHARE (e.g. failures<0.1%)")
            }
            return .failures
        case "errors":
            guard name.contains(".") else {
                throw fail(
                    item,
                    "'errors' as a whole counted correct denials (NOT_AUTHORIZED) and expected attack "
                        + "rejections; use failures<SHARE for what went wrong, or errors.CODE for one code"
                )
            }
            guard let code = ResultCode(rawValue: String(tail)), code != .validToken else {
                let codes = ResultCode.allCases.filter { $0 != .validToken }.map(\.rawValue).joined(separator: ", ")
                throw fail(item, "unknown code '\(tail)' after errors.; expected one of \(codes)")
            }
            return .code(code.rawValue)
        case "throughput":
            guard !name.contains(".") else {
                throw fail(item, "throughput takes no statistic; expected throughput>RATE")
            }
            return .throughput
        default:
            throw fail(
                item,
                "unknown metric '\(name)'; expected \(latencyNames) or inFlight with .pNN, .mean or .max, "
                    + "failures, errors.CODE, throughput, or OPERATION.KIND.STAT (e.g. check.inline.p99)"
            )
        }
    }

    /// `pNN[.N...]`, `mean` or `max` after the histogram's name `owner`.
    private static func statistic(_ text: String, of owner: String, item: String) throws(BenchError) -> SLOStatistic {
        switch text {
        case "mean": return .mean
        case "max": return .max
        default: break
        }
        let expected = "expected \(owner).pNN (0 < NN <= 100, e.g. p99 or p99.9), \(owner).mean or \(owner).max"
        guard text.hasPrefix("p") else { throw fail(item, expected) }
        let digits = text.dropFirst()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let percentile = Double(digits)
        else { throw fail(item, expected) }
        guard percentile > 0, percentile <= 100 else {
            throw fail(item, "percentile \(digits) out of range; \(expected)")
        }
        return .percentile(percentile)
    }

    /// The threshold `text` in the internal unit of `unit`.
    private static func threshold(_ text: String, unit: SLOUnit, item: String) throws(BenchError) -> Double {
        switch unit {
        case .duration:
            let units: [(String, Double)] = [("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9)]
            for (suffix, scale) in units where text.hasSuffix(suffix) {
                guard let number = number(text.dropLast(suffix.count)) else { break }
                return number * scale
            }
            if number(Substring(text)) != nil {
                throw fail(item, "missing unit in '\(text)'; expected a latency with ns, us, µs, ms or s (e.g. 5ms)")
            }
            throw fail(item, "'\(text)' is not a latency; expected a number with ns, us, µs, ms or s (e.g. 5ms)")
        case .share:
            guard text.hasSuffix("%") else {
                throw fail(item, "missing unit in '\(text)'; expected a percentage with % (e.g. 0.1%)")
            }
            guard let percent = number(text.dropLast()), percent <= 100 else {
                throw fail(item, "'\(text)' is not a share; expected a percentage from 0% to 100%")
            }
            return percent / 100
        case .rate:
            let digits = text.hasSuffix("/s") ? text.dropLast(2) : Substring(text)
            guard let rate = number(digits) else {
                throw fail(item, "'\(text)' is not a rate; expected requests per second (e.g. 1900)")
            }
            return rate
        case .count:
            guard let count = number(Substring(text)) else {
                throw fail(item, "'\(text)' is not a count; expected a number of requests in flight (e.g. 64)")
            }
            return count
        }
    }

    /// A non-negative finite decimal number (digits and at most one point; `_` between digits).
    private static func number(_ text: Substring) -> Double? {
        let plain = text.replacingOccurrences(of: "_", with: "")
        guard !plain.isEmpty, plain.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            plain.filter({ $0 == "." }).count <= 1, plain.contains(where: \.isNumber),
            let value = Double(plain), value.isFinite
        else { return nil }
        return value
    }

    /// The error for objective `item`.
    private static func fail(_ item: String, _ expected: String) -> BenchError {
        .invalidSetting("--slo '\(item)': \(expected)")
    }
}
