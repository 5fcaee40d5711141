import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A side of a comparison holds distinct runs: a repetition given twice (the same file, or a copy)
/// would count as two and make a change look significant; inputs that are not there are named.
@Suite("compare: repetitions are distinct runs")
struct ComparisonRepeatsTests {
    @Test func theSameFileTwiceOrACopyIsRefused() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let side = try CompareFixtures.write(try CompareFixtures.repetitions(3), under: root, name: "base")
        let first = side.appendingPathComponent("rep-1.json").path
        let copy = side.appendingPathComponent("zz-copy.json").path
        try FileManager.default.copyItem(atPath: first, toPath: copy)
        for files in [[first, first], try ComparisonSide.resolve([side.path], role: .baseline)] {
            do {
                _ = try ComparisonSide.load(files, role: .baseline)
                Issue.record("a repetition given twice was read as two")
            } catch {
                #expect(error.reason == .badInput)
                #expect(error.message.contains("a repetition given twice"), "\(error.message)")
            }
        }
        try FileManager.default.removeItem(atPath: copy)
        let distinct = try ComparisonSide.load(
            try ComparisonSide.resolve([side.path], role: .baseline),
            role: .baseline
        )
        #expect(distinct.documents.count == 3)
    }

    @Test func aMissingCandidateIsNoInputAndALinkLoopIsNamed() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = root.appendingPathComponent("nosuch").path
        #expect(throws: BenchError(.noInput, "candidate \(missing): no such file or directory")) {
            try ComparisonSide.resolve([missing], role: .candidate)
        }
        #expect(throws: BenchError(.missingBaseline, "baseline \(missing): no such file or directory")) {
            try ComparisonSide.resolve([missing], role: .baseline)
        }
        let loop = root.appendingPathComponent("loop")
        try FileManager.default.createDirectory(at: loop, withIntermediateDirectories: true)
        symlink("b.json", loop.path + "/a.json")
        symlink("a.json", loop.path + "/b.json")
        for role in [ComparisonSide.Role.baseline, .candidate] {
            for path in [loop.path, loop.path + "/a.json"] {
                do {
                    _ = try ComparisonSide.resolve([path], role: role)
                    Issue.record("a link loop was resolved")
                } catch {
                    #expect(error.reason == .noInput)
                    #expect(error.message.contains("ELOOP"), "\(error.message)")
                }
            }
        }
    }
}
