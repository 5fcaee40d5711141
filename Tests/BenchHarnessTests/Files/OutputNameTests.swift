import BenchHarness
import Foundation
import TestSupport
import Testing

/// Output names the kernel takes: a long name writes (its temporary name is shortened), a name or
/// path beyond the kernel's limits is refused before anything is created.
@Suite("Output names and paths")
struct OutputNameTests {
    @Test(arguments: [1, 200, 245, 255])
    func theTemporaryNameFitsWhateverTheName(length: Int) throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(
            String(repeating: "é", count: length / 2) + String(repeating: "n", count: length % 2)
        ).path
        let temporary = URL(fileURLWithPath: AtomicFile.temporaryPath(for: path)).lastPathComponent
        #expect(temporary.utf8.count <= AtomicFile.nameMax)
        #expect(temporary.hasPrefix("."))
        try AtomicFile.write(Data("x".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "x")
    }

    @Test func aNameOrAPathBeyondTheKernelsLimitsIsRefused() {
        let long = String(repeating: "n", count: 256)
        #expect(
            throws: BenchError.cannotCreate(
                "--json /tmp/\(long): a name in the path is 256 bytes long; expected at most 255 (NAME_MAX)"
            )
        ) {
            try OutputTarget("/tmp/\(long)", flag: "--json")
        }
        let deep = "/tmp/" + Array(repeating: String(repeating: "d", count: 200), count: 25).joined(separator: "/")
        do {
            _ = try OutputTarget(deep, flag: "--json")
            Issue.record("a path beyond PATH_MAX was taken")
        } catch {
            #expect(error.reason == .cannotCreate)
            #expect(error.message.hasSuffix("expected at most \(OutputTarget.pathMax) (PATH_MAX)"))
        }
    }

    @Test func aRegularFileIsCalledOne() {
        #expect(OutputTarget.kindName(S_IFREG) == "a regular file")
        #expect(OutputTarget.kindName(S_IFIFO) == "a FIFO")
    }
}
