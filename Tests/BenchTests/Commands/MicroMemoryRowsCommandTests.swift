import AuthZCore
import BenchHarness
import Foundation
import TestSupport
import Testing

/// The memory rows of `micro` (`cache.bytes_per_entry.*`), through the built executable: in a
/// process of their own, since malloc's counters are the whole process's and the other suites,
/// running beside them, allocate and free as they fill.
@Suite("micro: memory rows")
struct MicroMemoryRowsCommandTests {
    /// A cache cannot hold an entry in less than this: its key alone is stored inline in 80 bytes.
    static let leastBytesPerEntry = 16.0

    @Test(
        "bytes_per_entry counts every strategy's own storage, malloc'd and resident alike",
        .enabled(if: ProcessMemory.heapCountersAreLive, "malloc's counters do not see this build's allocator")
    )
    func everyStrategyHoldsItsEntriesInMemoryItCounts() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("memory.json").path
        let output = try CLIHarness.bench([
            "micro", "--filter", "^cache\\.bytes_per_entry\\.", "--json", path, "--quiet",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        )
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(
            Set(rows.compactMap { $0["name"] as? String })
                == Set(CacheStrategyKind.allCases.map { "cache.bytes_per_entry.\($0.rawValue).1m" })
        )
        for row in rows {
            let name = row["name"] as? String ?? "?"
            let heap = try #require(row["bytesPerEntry"] as? Double, "\(name)")
            let rss = try #require(row["rssBytesPerEntry"] as? Double, "\(name)")
            #expect(heap > Self.leastBytesPerEntry, "\(name): \(heap) malloc'd bytes per entry")
            #expect(rss > Self.leastBytesPerEntry, "\(name): \(rss) resident bytes per entry")
            // Both count the same storage, allocated up front and written by the fill.
            #expect(heap > rss / 2 && heap < rss * 2, "\(name): \(heap) malloc'd vs \(rss) resident")
        }
    }
}
