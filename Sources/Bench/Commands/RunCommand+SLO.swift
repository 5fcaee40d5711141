import BenchHarness
import BenchResults

/// `run --slo EXPR` and `run --markdown FILE`: the objectives are parsed before the run (a typo
/// costs no run), checked after it, and decide the exit code with the run's validity.
extension RunCommand {
    /// The objectives of `--slo` (empty when absent).
    static func sloObjectives(_ args: Arguments) throws -> [SLOObjective] {
        guard let text = args.value("slo") else { return [] }
        return try SLOExpression.parse(text)
    }

    /// The result of `outcome` with every objective checked (`slo` stays nil without objectives).
    static func checkedResult(_ outcome: RunOutcome, objectives: [SLOObjective]) -> RunResult {
        var result = RunResult(outcome)
        if !objectives.isEmpty { result.slo = objectives.evaluate(result) }
        return result
    }

    /// Prints the objectives' verdicts (unless `quiet`) and writes `--markdown`.
    static func reportSLO(_ document: ResultDocument, args: Arguments, quiet: Bool) throws {
        if !quiet, let slo = document.slo { print(SLOText.lines(slo), terminator: "") }
        if let path = args.value("markdown") { try AtomicFile.write(RunMarkdown.text(document), to: path) }
    }

    /// 7 when the run is invalid (it wins: its figures cannot show an SLO held), else 6 when an
    /// objective was breached, else 0.
    static func exitCode(_ result: RunResult) -> ExitCode {
        if !result.summary.valid { return .runInvalid }
        if result.slo?.contains(where: { !$0.met }) == true { return .sloNotMet }
        return .ok
    }
}
