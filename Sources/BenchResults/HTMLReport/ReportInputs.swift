import BenchHarness
import Foundation

/// One input file of the report: its label and its document (a run result or a sweep result).
package struct ReportInput<Document: Sendable>: Sendable {
    /// Label in legends, headings and table headers (the file name).
    package var name: String
    /// The result.
    package var document: Document

    /// Creates a value from its stored properties.
    package init(name: String, document: Document) {
        self.name = name
        self.document = document
    }
}

/// A run result in the report.
package typealias ReportRun = ReportInput<ResultDocument>

/// A sweep result in the report.
package typealias ReportSweep = ReportInput<SweepDocument>

/// A capacity result in the report.
package typealias ReportCapacity = ReportInput<CapacityDocument>

/// The inputs of a report: run results and sweep results, in command-line order.
package struct ReportInputs: Sendable {
    /// Run results (JSON without `kind`).
    package var runs: [ReportRun]
    /// Sweep results (`"kind": "sweep"`).
    package var sweeps: [ReportSweep]
    /// Capacity results (`"kind": "capacity"`).
    package var capacities: [ReportCapacity] = []
    /// Creates a value from its stored properties.
    package init(runs: [ReportRun] = [], sweeps: [ReportSweep] = [], capacities: [ReportCapacity] = []) {
        self.runs = runs
        self.sweeps = sweeps
        self.capacities = capacities
    }

    /// Reads every file; a run result is JSON without `kind`, a sweep result has `"kind": "sweep"`.
    ///
    /// - Throws: `BenchError.badInput` (exit 65) with one line naming the first bad file.
    package static func read(_ paths: [String]) throws(BenchError) -> ReportInputs {
        var inputs = ReportInputs()
        let names = labels(for: paths)
        for (path, name) in zip(paths, names) {
            let bytes = try InputFile.read(path, limit: ResultDocument.readLimit, what: "result file")
            try inputs.add(Data(bytes), file: path, name: name)
        }
        return inputs
    }

    /// Parses one file's bytes (once: its `kind` picks the document from the same decoder) and
    /// adds it as a run, a sweep or a capacity result.
    package mutating func add(_ data: Data, file: String, name: String) throws(BenchError) {
        switch try ResultDocument.decode(AnyReportDocument.self, from: data, file: file) {
        case .run(let document):
            try document.checkRead(file: file)
            runs.append(ReportRun(name: name, document: document))
        case .sweep(let document):
            try document.checkRead(file: file)
            sweeps.append(ReportSweep(name: name, document: document))
        case .capacity(let document):
            try document.checkRead(file: file)
            capacities.append(ReportCapacity(name: name, document: document))
        }
    }

    /// Labels for `paths`: the file names, or the paths as given when two file names are equal.
    package static func labels(for paths: [String]) -> [String] {
        let names = paths.map { URL(fileURLWithPath: $0).lastPathComponent }
        return Set(names).count == names.count ? names : paths
    }
}

/// A file `report` reads, by its `kind`: none for a run result, `sweep` or `capacity`; each read
/// with its header checked (`HeaderChecked`).
private enum AnyReportDocument: Decodable {
    case run(ResultDocument)
    case sweep(SweepDocument)
    case capacity(CapacityDocument)

    private enum Key: String, CodingKey {
        case kind
    }

    init(from decoder: any Decoder) throws {
        let kind = (try? decoder.container(keyedBy: Key.self).decodeIfPresent(JSONValue.self, forKey: .kind)) ?? nil
        guard let kind else {
            self = .run(try HeaderChecked<ResultDocument>(from: decoder).document)
            return
        }
        if kind.stringValue == SweepDocument.documentKind {
            self = .sweep(try HeaderChecked<SweepDocument>(from: decoder).document)
        } else if kind.stringValue == CapacityDocument.documentKind {
            self = .capacity(try HeaderChecked<CapacityDocument>(from: decoder).document)
        } else {
            throw HeaderFailure(
                message: "$.kind: expected \"sweep\" or \"capacity\" (or no kind for a run result), found "
                    + (kind.stringValue ?? kind.text(.compact))
            )
        }
    }
}
