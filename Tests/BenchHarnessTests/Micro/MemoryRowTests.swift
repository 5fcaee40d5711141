import AuthZCore
import Testing
import BenchHarness

/// The memory rows of `micro` (`cache.bytes_per_entry.*`) through the runner, on a small fill.
/// Serialized: malloc's counters are the whole process's, so two fills at once would count each
/// other's memory.
@Suite("micro: memory rows", .serialized)
struct MemoryRowTests {
    /// Each entry's key alone is stored inline in 80 bytes, so a cache cannot hold one in less
    /// than this; the margin leaves room for other tests' frees while this one fills.
    static let leastBytesPerEntry = 16.0

    @Test("bytes_per_entry counts the cache's own storage, allocated when it was made",
        .enabled(if: ProcessMemory.heapCountersAreLive, "malloc's counters do not see this allocator"),
        arguments: CacheStrategyKind.allCases)
    func mallocBytesPerEntry(kind: CacheStrategyKind) throws {
        let entries = 200_000
        let row = try MicroRunner(settings: MicroSettings())
            .measure(MicroSuite.bytesPerEntryCase(kind, entries: entries, label: "200k"))
        #expect(row.name == "cache.bytes_per_entry.\(kind.rawValue).200k")
        #expect(row.iterationsPerBatch > entries * 9 / 10)
        let heap = try #require(row.bytesPerEntry)
        #expect(heap > Self.leastBytesPerEntry, "\(heap) malloc'd bytes per entry")
    }
}
