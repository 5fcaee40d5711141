import Foundation

/// Files committed in the repository (results, scripts), found from this source file's path.
package enum RepositoryFiles {
    /// The repository's root directory.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The path of `relative` under the root (`results/run-baseline.json`).
    package static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// The committed run results (`results/*.json` other than micro and sweep results): files
    /// written by earlier versions, which must keep reading.
    package static func committedRunResults() throws -> [String] {
        let directory = root.appendingPathComponent("results")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter {
                $0.hasSuffix(".json") && !$0.hasPrefix("micro") && !$0.hasPrefix("sweep") && !$0.hasPrefix("latest")
            }
            .sorted().map { directory.appendingPathComponent($0).path }
    }
}
