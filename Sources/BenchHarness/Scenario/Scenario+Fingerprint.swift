import AuthZCore
import Foundation

extension Scenario {
    /// A short digest of every input that shaped the run except this process's shard: equal for the
    /// N shards of one scenario, different as soon as any other input differs.
    ///
    /// The first 16 hexadecimal digits of the SHA-256 of the scenario's JSON (`Scenario+Codable`)
    /// with sorted keys, written with `shardIndex` 0 and `shardCount` 1. It tells `merge` that its
    /// inputs ran one scenario; the inputs' `scenario` objects say which keys differ when they did not.
    package var fingerprint: String {
        var whole = self
        whole.shardIndex = 0
        whole.shardCount = 1
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding a scenario cannot fail: every value is a number, a string, a Bool or a nested struct of them.
        let bytes = (try? encoder.encode(whole)) ?? Data()
        return String(SHA256.hash(bytes).hexString.prefix(16))
    }
}
