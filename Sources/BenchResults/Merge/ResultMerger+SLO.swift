import BenchHarness

/// The service-level objectives of the inputs, checked again on the merged figures.
///
/// Each shard of a run checks its `--slo` on its own slice of the load; what was asked is that the
/// whole run meets them, so a merge checks them again on the merged histograms and counts. The
/// result JSON inputs carry their objectives (`slo`); when every one of them gives the same list,
/// the merged result is checked against it and carries the verdicts, as `run --slo` does. Inputs
/// that disagree, or `.hlog` inputs beside them (which carry neither objectives nor result codes),
/// leave the merged result without a verdict, and a warning says why.
extension ResultMerger {
    /// The objectives to check on the merged result (empty: none) and, when some input's were left
    /// unchecked, the warning saying why.
    ///
    /// - Throws: `BenchError.badInput` naming the file when a result's `slo` holds an expression
    ///   that is not an objective.
    static func objectives(
        results: [RunResult],
        logInputs: Int
    ) throws(BenchError) -> (
        objectives: [SLOObjective], warning: String?
    ) {
        let lists = results.map { (file: $0.sources.first ?? "?", expressions: $0.slo?.map(\.expression) ?? []) }
        guard let first = lists.first(where: { !$0.expressions.isEmpty }) else { return ([], nil) }
        if let other = lists.first(where: { $0.expressions != first.expressions }) {
            return (
                [],
                "the inputs were run with different --slo (\(Self.describe(first)) against \(Self.describe(other))): "
                    + "none is checked on the merged result"
            )
        }
        guard logInputs == 0 else {
            return (
                [],
                "--slo \(first.expressions.joined(separator: ",")) of the result inputs is not checked on the merged "
                    + "result: .hlog inputs carry no objectives and no result codes"
            )
        }
        var objectives: [SLOObjective] = []
        for expression in first.expressions {
            do {
                objectives.append(try SLOExpression.objective(expression))
            } catch {
                throw .badInput(
                    "merge input \(first.file): slo expression '\(expression)' is not an objective; expected one "
                        + "as run --slo writes (\(error.message))"
                )
            }
        }
        return (objectives, nil)
    }

    private static func describe(_ list: (file: String, expressions: [String])) -> String {
        "\(list.file): " + (list.expressions.isEmpty ? "none" : list.expressions.joined(separator: ","))
    }
}
