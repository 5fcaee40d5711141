import BenchHarness
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Checks output paths before any work is done, so a long run does not fail at the end.
///
/// One rule for every output of every command (``check(_:inputs:force:)``): no two outputs on one
/// file, none onto an input or, without `--force`, a baseline, each path one the kernel takes, and
/// each writable, proved by creating its missing directories and then the very temporary file
/// `AtomicFile` will write through (not by asking `access(2)`). An output path is followed through
/// symbolic links (the link stays, its target is replaced atomically); a path that exists and is
/// not what the flag writes (a device, a FIFO, a socket, a directory where a file is written, a
/// file where a directory is, or a special file where a directory output writes one of its files)
/// is refused with exit 73. When a check fails, the directories the checks created are removed
/// again: a refused command leaves nothing behind.
enum OutputPath {
    /// Throws naming `flag` when `path` exists and is not a directory (73), or it cannot be created
    /// or written to (73); creates it when missing. `files` are the names the command writes in it.
    static func checkDirectory(_ path: String, flag: String, files: [String] = []) throws(CLIError) {
        let output = Output(flag: flag, path: path, isDirectory: true, files: files)
        try validate(output)
        try prepare([output])
    }

    /// Throws naming `flag` when `path` cannot be written to: empty (64), an existing non-regular
    /// file (73), a directory that cannot be created or written (73). Creates its missing parent
    /// directories now, so that a long run does not fail only at its end.
    static func checkWritable(_ path: String, flag: String) throws(CLIError) {
        let output = Output(flag: flag, path: path)
        try validate(output)
        try prepare([output])
    }

    /// The checks of one output that change nothing: a path given, one the kernel takes, and
    /// nothing in the way (see the type's summary).
    static func validate(_ output: Output) throws(CLIError) {
        let flag = output.flag
        let path = output.path
        guard !path.isEmpty else {
            throw .usage("\(flag) expects a \(output.isDirectory ? "directory" : "file") path, got an empty string")
        }
        do throws(BenchError) {
            if output.isDirectory {
                try OutputTarget.checkLength(path, label: "\(flag) \(path)")
                var info = stat()
                if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
                    throw BenchError.cannotCreate(
                        "\(flag) \(path): exists and is \(OutputTarget.kindName(info.st_mode & S_IFMT)), "
                            + "not a directory; expected a directory path"
                    )
                }
                for name in output.files { _ = try OutputTarget(path + "/" + name, flag: flag) }
                try checkNearestExisting(path, flag: flag, path: path)
            } else {
                let target = try OutputTarget(path, flag: flag)
                try checkNearestExisting(target.directory, flag: flag, path: path)
            }
        } catch {
            throw CLIError(error)
        }
    }

    /// Throws when the nearest of `directory` and its ancestors that exists is not a directory:
    /// nothing could be created there.
    private static func checkNearestExisting(_ directory: String, flag: String, path: String) throws(BenchError) {
        var current = URL(fileURLWithPath: directory).standardizedFileURL.path
        while true {
            var info = stat()
            if stat(current, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw .cannotCreate("\(flag) \(path): \(current) is not a directory")
                }
                return
            }
            let parent = URL(fileURLWithPath: current).deletingLastPathComponent().path
            if parent == current || parent.isEmpty { return }
            current = parent
        }
    }

    /// Creates the missing directories of `outputs` and proves each writable by creating and
    /// removing the temporary file its write goes through; on a failure, removes the directories
    /// it created and throws naming the output's flag (73).
    static func prepare(_ outputs: [Output]) throws(CLIError) {
        var created: [String] = []
        do throws(CLIError) {
            for output in outputs {
                let directory = output.isDirectory ? output.path : targetDirectory(output)
                try ensureDirectory(directory, for: output, created: &created)
                let probe =
                    output.isDirectory
                    ? AtomicFile.temporaryPath(for: directory + "/" + (output.files.first ?? "authz-bench-probe"))
                    : AtomicFile.temporaryPath(for: targetPath(output))
                try probeFile(probe, in: directory, for: output)
            }
        } catch {
            for directory in created.reversed() { rmdir(directory) }
            throw error
        }
    }

    /// The file a file output writes (its symbolic links followed).
    private static func targetPath(_ output: Output) -> String {
        (try? OutputTarget(output.path, flag: output.flag).path) ?? output.path
    }

    /// The directory a file output writes in.
    private static func targetDirectory(_ output: Output) -> String {
        (try? OutputTarget(output.path, flag: output.flag).directory)
            ?? URL(fileURLWithPath: output.path).deletingLastPathComponent().path
    }

    /// Creates `directory` and its missing parents one by one, recording each in `created`.
    private static func ensureDirectory(
        _ directory: String,
        for output: Output,
        created: inout [String]
    ) throws(CLIError) {
        var missing: [String] = []
        var current = URL(fileURLWithPath: directory).standardizedFileURL.path
        var info = stat()
        while stat(current, &info) != 0 {
            missing.append(current)
            let parent = URL(fileURLWithPath: current).deletingLastPathComponent().path
            if parent == current { break }
            current = parent
        }
        if missing.isEmpty, (info.st_mode & S_IFMT) != S_IFDIR {
            throw .cannotCreate("\(output.flag) \(output.path): \(directory) is not a directory")
        }
        for level in missing.reversed() {
            guard mkdir(level, 0o777) == 0 || errno == EEXIST else {
                throw .cannotCreate(
                    "\(output.flag) \(output.path): cannot create directory \(level) (\(String(cString: strerror(errno))))"
                )
            }
            created.append(level)
        }
    }

    /// Creates and removes `probe`; throws naming the output when it cannot be created.
    private static func probeFile(_ probe: String, in directory: String, for output: Output) throws(CLIError) {
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            // A leftover of this very process (a pid reused after a crash) is no obstacle: the
            // write truncates it.
            if code == EEXIST { return }
            throw .cannotCreate(
                "\(output.flag) \(output.path): cannot create a file in \(directory) (\(String(cString: strerror(code))))"
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
