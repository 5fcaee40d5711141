import BenchHarness
import Foundation

/// A file authz-bench writes and reads back: a run result (`run`, `merge`), a capacity result, a
/// sweep result or a comparison (`compare`).
///
/// Every kind starts with the same header, `schemaVersion`, `tool`, `kind` and `version`, and is
/// read through the one `parse(_:file:)`, which checks the header and names the kind in its
/// errors. A run result is the one kind without a `kind` key (files written before kinds existed
/// are run results).
package protocol BenchDocument: Codable, Sendable {
    /// The `kind` key's value; nil for a run result, which has none.
    static var documentKind: String? { get }
    /// What errors call a file of this kind (`result`, `capacity result`).
    static var fileDescription: String { get }
    /// Version of the file layout (`BenchDocumentHeader/schemaVersion`).
    var schemaVersion: Int { get }
    /// The writer, always `BenchDocumentHeader/tool`.
    var tool: String { get }
    /// `BenchVersion.current` of the writer.
    var version: String { get }
    /// The checks the keys and their types cannot express (histograms decodable, counts that
    /// agree), each failure one line naming `file` and the JSON path.
    func check(file: String) throws(BenchError)
    /// The file's bytes: pretty-printed JSON with sorted keys (the same document always gives the
    /// same bytes) and a final newline.
    func jsonData() throws(BenchError) -> Data
}

/// The values of the header every `BenchDocument` starts with.
package enum BenchDocumentHeader {
    /// The schema version every kind reads and writes.
    package static let schemaVersion = 1
    /// The `tool` key's value.
    package static let tool = "authz-bench"
}

extension BenchDocument {
    /// `<kind> result`, or `result` for a run result.
    package static var fileDescription: String { documentKind.map { "\($0) result" } ?? "result" }

    /// No checks beyond the keys and their types.
    package func check(file: String) throws(BenchError) {}

    /// `PrettyJSON`'s layout; the error names the kind.
    package func jsonData() throws(BenchError) -> Data {
        try PrettyJSON.data(self, what: "the \(Self.fileDescription)")
    }

    /// Writes the document to `path` atomically (temporary file + rename).
    package func write(to path: String) throws(BenchError) {
        try AtomicFile.write(try jsonData(), to: path)
    }
}
