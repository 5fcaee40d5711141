import Foundation

/// Checks output paths before any work is done, so a long run does not fail at the end.
enum OutputPath {
    /// Throws a usage error naming `flag` when `path` exists and is not a directory, or its parent
    /// cannot be written to.
    static func checkDirectory(_ path: String, flag: String) throws(CLIError) {
        guard !path.isEmpty else { throw .usage("\(flag) expects a directory path, got an empty string") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw .usage("\(flag) \(path): exists and is not a directory")
        }
        try ensureDirectory(path, for: path, flag: flag)
    }

    /// Throws a usage error naming `flag` when `path` cannot be written to; creates its missing
    /// parent directories now, so that a long run does not fail only at its end.
    static func checkWritable(_ path: String, flag: String) throws(CLIError) {
        guard !path.isEmpty else { throw .usage("\(flag) expects a file path, got an empty string") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .usage("\(flag) \(path): is a directory; expected a file path")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try ensureDirectory(directory, for: path, flag: flag)
    }

    /// Creates `directory` when missing; throws a usage error naming `flag` when it cannot be
    /// created or written to.
    static func ensureDirectory(_ directory: String, for path: String, flag: String) throws(CLIError) {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .usage("\(flag) \(path): cannot create directory \(directory)")
            }
        } else if !isDirectory.boolValue {
            throw .usage("\(flag) \(path): \(directory) is not a directory")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw .usage("\(flag) \(path): directory \(directory) is not writable")
        }
    }
}
