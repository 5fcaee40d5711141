#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Reads input files (or standard input for `-`) with a size limit, reporting problems as one line
/// that names the file and what was expected.
package enum InputFile {
    /// The bytes of `path` (`-` reads standard input), at most `limit` bytes.
    ///
    /// - Throws: `BenchError.badInput` when the file is missing, unreadable, a directory, or larger
    ///   than `limit` (`what` names the input in the message, e.g. `--key` or `token file`).
    package static func read(_ path: String, limit: Int, what: String) throws(BenchError) -> [UInt8] {
        let name = path == "-" ? "standard input" : path
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .badInput("\(what) \(path): no such file")
            }
            guard !isDirectory.boolValue else { throw .badInput("\(what) \(path): is a directory; expected a file") }
            guard let opened = FileHandle(forReadingAtPath: path) else {
                throw .badInput("\(what) \(path): cannot be read (permission denied?)")
            }
            handle = opened
        }
        defer { if path != "-" { try? handle.close() } }
        let bytes = try readAll(handle.fileDescriptor, limit: limit, what: what, name: name)
        guard bytes.count <= limit else {
            throw .badInput("\(what) \(name): larger than \(limit) bytes; expected at most \(limit)")
        }
        return bytes
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
                throw .badInput("\(what) \(name): cannot be read: \(String(cString: strerror(errno)))")
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
