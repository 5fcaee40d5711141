import BenchHarness

#if canImport(Glibc)
import Glibc
#endif

/// A `merge` input opened for reading in chunks, so that an `.hlog` of any length is read one line
/// at a time (memory bounded by the longest line, not by the file).
///
/// Only regular files are read: a FIFO, a device or a socket would block the merge or never end,
/// so they are refused at once (the file is opened without blocking, checked, then read).
package struct MergeInputFile {
    /// The longest line read (bytes): an interval line of the widest histogram is a few hundred KiB.
    package static let lineLimit = 64 << 20

    private let descriptor: Int32
    private let path: String

    /// Opens `path` for reading.
    ///
    /// - Throws: `BenchError.noInput` naming the file when it is missing, cannot be opened, or is
    ///   not a regular file (a directory, FIFO, device or socket).
    package init(_ path: String) throws(BenchError) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errno == ENOENT ? "no such file" : "cannot be opened: \(String(cString: strerror(errno)))"
            throw .noInput("merge input \(path): \(reason)")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            let kind = Self.kind(info.st_mode & S_IFMT)
            _ = Glibc.close(fd)
            throw .noInput(
                "merge input \(path): \(kind); expected a regular file (an .hlog interval log or a result JSON)"
            )
        }
        // Regular files never block; the flag only kept the open itself from waiting for a writer.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        descriptor = fd
        self.path = path
    }

    /// The device and inode: two paths naming one file have the same identity.
    package var identity: String {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return path }
        return "\(info.st_dev):\(info.st_ino)"
    }

    /// Appends up to `count` bytes to `bytes`; returns how many were read (0 at the end of the file).
    ///
    /// - Throws: `BenchError.ioError` naming the file when the read fails.
    package func read(into bytes: inout [UInt8], count: Int = 1 << 16) throws(BenchError) -> Int {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        while true {
            let n = bytes.withUnsafeMutableBytes { buffer in Glibc.read(descriptor, buffer.baseAddress! + start, count)
            }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else {
                bytes.removeSubrange(start...)
                throw .ioError("merge input \(path): cannot be read: \(String(cString: strerror(errno)))")
            }
            bytes.removeSubrange((start + n)...)
            return n
        }
    }

    /// Closes the file.
    package func close() {
        _ = Glibc.close(descriptor)
    }

    private static func kind(_ format: mode_t) -> String {
        switch format {
        case S_IFDIR: "is a directory"
        case S_IFIFO: "is a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: "is a device"
        case S_IFSOCK: "is a socket"
        default: "is not a regular file"
        }
    }
}
