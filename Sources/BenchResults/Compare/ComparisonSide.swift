import BenchHarness
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One side of a comparison (the baseline or the candidate): the result files of its repetitions,
/// read and checked.
package struct ComparisonSide: Sendable {
    /// Which side.
    package enum Role: String, Sendable {
        /// The reference the candidate is judged against.
        case baseline
        /// The build under judgement.
        case candidate
    }

    /// Which side this is.
    package var role: Role
    /// The result files, in the order given (a directory's `*.json` files sorted by name).
    package var files: [String]
    /// Their documents, in the same order.
    package var documents: [ResultDocument]

    /// A side of `documents` read from `files` (the same order).
    package init(role: Role, files: [String], documents: [ResultDocument]) {
        self.role = role
        self.files = files
        self.documents = documents
    }

    /// The files `paths` name: each a result file or a directory of `*.json` result files.
    ///
    /// - Throws: `BenchError` with reason `missingBaseline` for the baseline when a path does not
    ///   exist or a directory holds no `*.json` file; `badInput` for the candidate in the same cases;
    ///   `noInput` naming a directory's `*.json` entry that is not a regular file (a FIFO would block).
    package static func resolve(_ paths: [String], role: Role) throws(BenchError) -> [String] {
        let reason: BenchError.Reason = role == .baseline ? .missingBaseline : .badInput
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw BenchError(reason, "\(role.rawValue) \(path): no such file or directory")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
                throw .badInput("\(role.rawValue) \(path): directory cannot be read")
            }
            let results = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            guard !results.isEmpty else {
                throw BenchError(reason, "\(role.rawValue) \(path): directory holds no result files (*.json)")
            }
            for name in results {
                let file = URL(fileURLWithPath: path).appendingPathComponent(name).path
                // A FIFO or device named *.json would block the read or never end: refused, named.
                var info = stat()
                guard stat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                    throw .noInput("\(role.rawValue) \(file): not a regular file; expected a result file (run --json)")
                }
                files.append(file)
            }
        }
        return files
    }

    /// Reads and checks every file of `files` (`ResultDocument.read`: exit 65 naming the file).
    package static func load(_ files: [String], role: Role) throws(BenchError) -> ComparisonSide {
        var documents: [ResultDocument] = []
        for file in files { documents.append(try ResultDocument.read(from: file)) }
        return ComparisonSide(role: role, files: files, documents: documents)
    }

    /// `metric`'s value in every repetition (0 where a result does not have it: `checkHas` first).
    package func values(of metric: CompareMetric) -> [Double] { documents.map { metric.value(in: $0) ?? 0 } }

    /// Checks that every repetition has every metric of `metrics`.
    ///
    /// - Throws: `BenchError.badInput` (exit 65) naming the first file and metric it lacks: a result
    ///   written before in-flight and upstream figures were measured has nothing to gate on, and a
    ///   zero in its place would read as a change beyond any band.
    package func checkHas(_ metrics: [CompareMetric]) throws(BenchError) {
        for metric in metrics {
            for (file, document) in zip(files, documents) where metric.value(in: document) == nil {
                throw .badInput(
                    "\(role.rawValue) \(file): has no \(metric.name) (a result written before it was measured, "
                        + "or merged from .hlog files only); leave it out of --metrics"
                )
            }
        }
    }

    /// One line per invalid repetition: `FILE: reason; reason`.
    package var invalidRuns: [String] {
        zip(files, documents).compactMap { file, document in
            document.summary.valid
                ? nil
                : "\(role.rawValue) \(file) is invalid: "
                    + (document.summary.invalidReasons.isEmpty
                        ? "summary.valid is false" : document.summary.invalidReasons.joined(separator: "; "))
        }
    }

    /// The distinct git commits of the repetitions.
    package var gitCommits: [String] {
        var seen: [String] = []
        for document in documents where !seen.contains(document.environment.gitCommit) {
            seen.append(document.environment.gitCommit)
        }
        return seen
    }
}
