import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Special files for the tests of inputs and outputs: symbolic link loops, file types.
package enum FileFixtures {
    /// Creates the links `loopa` -> `loopb` -> `loopa` in `directory`; returns `loopa`'s path.
    @discardableResult
    package static func symlinkLoop(in directory: URL) -> String {
        let a = directory.appendingPathComponent("loopa").path
        _ = symlink("loopb", a)
        _ = symlink("loopa", directory.appendingPathComponent("loopb").path)
        return a
    }

    /// The file type of `path` (`S_IFREG`, `S_IFLNK`, `S_IFCHR`, ...) without following a link; 0
    /// when it does not exist.
    package static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }
}
