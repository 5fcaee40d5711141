import AuthZCore
import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

/// `cache.negativeHits`: requests answered from a cached upstream denial (`--deny-ttl`).
@Suite("Result JSON: negative hits")
struct NegativeHitsResultTests {
    /// The synthetic run with `hits` of its authorization hits on cached denials.
    static func result(negativeHits hits: Int) -> RunResult {
        var result = SyntheticRun.result()
        result.cache.caches.authorizations.negativeHits = hits
        return result
    }

    static func cacheObject(_ data: Data) throws -> [String: Any] {
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(root["cache"] as? [String: Any])
    }

    @Test func theCountIsWrittenForBothCachesAndTheAuthorizationCache() throws {
        let data = try ResultDocument(Self.result(negativeHits: 25)).jsonData()
        let cache = try Self.cacheObject(data)
        #expect(cache["negativeHits"] as? Int == 25)
        let caches = try #require(cache["caches"] as? [String: [String: Any]])
        #expect(caches["authorizations"]?["negativeHits"] as? Int == 25)
        #expect(caches["verifiedTokens"]?["negativeHits"] as? Int == 0)
        let document = try ResultDocument.parse(data, file: "r.json")
        #expect(document.cache.negativeHits == 25)
        #expect(try ResultDocument.parse(try document.jsonData(), file: "r.json") == document)
    }

    @Test func aFileWithoutTheKeyReadsNotRecorded() throws {
        var root = try #require(
            try JSONSerialization.jsonObject(with: ResultDocument(Self.result(negativeHits: 7)).jsonData())
                as? [String: Any]
        )
        var cache = try #require(root["cache"] as? [String: Any])
        cache["negativeHits"] = nil
        var caches = try #require(cache["caches"] as? [String: [String: Any]])
        for name in caches.keys { caches[name]?["negativeHits"] = nil }
        cache["caches"] = caches
        root["cache"] = cache
        let data = try JSONSerialization.data(withJSONObject: root)
        #expect(!String(decoding: data, as: UTF8.self).contains("negativeHits"))
        let document = try ResultDocument.parse(data, file: "old.json")
        #expect(document.cache.negativeHits == nil)
        #expect(document.cache.caches.authorizations.negativeHits == 0)
    }

    @Test func theConsoleShowsOneLineOnlyWhenThereWereAny() throws {
        let with = RunReport.text(Self.result(negativeHits: 1_200))
        #expect(with.contains("negative hits 1,200"))
        #expect(!RunReport.text(Self.result(negativeHits: 0)).contains("negative hits"))
    }

    @Test func shardsSumTheirCounts() {
        let one = CacheSection(
            strategy: "sharded",
            capacity: 10,
            verifiedTokens: CacheStats(),
            authorizations: CacheStats(hits: 5, negativeHits: 3)
        )
        let summed = one.caches.authorizations + one.caches.authorizations
        #expect(summed.negativeHits == 6)
        #expect(one.negativeHits == 3)
    }
}
