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
    ///   exist or a directory holds no `*.json` file; `noInput` for the candidate when a path does
    ///   not exist, and for either side when a path cannot be followed (the cause named: `ELOOP`
    ///   for a symbolic link loop) or a directory's `*.json` entry is not a regular file (a FIFO
    ///   would block); `badInput` for a candidate directory without results.
    package static func resolve(_ paths: [String], role: Role) throws(BenchError) -> [String] {
        var files: [String] = []
        for path in paths {
            var info = stat()
            guard !path.isEmpty, stat(path, &info) == 0 else {
                let code = path.isEmpty ? ENOENT : errno
                if code == ENOENT {
                    let reason: BenchError.Reason = role == .baseline ? .missingBaseline : .noInput
                    throw BenchError(reason, "\(role.rawValue) \(path): no such file or directory")
                }
                throw noInput(role, path, code)
            }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                files.append(path)
                continue
            }
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
                throw .noInput("\(role.rawValue) \(path): directory cannot be read")
            }
            let results = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            guard !results.isEmpty else {
                let reason: BenchError.Reason = role == .baseline ? .missingBaseline : .badInput
                throw BenchError(reason, "\(role.rawValue) \(path): directory holds no result files (*.json)")
            }
            for name in results {
                let file = URL(fileURLWithPath: path).appendingPathComponent(name).path
                // A FIFO or device named *.json would block the read or never end: refused, named.
                var entry = stat()
                guard stat(file, &entry) == 0 else { throw noInput(role, file, errno) }
                guard (entry.st_mode & S_IFMT) == S_IFREG else {
                    throw .noInput(
                        "\(role.rawValue) \(file): is \(OutputTarget.kindName(entry.st_mode & S_IFMT)), not a "
                            + "regular file; expected a result file (run --json)"
                    )
                }
                files.append(file)
            }
        }
        return files
    }

    /// A path that cannot be followed, the cause named (`ELOOP`: a symbolic link loop).
    private static func noInput(_ role: Role, _ path: String, _ code: Int32) -> BenchError {
        switch code {
        case ENOENT: .noInput("\(role.rawValue) \(path): no such file (a dangling symbolic link?)")
        case ELOOP:
            .noInput("\(role.rawValue) \(path): too many levels of symbolic links (ELOOP: a symbolic link loop?)")
        default: .noInput("\(role.rawValue) \(path): cannot be opened (\(String(cString: strerror(code))))")
        }
    }

    /// Reads and checks every file of `files` (`ResultDocument.read`: exit 65 naming the file),
    /// and refuses a repetition given twice: one file named twice, or two files holding one run
    /// (a copy: the same start, host, shard and requests, or the same document), which would
    /// count as two runs and make a change look significant.
    package static func load(_ files: [String], role: Role) throws(BenchError) -> ComparisonSide {
        var documents: [ResultDocument] = []
        var seenFiles: [String: String] = [:]
        var seenRuns: [String: String] = [:]
        for file in files {
            var info = stat()
            if stat(file, &info) == 0 {
                let identity = "\(info.st_dev):\(info.st_ino)"
                if let earlier = seenFiles[identity] { throw repeated(role, earlier, file, "are the same file") }
                seenFiles[identity] = file
            }
            let document = try ResultDocument.read(from: file)
            let summary = document.summary
            if let start = summary.startEpochMillis {
                let key = MergeChecks.runKey(
                    start: start,
                    host: summary.host,
                    shard: summary.shard,
                    requests: summary.requests
                )
                if let earlier = seenRuns[key] { throw repeated(role, earlier, file, "hold the same run") }
                seenRuns[key] = file
            } else if let index = documents.firstIndex(of: document) {
                // A file written before runs stated their start: only an exact copy is told apart.
                throw repeated(role, files[index], file, "hold the same run")
            }
            documents.append(document)
        }
        return ComparisonSide(role: role, files: files, documents: documents)
    }

    /// A repetition given twice: one line naming both files.
    private static func repeated(_ role: Role, _ first: String, _ second: String, _ how: String) -> BenchError {
        .badInput(
            "\(role.rawValue) \(first) and \(second) \(how): a repetition given twice would count as two runs; "
                + "give each run once (a copy is not a repetition)"
        )
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
