import BenchHarness
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Input files: a missing one, a link loop and anything not a regular file are "no input" (66),
/// the cause named, refused before they are opened (a FIFO never blocks).
@Suite("Input files: missing, looping and non-regular inputs")
struct InputFileTests {
    @Test("A missing file is no input, named")
    func missing() throws {
        #expect(throws: BenchError(.noInput, "token file /nonexistent/missing.token: no such file")) {
            try InputFile.read("/nonexistent/missing.token", limit: 100, what: "token file")
        }
    }

    @Test("A symbolic link loop is no input, named ELOOP (not 'no such file')")
    func loop() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = FileFixtures.symlinkLoop(in: directory)
        let error = #expect(throws: BenchError.self) { try InputFile.read(a, limit: 100, what: "merge input") }
        #expect(error?.reason == .noInput)
        #expect(error?.message.contains("ELOOP") == true)
        #expect(error?.message.contains("no such file") == false)
    }

    /// A FIFO without a writer: opening it for reading would block forever; it must be refused.
    @Test("A FIFO, a directory and a device are no input, refused without blocking")
    func nonRegular() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("in.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [(fifo, "a FIFO"), (directory.path, "a directory"), ("/dev/zero", "a character device")] {
            let error = #expect(throws: BenchError.self) { try InputFile.read(path, limit: 100, what: "--key") }
            #expect(error?.reason == .noInput)
            #expect(error?.message == "--key \(path): is \(kind); expected a regular file")
        }
    }

    @Test("A regular file is read whole")
    func regular() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("key").path
        try "secret".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try InputFile.read(path, limit: 100, what: "--key") == Array("secret".utf8))
    }
}
