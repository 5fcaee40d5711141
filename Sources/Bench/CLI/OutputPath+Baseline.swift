import Foundation

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
