import BenchHarness

extension OutputPath {
    /// One output of a command: its flag, its path, and whether it is a directory of files.
    struct Output {
        /// The flag, with its dashes (`--json`).
        var flag: String
        /// The path given.
        var path: String
        /// Whether the flag names a directory the command writes files into (`--hgrm`).
        var isDirectory = false
        /// For a directory, the names of the files the command writes in it, as far as they are
        /// known before the work: each is checked like a file output.
        var files: [String] = []
    }

    /// Refuses two outputs that name one file (exit 64, naming both flags), compared by canonical
    /// path (symbolic links and `..` resolved), or a file output inside a directory output: the
    /// second write would silently replace the first.
    static func checkDistinct(_ outputs: [Output]) throws(CLIError) {
        let resolved = outputs.filter { !$0.path.isEmpty }.map { output in
            let canonical =
                (try? OutputTarget(output.path, flag: output.flag).canonicalPath)
                ?? OutputTarget.realDirectory(output.path)
            return (output, output.isDirectory ? OutputTarget.realDirectory(output.path) : canonical)
        }
        for (index, (first, firstPath)) in resolved.enumerated() {
            for (second, secondPath) in resolved[(index + 1)...] {
                let clash =
                    firstPath == secondPath
                    || (first.isDirectory && secondPath.hasPrefix(firstPath + "/"))
                    || (second.isDirectory && firstPath.hasPrefix(secondPath + "/"))
                if clash {
                    throw .usage(
                        "\(first.flag) \(first.path) and \(second.flag) \(second.path) would write the same file; "
                            + "expected a different path for each output"
                    )
                }
            }
        }
    }
}
