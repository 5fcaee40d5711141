import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes output files atomically: to a temporary file beside the target, then `rename(2)`.
///
/// A reader (or a crash) never sees a half-written result or baseline. A symbolic link is
/// followed: the link stays and its target is replaced. A path that exists and is not a regular
/// file (a device, a FIFO, a socket, a directory) is refused, never replaced.
package enum AtomicFile {
    /// What writes the bytes to the open temporary file: `write(2)`'s contract (bytes written, or
    /// -1 with `errno` set). Tests inject a failing one to check how a full disk is reported.
    package typealias Writer = (Int32, UnsafeRawBufferPointer) -> Int

    /// Writes `data` to `path` atomically, creating missing parent directories.
    ///
    /// - Throws: `BenchError.cannotCreate` naming the path when it is not a regular file or its
    ///   directory cannot be made or written; `BenchError.ioError` naming the cause (`ENOSPC`,
    ///   `EIO`) when writing failed part-way. Either way the target is unchanged and no temporary
    ///   file is left.
    package static func write(_ data: Data, to path: String, writer: Writer? = nil) throws(BenchError) {
        let target = try OutputTarget(path, flag: "")
        try createDirectory(target.directory, for: path)
        let temporary = temporaryPath(for: target.path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw failure(code, "\(path): cannot create \(temporary) (\(String(cString: strerror(code))))")
        }
        var failed: Int32?
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
                let written = writer?(descriptor, rest) ?? Glibc.write(descriptor, rest.baseAddress, rest.count)
                if written < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    return
                }
                if written == 0 {
                    failed = EIO
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failed == nil { failed = errno }
        if let failed {
            unlink(temporary)
            throw .ioError("\(path): cannot write it (\(String(cString: strerror(failed)))); left unchanged")
        }
        guard rename(temporary, target.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(code, "\(path): cannot replace it (\(String(cString: strerror(code))))")
        }
    }

    /// The longest file name the file systems written to take (`NAME_MAX`), bytes.
    package static let nameMax = 255

    /// The temporary file a write of `path` goes through: `.NAME.tmp-PID` beside it, with NAME
    /// shortened (on a character boundary) so that the whole name fits ``nameMax`` bytes: a long
    /// output name must not fail only when the write comes, after the work.
    package static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let parent = url.deletingLastPathComponent().path
        let directory = parent.isEmpty ? "." : parent
        let suffix = ".tmp-\(getpid())"
        var name = Substring(url.lastPathComponent)
        while 1 + name.utf8.count + suffix.utf8.count > nameMax { name = name.dropLast() }
        return directory + "/." + name + suffix
    }

    /// Writes `text` as UTF-8 to `path` atomically.
    package static func write(_ text: String, to path: String) throws(BenchError) {
        try write(Data(text.utf8), to: path)
    }

    /// Creates `directory` (and its parents) when missing.
    private static func createDirectory(_ directory: String, for path: String) throws(BenchError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .cannotCreate("\(path): \(directory) is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate("\(path): cannot create directory \(directory)")
        }
    }

    /// An I/O error for a full or failing device, else an output that cannot be created.
    package static func failure(_ code: Int32, _ message: String) -> BenchError {
        [ENOSPC, EIO, EDQUOT, EFBIG].contains(code) ? .ioError(message) : .cannotCreate(message)
    }
}
