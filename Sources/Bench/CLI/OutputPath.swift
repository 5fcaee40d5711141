import BenchHarness
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Checks output paths before any work is done, so a long run does not fail at the end.
///
/// An output path is followed through symbolic links (the link stays, its target is replaced
/// atomically); a path that exists and is not what the flag writes (a device, a FIFO, a socket, a
/// directory where a file is written, a file where a directory is) is refused with exit 73, as is
/// a directory that cannot be created or written (proved by creating and removing a probe file
/// there, not by asking `access(2)`).
enum OutputPath {
    /// Throws naming `flag` when `path` exists and is not a directory (73), or it cannot be created
    /// or written to (73); creates it when missing.
    static func checkDirectory(_ path: String, flag: String) throws(CLIError) {
        guard !path.isEmpty else { throw .usage("\(flag) expects a directory path, got an empty string") }
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
            throw .cannotCreate(
                "\(flag) \(path): exists and is \(OutputTarget.kindName(info.st_mode & S_IFMT)), "
                    + "not a directory; expected a directory path"
            )
        }
        try ensureDirectory(path, for: path, flag: flag)
    }

    /// Throws naming `flag` when `path` cannot be written to: empty (64), an existing non-regular
    /// file (73), a directory that cannot be created or written (73). Creates its missing parent
    /// directories now, so that a long run does not fail only at its end.
    static func checkWritable(_ path: String, flag: String) throws(CLIError) {
        guard !path.isEmpty else { throw .usage("\(flag) expects a file path, got an empty string") }
        let target: OutputTarget
        do { target = try OutputTarget(path, flag: flag) } catch { throw CLIError(error) }
        try ensureDirectory(target.directory, for: path, flag: flag)
    }

    /// Creates `directory` when missing; throws naming `flag` (73) when it cannot be created or a
    /// file cannot be created in it.
    static func ensureDirectory(_ directory: String, for path: String, flag: String) throws(CLIError) {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreate("\(flag) \(path): cannot create directory \(directory)")
            }
        } else if !isDirectory.boolValue {
            throw .cannotCreate("\(flag) \(path): \(directory) is not a directory")
        }
        let probe = directory + "/.authz-bench-probe-\(getpid())"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw .cannotCreate(
                "\(flag) \(path): cannot create a file in \(directory) (\(String(cString: strerror(errno))))"
            )
        }
        close(descriptor)
        unlink(probe)
    }
}

extension CLIError {
    /// An output that cannot be created (exit 73).
    static func cannotCreate(_ message: String) -> CLIError { CLIError(message: message, exitCode: .cannotCreate) }
}

extension OutputPath {
    /// Refuses to write where a baseline or an input would be lost (exit 64, naming the flag):
    ///
    /// - onto an existing file, or into an existing non-empty directory, whose name contains
    ///   `baseline` (any case), unless `force` (`--force`): committed baselines are only replaced
    ///   on purpose;
    /// - onto one of the command's own input files (`inputs`), whatever `force` says: a failed or
    ///   partial merge must never destroy what it read.
    static func checkNotProtected(_ path: String, flag: String, inputs: [String] = [], force: Bool) throws(CLIError) {
        let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        for input in inputs where input != "-" {
            if URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path == target {
                throw .usage("\(flag) \(path): is also an input of this command; refusing to overwrite it")
            }
        }
        guard !force, URL(fileURLWithPath: path).lastPathComponent.lowercased().contains("baseline") else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        if isDirectory.boolValue {
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            if contents.isEmpty { return }
        }
        throw .usage("\(flag) \(path): would overwrite a baseline; pass --force to replace it")
    }
}
