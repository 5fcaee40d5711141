import BenchHarness
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Output files: never a device, FIFO or directory replaced, a symbolic link written through, a
/// failed write named by its cause with the target left as it was.
@Suite("Atomic output files: what they refuse, follow and report")
struct AtomicFileTests {
    @Test("A device node is refused (cannot create), and stays a device")
    func deviceRefused() throws {
        #expect(FileFixtures.kind("/dev/full") == S_IFCHR)
        #expect(
            throws: BenchError(
                .cannotCreate,
                "/dev/full: exists and is a character device, not a regular file; "
                    + "refusing to replace it (expected a file path)"
            )
        ) {
            try AtomicFile.write("x", to: "/dev/full")
        }
        #expect(FileFixtures.kind("/dev/full") == S_IFCHR)
    }

    @Test("A FIFO and a directory are refused, and stay as they were")
    func fifoAndDirectoryRefused() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("out.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = #expect(throws: BenchError.self) { try AtomicFile.write("x", to: fifo) }
        #expect(error?.reason == .cannotCreate)
        #expect(error?.message.contains("a FIFO") == true)
        #expect(FileFixtures.kind(fifo) == S_IFIFO)
        let sub = directory.appendingPathComponent("sub").path
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        let dirError = #expect(throws: BenchError.self) { try AtomicFile.write("x", to: sub) }
        #expect(dirError?.reason == .cannotCreate)
        #expect(dirError?.message.contains("a directory") == true)
        #expect(FileFixtures.kind(sub) == S_IFDIR)
    }

    @Test("A symbolic link is followed: the link stays, its target is replaced")
    func symlinkFollowed() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("target.json").path
        let link = directory.appendingPathComponent("link.json").path
        try "OLD".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(symlink("target.json", link) == 0)
        try AtomicFile.write("NEW", to: link)
        #expect(FileFixtures.kind(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "NEW")
        // A dangling link creates its target.
        let dangling = directory.appendingPathComponent("dangling.json").path
        #expect(symlink("made.json", dangling) == 0)
        try AtomicFile.write("MADE", to: dangling)
        #expect(FileFixtures.kind(dangling) == S_IFLNK)
        #expect(
            try String(contentsOfFile: directory.appendingPathComponent("made.json").path, encoding: .utf8) == "MADE"
        )
    }

    @Test("A symbolic link loop is refused, named ELOOP")
    func symlinkLoop() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = FileFixtures.symlinkLoop(in: directory)
        let error = #expect(throws: BenchError.self) { try AtomicFile.write("x", to: a) }
        #expect(error?.reason == .cannotCreate)
        #expect(error?.message.contains("ELOOP") == true)
    }

    @Test(
        "A write that fails part-way (ENOSPC, EIO) is an I/O error naming the cause; the target is unchanged, no temporary is left",
        arguments: [ENOSPC, EIO]
    )
    func failedWrite(code: Int32) throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("r.json").path
        try "ORIGINAL".write(toFile: path, atomically: false, encoding: .utf8)
        var calls = 0
        // The first write gets half the bytes through, the second fails as a full disk does.
        let writer: AtomicFile.Writer = { descriptor, bytes in
            calls += 1
            if calls == 1 { return Glibc.write(descriptor, bytes.baseAddress, bytes.count / 2) }
            errno = code
            return -1
        }
        let error = #expect(throws: BenchError.self) {
            try AtomicFile.write(Data(repeating: 65, count: 10_000), to: path, writer: writer)
        }
        #expect(error?.reason == .ioError)
        #expect(error?.message.contains(String(cString: strerror(code))) == true, "\(error?.message ?? "")")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "ORIGINAL")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["r.json"])
    }
}
