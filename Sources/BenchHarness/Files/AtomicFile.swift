import Foundation

/// Writes output files atomically: to a temporary file beside the target, then `rename(2)`.
///
/// A reader (or a crash) never sees a half-written result or baseline.
package enum AtomicFile {
    /// Writes `data` to `path` atomically, creating missing parent directories.
    ///
    /// - Throws: `BenchError.badInput` naming the path when it cannot be written.
    package static func write(_ data: Data, to path: String) throws(BenchError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .badInput("\(path): is a directory; expected a file path to write")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .badInput("\(path): cannot create directory \(directory.path): \(error.localizedDescription)")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
            throw .badInput("\(path): cannot write (directory not writable?)")
        }
        guard rename(temporary.path, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .badInput("\(path): cannot write: \(reason)")
        }
    }

    /// Writes `text` as UTF-8 to `path` atomically.
    package static func write(_ text: String, to path: String) throws(BenchError) {
        try write(Data(text.utf8), to: path)
    }
}
