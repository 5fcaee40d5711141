import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where an output path really leads, checked before anything is written: symbolic links are
/// followed (the link stays, its target is what gets replaced), and a path that exists and is not a
/// regular file (a device such as `/dev/full`, a FIFO, a socket, a directory) is refused, so that
/// an output never replaces a device node or blocks on a FIFO.
package struct OutputTarget: Sendable, Equatable {
    /// The path after following symbolic links (the file that is written).
    package var path: String
    /// Whether that file exists now.
    package var exists: Bool

    /// The most symbolic links followed before the path is refused (as the kernel's `ELOOP`).
    static let maxLinks = 40

    /// Follows the symbolic links of `path` (its last component, repeatedly) and checks what it
    /// names.
    ///
    /// - Throws: `BenchError.cannotCreate` naming `flag` and `path` when the path leads to
    ///   something that is not a regular file, or the links loop.
    package init(_ path: String, flag: String) throws(BenchError) {
        let label = flag.isEmpty ? path : "\(flag) \(path)"
        try Self.checkLength(path, label: label)
        var current = path
        for _ in 0...Self.maxLinks {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                self.path = current
                exists = false
                return
            }
            var kind = info.st_mode & S_IFMT
            if kind == S_IFLNK {
                // What the link leads to, judged whole first: a /proc link such as /dev/stdout's
                // names a pipe or a terminal by no path that could be followed step by step.
                var final = stat()
                if stat(current, &final) == 0, final.st_mode & S_IFMT != S_IFREG {
                    kind = final.st_mode & S_IFMT
                } else {
                    current = Self.linkTarget(current)
                    continue
                }
            }
            guard kind == S_IFREG else {
                let shown = current == path ? label : "\(label) (\(current))"
                throw .cannotCreate(
                    "\(shown): exists and is \(Self.kindName(kind)), not a regular file; "
                        + "refusing to replace it (expected a file path)"
                )
            }
            self.path = current
            exists = true
            return
        }
        throw .cannotCreate("\(label): too many levels of symbolic links (ELOOP)")
    }

    /// The longest path the kernel takes (`PATH_MAX` less its terminating zero), bytes.
    package static let pathMax = Int(PATH_MAX) - 1

    /// Throws when `path` is longer than the kernel takes, or one of its components is longer
    /// than a file name may be: found before anything is created (a directory made for an output
    /// that can never be written would be left behind), not when the write fails after the work.
    ///
    /// - Throws: `BenchError.cannotCreate` naming `label` and the limit.
    package static func checkLength(_ path: String, label: String) throws(BenchError) {
        let bytes = path.utf8.count
        if bytes > pathMax {
            throw .cannotCreate("\(label): the path is \(bytes) bytes long; expected at most \(pathMax) (PATH_MAX)")
        }
        for component in path.utf8.split(separator: UInt8(ascii: "/")) where component.count > AtomicFile.nameMax {
            throw .cannotCreate(
                "\(label): a name in the path is \(component.count) bytes long; expected at most "
                    + "\(AtomicFile.nameMax) (NAME_MAX)"
            )
        }
    }

    /// The directory the target is written in.
    package var directory: String {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return parent.isEmpty ? "." : parent
    }

    /// The target as one canonical path (its directory's real path plus its name), so that two
    /// outputs that name one file by different paths compare equal.
    package var canonicalPath: String {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return Self.realDirectory(directory) + "/" + name
    }

    /// The real path of `directory` (its longest existing ancestor resolved, the rest appended).
    package static func realDirectory(_ directory: String) -> String {
        let absolute = URL(fileURLWithPath: directory).standardizedFileURL.path
        var existing = absolute
        var rest: [String] = []
        var resolved = resolvedPath(existing)
        while resolved == nil, existing != "/" {
            rest.insert(URL(fileURLWithPath: existing).lastPathComponent, at: 0)
            existing = URL(fileURLWithPath: existing).deletingLastPathComponent().path
            resolved = resolvedPath(existing)
        }
        guard let base = resolved else { return absolute }
        return ([base == "/" ? "" : base] + rest).joined(separator: "/")
    }

    /// `realpath(3)` of `path` as a `String`, the C buffer freed; nil when it does not resolve.
    private static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The path a symbolic link points to, relative targets taken from the link's directory.
    private static func linkTarget(_ link: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count > 0 else { return link }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        return URL(fileURLWithPath: link).deletingLastPathComponent().appendingPathComponent(target).path
    }

    /// A file type in words: "a directory", "a character device", ...
    package static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}
