import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

/// The one read-and-check every kind of result file goes through: the shared header, and errors
/// that name the kind expected.
@Suite("Result files: shared header and reader")
struct BenchDocumentTests {
    /// A file of each kind as written, with what its errors call it.
    static func files() throws -> [(data: Data, kind: String?, description: String)] {
        [
            (try ResultDocument(SyntheticRun.result()).jsonData(), nil, "result"),
            (try CapacityDocumentTests.document().jsonData(), "capacity", "capacity result"),
            (try HTMLReportFixtures.sweepJSON(), "sweep", "sweep result"),
        ]
    }

    /// Parses `data` as the document of the file at `index` of ``files()``.
    static func parse(_ data: Data, index: Int) throws {
        switch index {
        case 0: _ = try ResultDocument.parse(data, file: "f.json")
        case 1: _ = try CapacityDocument.parse(data, file: "f.json")
        default: _ = try SweepDocument.parse(data, file: "f.json")
        }
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(arguments: 0..<3)
    func everyKindWritesTheSameHeader(index: Int) throws {
        let file = try Self.files()[index]
        let root = try Self.object(file.data)
        #expect(root["schemaVersion"] as? Int == BenchDocumentHeader.schemaVersion)
        #expect(root["tool"] as? String == BenchDocumentHeader.tool)
        #expect((root["version"] as? String)?.isEmpty == false)
        #expect(root["kind"] as? String == file.kind)
        try Self.parse(file.data, index: index)
    }

    @Test(arguments: 0..<3)
    func aMissingKeyNamesTheKindExpected(index: Int) throws {
        let file = try Self.files()[index]
        var root = try Self.object(file.data)
        root["environment"] = nil
        let error = #expect(throws: BenchError.self) {
            try Self.parse(try JSONSerialization.data(withJSONObject: root), index: index)
        }
        #expect(error?.reason == .badInput)
        #expect(error?.message == "f.json: $.environment: missing; expected a schemaVersion 1 \(file.description)")
    }

    @Test(arguments: 0..<3)
    func anotherToolOrSchemaVersionIsRefused(index: Int) throws {
        let file = try Self.files()[index]
        var root = try Self.object(file.data)
        root["tool"] = "wrk2"
        let tool = #expect(throws: BenchError.self) {
            try Self.parse(try JSONSerialization.data(withJSONObject: root), index: index)
        }
        #expect(tool?.message == "f.json: $.tool: expected \"authz-bench\", found \"wrk2\"")
        root["tool"] = "authz-bench"
        root["schemaVersion"] = 2
        let version = #expect(throws: BenchError.self) {
            try Self.parse(try JSONSerialization.data(withJSONObject: root), index: index)
        }
        #expect(version?.message == "f.json: $.schemaVersion: expected 1, found 2")
    }

    @Test func aFileOfAnotherKindIsRefusedNamingBoth() throws {
        let sweep = try HTMLReportFixtures.sweepJSON()
        let error = #expect(throws: BenchError.self) { try CapacityDocument.parse(sweep, file: "s.json") }
        #expect(error?.message == "s.json: $.kind: expected \"capacity\", found sweep")
        let empty = #expect(throws: BenchError.self) { try SweepDocument.parse(Data(), file: "e.json") }
        #expect(empty?.message == "e.json: empty file; expected an authz-bench sweep result (JSON)")
    }
}
