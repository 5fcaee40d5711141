import AuthZCore
import Foundation
import Testing
import BenchHarness

/// The scenario's JSON is a result file's contract: the typed scenario writes exactly the keys and
/// values the string-typed one did, and reads what it wrote.
@Suite("Scenario JSON")
struct ScenarioCodingTests {
    /// The keys and values every default scenario shares, in sorted-key order, without the loop's.
    static let defaults = #""algorithm":"es256","authNTTLMillis":86400000,"authZTTLMillis":3600000,"#
        + #""backendDenyRatio":0.02,"backendMedianMicros":200,"backendP99Micros":2000,"cache":"sharded","#
        + #""capacity":100000,"#

    static func json(_ scenario: Scenario) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(scenario), as: UTF8.self)
    }

    static func decoded(_ json: String) throws -> Scenario {
        try JSONDecoder().decode(Scenario.self, from: Data(json.utf8))
    }

    @Test func anOpenLoopWritesClosedLoopFalseAndItsRate() throws {
        let expected = "{" + Self.defaults + #""closedLoop":false,"devices":10000,"durationMillis":10000,"#
            + #""mix":{"attack":0,"check":20,"get":70,"logout":0,"verify":10},"mvpds":10,"rate":2000,"requestors":20,"#
            + #""resources":1000,"seed":1,"shardCount":1,"shardIndex":0,"stageSample":64,"threads":2,"#
            + #""warmupMillis":2000,"zipf":1}"#
        #expect(try Self.json(Scenario()) == expected)
    }

    @Test func aClosedLoopWritesClosedLoopTrueAndNoRate() throws {
        var scenario = Scenario()
        scenario.loop = .closed
        scenario.algorithm = .ed25519
        scenario.cache = .tinylfu
        scenario.stallMillis = 200
        scenario.stallPeriodMillis = 2_000
        scenario.skewMillis = 0
        let expected = #"{"algorithm":"ed25519","authNTTLMillis":86400000,"authZTTLMillis":3600000,"#
            + #""backendDenyRatio":0.02,"backendMedianMicros":200,"backendP99Micros":2000,"cache":"tinylfu","#
            + #""capacity":100000,"closedLoop":true,"devices":10000,"durationMillis":10000,"#
            + #""mix":{"attack":0,"check":20,"get":70,"logout":0,"verify":10},"mvpds":10,"requestors":20,"#
            + #""resources":1000,"seed":1,"shardCount":1,"shardIndex":0,"skewMillis":0,"stageSample":64,"#
            + #""stallMillis":200,"stallPeriodMillis":2000,"threads":2,"warmupMillis":2000,"zipf":1}"#
        #expect(try Self.json(scenario) == expected)
    }

    @Test(arguments: [Scenario(), Scenario(algorithm: .rs256, cache: .mutex, loop: .closed, skewMillis: 5),
                      Scenario(loop: .open(rate: 0.5), stallMillis: 1, stallPeriodMillis: 2)])
    func aScenarioReadsBackAsWritten(_ scenario: Scenario) throws {
        #expect(try Self.decoded(Self.json(scenario)) == scenario)
    }

    @Test func oldFilesRead() throws {
        // A result's scenario writes absent optionals as null; a closed loop as `closedLoop` with a
        // null rate (older files sometimes kept a rate beside it: the loop is still closed).
        let base = "{" + Self.defaults + #""devices":10000,"durationMillis":10000,"#
            + #""mix":{"attack":0,"check":20,"get":70,"logout":0,"verify":10},"mvpds":10,"requestors":20,"#
            + #""resources":1000,"seed":1,"shardCount":1,"shardIndex":0,"stageSample":64,"threads":2,"#
            + #""warmupMillis":2000,"zipf":1,"stallMillis":null,"stallPeriodMillis":null,"skewMillis":null,"loop":"#
        #expect(try Self.decoded(base + #""closed","closedLoop":true,"rate":null}"#).loop == .closed)
        #expect(try Self.decoded(base + #""closed","closedLoop":true,"rate":2000}"#).loop == .closed)
        #expect(try Self.decoded(base + #""open","closedLoop":false,"rate":1500}"#) == Scenario(loop: .open(rate: 1_500)))
        // An open loop without its rate, or an algorithm no flag names, is not a scenario.
        #expect(throws: DecodingError.self) { try Self.decoded(base + #""open","closedLoop":false,"rate":null}"#) }
        #expect(throws: DecodingError.self) {
            try Self.decoded((base + #""open","closedLoop":false,"rate":1}"#).replacingOccurrences(of: "es256", with: "md5"))
        }
    }
}
