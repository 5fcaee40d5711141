import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads input files (or standard input for `-`) with a size limit, reporting problems as one line
/// that names the file and what was expected.
package enum InputFile {
    /// The bytes of `path` (`-` reads standard input), at most `limit` bytes.
    ///
    /// - Throws: `BenchError.noInput` when the file is missing, cannot be opened (the cause named:
    ///   `ENOENT`, `EACCES`, `ELOOP`) or is not a regular file (a directory, a FIFO, a device: refused
    ///   before it is opened, so a FIFO never blocks); `BenchError.ioError` when reading fails
    ///   part-way; `BenchError.badInput` when it is larger than `limit` (`what` names the input in
    ///   the message, e.g. `--key` or `token file`).
    package static func read(_ path: String, limit: Int, what: String) throws(BenchError) -> [UInt8] {
        let name = path == "-" ? "standard input" : path
        let descriptor = path == "-" ? STDIN_FILENO : try open(path, what: what)
        defer { if path != "-" { close(descriptor) } }
        let bytes = try readAll(descriptor, limit: limit, what: what, name: name)
        guard bytes.count <= limit else {
            throw .badInput("\(what) \(name): larger than \(limit) bytes; expected at most \(limit)")
        }
        return bytes
    }

    /// Opens `path` for reading: a regular file only, checked before the open and again on the
    /// descriptor (opened without blocking, in case a FIFO replaced the file in between).
    ///
    /// - Throws: `BenchError.noInput` naming `what`, `path` and the cause.
    package static func open(_ path: String, what: String) throws(BenchError) -> Int32 {
        var info = stat()
        guard stat(path, &info) == 0 else { throw noInput(what, path, errno) }
        try requireRegular(info, what: what, path: path)
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw noInput(what, path, errno) }
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw noInput(what, path, code)
        }
        do throws(BenchError) { try requireRegular(info, what: what, path: path) } catch {
            close(descriptor)
            throw error
        }
        // Reads of a regular file never block; clear the flag so that nothing else sees it.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// Throws `noInput` unless `info` describes a regular file.
    private static func requireRegular(_ info: stat, what: String, path: String) throws(BenchError) {
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw .noInput("\(what) \(path): is \(OutputTarget.kindName(kind)); expected a regular file")
        }
    }

    /// The error of a file that cannot be opened: the cause in words, `ELOOP` named.
    private static func noInput(_ what: String, _ path: String, _ code: Int32) -> BenchError {
        switch code {
        case ENOENT: return .noInput("\(what) \(path): no such file")
        case ELOOP: return .noInput("\(what) \(path): too many levels of symbolic links (ELOOP: a symbolic link loop?)")
        default: return .noInput("\(what) \(path): cannot be opened (\(String(cString: strerror(code))))")
        }
    }

    /// Reads up to `limit + 1` bytes from `fd` straight into one array: sized from `fstat` for a
    /// regular file (no reallocation, no intermediate `Data`), grown by doubling for a pipe. A huge
    /// input thus costs at most `limit + 1` bytes of memory before it is refused.
    private static func readAll(_ fd: Int32, limit: Int, what: String, name: String) throws(BenchError) -> [UInt8] {
        var info = stat()
        var capacity = 1 << 16
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            capacity = min(Int(info.st_size), limit) + 1
        }
        var bytes = [UInt8](repeating: 0, count: min(capacity, limit + 1))
        var count = 0
        while count <= limit {
            if count == bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .ioError("\(what) \(name): cannot be read (\(String(cString: strerror(errno))))")
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// The text of `path` as UTF-8, at most `limit` bytes.
    package static func readText(_ path: String, limit: Int, what: String) throws(BenchError) -> String {
        let bytes = try read(path, limit: limit, what: what)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .badInput("\(what) \(path == "-" ? "standard input" : path): not UTF-8 text")
        }
        return text
    }
}
