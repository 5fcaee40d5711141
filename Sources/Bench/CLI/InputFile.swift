import Foundation

/// Reads input files (or standard input for `-`) with a size limit, reporting problems as one line
/// that names the file and what was expected.
enum InputFile {
    /// The bytes of `path` (`-` reads standard input), at most `limit` bytes.
    ///
    /// - Throws: `CLIError.badInput` when the file is missing, unreadable, a directory, or larger
    ///   than `limit` (`what` names the input in the message, e.g. `--key` or `token file`).
    static func read(_ path: String, limit: Int, what: String) throws(CLIError) -> [UInt8] {
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
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .badInput("\(what) \(name): cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= limit else {
            throw .badInput("\(what) \(name): larger than \(limit) bytes; expected at most \(limit)")
        }
        return [UInt8](data)
    }

    /// The text of `path` as UTF-8, at most `limit` bytes.
    static func readText(_ path: String, limit: Int, what: String) throws(CLIError) -> String {
        let bytes = try read(path, limit: limit, what: what)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .badInput("\(what) \(path == "-" ? "standard input" : path): not UTF-8 text")
        }
        return text
    }
}
