import Foundation

/// A run result in the report: its label and its document.
struct ReportRun: Sendable {
    /// Label in legends and table headers (the file name).
    var name: String
    /// The result.
    var document: ResultDocument
}

/// A sweep result in the report: its label and its document.
struct ReportSweep: Sendable {
    /// Label in headings (the file name).
    var name: String
    /// The sweep.
    var document: SweepDocument
}

/// The inputs of a report: run results and sweep results, in command-line order.
struct ReportInputs: Sendable {
    /// Run results (JSON without `kind`).
    var runs: [ReportRun] = []
    /// Sweep results (`"kind": "sweep"`).
    var sweeps: [ReportSweep] = []

    /// Reads every file; a run result is JSON without `kind`, a sweep result has `"kind": "sweep"`.
    ///
    /// - Throws: `CLIError.badInput` (exit 65) with one line naming the first bad file.
    static func read(_ paths: [String]) throws(CLIError) -> ReportInputs {
        var inputs = ReportInputs()
        let names = labels(for: paths)
        for (path, name) in zip(paths, names) {
            let bytes = try InputFile.read(path, limit: ResultDocument.readLimit, what: "result file")
            try inputs.add(Data(bytes), file: path, name: name)
        }
        return inputs
    }

    /// Parses one file's bytes and adds it as a run or a sweep.
    mutating func add(_ data: Data, file: String, name: String) throws(CLIError) {
        guard !data.isEmpty else { throw .badInput("\(file): empty file; expected an authz-bench result (JSON)") }
        let root = try? JSONSerialization.jsonObject(with: data)
        if let object = root as? [String: Any], let kind = object["kind"] {
            guard let text = kind as? String, text == "sweep" else {
                throw .badInput("\(file): $.kind: expected \"sweep\" (or no kind for a run result), found \(kind)")
            }
            sweeps.append(ReportSweep(name: name, document: try SweepDocument.parse(data, file: file)))
        } else {
            runs.append(ReportRun(name: name, document: try ResultDocument.parse(data, file: file)))
        }
    }

    /// Labels for `paths`: the file names, or the paths as given when two file names are equal.
    static func labels(for paths: [String]) -> [String] {
        let names = paths.map { URL(fileURLWithPath: $0).lastPathComponent }
        return Set(names).count == names.count ? names : paths
    }
}
