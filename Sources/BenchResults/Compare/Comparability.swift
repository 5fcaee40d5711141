import BenchHarness

/// Whether results may be compared: same scenario, same build configuration, same machine.
///
/// Every `scenario` key must be equal in every result (the seed included: runs are deterministic
/// for a seed), except the validity bounds (`ignoredScenarioKeys`). Of `environment`, `build`, `cpu`, `cores`, `swift`
/// and `openssl` must be equal, and
/// of `os` the kernel name and machine (`Linux`, `x86_64`) but not the kernel release, which hosted
/// CI runners update under you. `version` and `environment.gitCommit` may differ: they are what is
/// being compared.
package enum Comparability {
    /// The environment keys that must be equal, each with the text compared: of `os`, the kernel
    /// name and machine only.
    package static let environmentKeys: [(key: String, text: @Sendable (Environment) -> String)] = [
        ("build", \.build), ("cpu", \.cpu), ("cores", { String($0.cores) }), ("swift", \.swift),
        ("openssl", \.openssl),
        (
            "os",
            { environment in
                let words = environment.os.split(separator: " ")
                return words.count >= 2 ? "\(words[0]) \(words[words.count - 1])" : environment.os
            }
        ),
    ]
    /// The scenario keys that may differ: bounds that decide whether a run is valid, not what it
    /// measured. Each result was judged by its own bound, and an invalid one is refused anyway; a
    /// baseline written before `maxStartLagMicros` existed stays comparable with a run that has it.
    package static let ignoredScenarioKeys: Set<String> = ["maxStartLagMicros"]

    /// One entry per key that differs: the key (`scenario.rate`) and the first two differing values
    /// with their files. Empty when the results are comparable.
    package static func differences(_ results: [(file: String, document: ResultDocument)]) -> [Difference] {
        guard let first = results.first else { return [] }
        let reference = fields(of: first.document)
        var found: [String: Difference] = [:]
        var order: [String] = []
        for other in results.dropFirst() {
            let theirs = fields(of: other.document)
            for key in Set(reference.keys).union(theirs.keys).sorted() where found[key] == nil {
                // A key a file lacks reads as null: a result written before an optional scenario
                // key existed (`stages`, `totalRate`) ran without it, as a null says.
                let mine = reference[key] ?? "null"
                let their = theirs[key] ?? "null"
                guard mine != their else { continue }
                found[key] = Difference(key: key, first: (first.file, mine), second: (other.file, their))
                order.append(key)
            }
        }
        return order.sorted().compactMap { found[$0] }
    }

    /// The compared fields of `document`, by dotted key, as compact JSON text.
    package static func fields(of document: ResultDocument) -> [String: String] {
        var result: [String: String] = [:]
        if let members = document.scenario.objectValue {
            for (key, value) in members where !ignoredScenarioKeys.contains(key) {
                result["scenario.\(key)"] = value.text(.compact)
            }
        } else {
            result["scenario"] = document.scenario.text(.compact)
        }
        for (key, text) in environmentKeys { result["environment.\(key)"] = text(document.environment) }
        return result
    }

    /// A key whose value differs between two results.
    package struct Difference: Sendable {
        /// The dotted key, `scenario.rate` or `environment.cpu`.
        package var key: String
        /// The first result's file and value.
        package var first: (file: String, value: String)
        /// The file and value of a result that differs from it.
        package var second: (file: String, value: String)

        /// `scenario.rate (2000 in a.json, 4000 in b.json)`.
        package var description: String {
            "\(key) (\(first.value) in \(first.file), \(second.value) in \(second.file))"
        }
    }
}
