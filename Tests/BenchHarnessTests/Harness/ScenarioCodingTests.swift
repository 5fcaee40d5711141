import AuthZCore
import BenchHarness
import Foundation
import TestSupport
import Testing

/// The scenario's JSON is a result file's contract: the typed scenario writes exactly the keys and
/// values the string-typed one did, and reads what it wrote.
@Suite("Scenario JSON")
struct ScenarioCodingTests {
    /// The keys and values every default scenario shares, in sorted-key order, up to the loop's.
    static let defaults =
        #""algorithm":"es256","arrivals":"uniform","authNTTLMillis":86400000,"#
        + #""authZTTLMillis":3600000,"backendDenyRatio":0.02,"backendMedianMicros":200000,"#
        + #""backendP99Micros":1000000,"cache":"sharded","capacity":100000,"#
    /// The keys and values of the upstream every default scenario shares, in sorted-key order.
    static let upstreamDefaults = #""upstreamErrorRatio":0,"upstreamMaxInFlight":65536,"upstreamTimeoutMillis":5000,"#

    static func json(_ scenario: Scenario) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(scenario), as: UTF8.self)
    }

    static func decoded(_ json: String) throws -> Scenario {
        try JSONDecoder().decode(Scenario.self, from: Data(json.utf8))
    }

    @Test func anOpenLoopWritesClosedLoopFalseAndItsRate() throws {
        let expected =
            "{" + Self.defaults + #""closedLoop":false,"cold":false,"devices":10000,"durationMillis":10000,"#
            + #""favorites":4,"maxStartLagMicros":5000,"#
            + #""mix":{"attack":0,"check":20,"get":70,"logout":0,"verify":10},"mvpds":10,"pacing":"sleep","rate":2000,"#
            + #""refreshAhead":0.8,"requestors":20,"resources":1000,"seed":1,"shardCount":1,"shardIndex":0,"#
            + #""stageSample":64,"threads":2,"# + Self.upstreamDefaults + #""warmupMillis":2000,"zipf":1}"#
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
        scenario.concurrency = 64
        scenario.refreshAhead = nil
        scenario.maxStartLagMicros = nil
        let expected =
            #"{"algorithm":"ed25519","arrivals":"uniform","authNTTLMillis":86400000,"#
            + #""authZTTLMillis":3600000,"backendDenyRatio":0.02,"backendMedianMicros":200000,"#
            + #""backendP99Micros":1000000,"cache":"tinylfu","capacity":100000,"closedLoop":true,"cold":false,"#
            + #""concurrency":64,"devices":10000,"durationMillis":10000,"favorites":4,"#
            + #""mix":{"attack":0,"check":20,"get":70,"logout":0,"verify":10},"mvpds":10,"pacing":"sleep","refreshAhead":null,"#
            + #""requestors":20,"resources":1000,"seed":1,"shardCount":1,"shardIndex":0,"skewMillis":0,"stageSample":64,"#
            + #""stallMillis":200,"stallPeriodMillis":2000,"threads":2,"# + Self.upstreamDefaults
            + #""warmupMillis":2000,"zipf":1}"#
        #expect(try Self.json(scenario) == expected)
    }

    @Test func theUpstreamAndSessionKeysAreWritten() throws {
        let scenario = Scenario.with {
            $0.name = "upstream-outage"
            $0.favorites = 2
            $0.arrivals = .poisson
            $0.cold = true
            $0.refreshAhead = 0.5
            $0.upstreamErrorRatio = 0.01
            $0.upstreamTimeoutMillis = 2_000
            $0.upstreamOutageMillis = 3_000
            $0.upstreamOutageAtMillis = 5_000
            $0.upstreamMaxInFlight = 128
        }
        let json = try Self.json(scenario)
        for member in [
            #""name":"upstream-outage""#, #""favorites":2"#, #""arrivals":"poisson""#, #""cold":true"#,
            #""refreshAhead":0.5"#, #""upstreamErrorRatio":0.01"#, #""upstreamTimeoutMillis":2000"#,
            #""upstreamOutageMillis":3000"#, #""upstreamOutageAtMillis":5000"#, #""upstreamMaxInFlight":128"#,
        ] {
            #expect(json.contains(member), "\(member) missing from \(json)")
        }
    }

    @Test func theDenyTTLIsWrittenOnlyWhenOnAndIsPartOfTheFingerprint() throws {
        #expect(try !Self.json(Scenario()).contains("denyTTLMillis"))
        let steady = NamedScenario.steady.scenario
        #expect(try Self.json(steady).contains(#""denyTTLMillis":30000"#))
        var off = steady
        off.denyTTLMillis = nil
        #expect(steady.fingerprint != off.fingerprint)
        // A file written before the key: decodes, and keeps the fingerprint it was written with.
        let old = try Self.json(off)
        #expect(try Self.decoded(old).fingerprint == off.fingerprint)
    }

    @Test(arguments: [
        Scenario(),
        Scenario.with {
            $0.algorithm = .rs256
            $0.cache = .mutex
            $0.loop = .closed
            $0.skewMillis = 5
        },
        Scenario.with {
            $0.loop = .open(rate: 0.5)
            $0.stallMillis = 1
            $0.stallPeriodMillis = 2
        },
        Scenario.with {
            $0.loop = .closed
            $0.name = "steady"
            $0.favorites = 1
            $0.arrivals = .poisson
            $0.cold = true
            $0.concurrency = 8
            $0.refreshAhead = nil
            $0.upstreamErrorRatio = 1
            $0.upstreamTimeoutMillis = 1
            $0.upstreamOutageMillis = 1
            $0.upstreamOutageAtMillis = 0
            $0.upstreamMaxInFlight = 1
        },
        NamedScenario.expiryStampede.scenario, NamedScenario.upstreamOutage.scenario, NamedScenario.steady.scenario,
        Scenario.with {
            $0.maxStartLagMicros = 500
        },
        Scenario.with {
            $0.maxStartLagMicros = nil
        },
    ])
    func aScenarioReadsBackAsWritten(_ scenario: Scenario) throws {
        #expect(try Self.decoded(Self.json(scenario)) == scenario)
    }

    /// A result's scenario as written before the asynchronous upstream: no session or upstream
    /// keys, and the old default backend latency (200us/2ms).
    static let oldDocument =
        #"{"algorithm":"es256","authNTTLMillis":86400000,"authZTTLMillis":3600000,"#
        + #""backendDenyRatio":0.02,"backendMedianMicros":200,"backendP99Micros":2000,"cache":"sharded","#
        + #""capacity":100000,"devices":10000,"durationMillis":10000,"#
        + #""mix":{"attack":0,"check":20,"get":70,"logout":0,"verify":10},"mvpds":10,"pacing":"sleep","requestors":20,"#
        + #""resources":1000,"seed":1,"shardCount":1,"shardIndex":0,"stageSample":64,"threads":2,"#
        + #""warmupMillis":2000,"zipf":1,"stallMillis":null,"stallPeriodMillis":null,"skewMillis":null,"loop":"#

    @Test func oldFilesRead() throws {
        // A result's scenario writes absent optionals as null; a closed loop as `closedLoop` with a
        // null rate (older files sometimes kept a rate beside it: the loop is still closed).
        let base = Self.oldDocument
        #expect(try Self.decoded(base + #""closed","closedLoop":true,"rate":null}"#).loop == .closed)
        #expect(try Self.decoded(base + #""closed","closedLoop":true,"rate":2000}"#).loop == .closed)
        // The keys added since read as their defaults: unnamed, 4 favourites, uniform arrivals, warm,
        // one session per worker, refresh ahead at 0.8, no upstream faults, 5 s timeout, 65,536 calls.
        // A start-lag bound did not exist: none was checked, so none reads back.
        let old = try Self.decoded(base + #""open","closedLoop":false,"rate":1500}"#)
        #expect(
            old
                == Scenario.with {
                    $0.loop = .open(rate: 1_500)
                    $0.backendMedianMicros = 200
                    $0.backendP99Micros = 2_000
                    $0.maxStartLagMicros = nil
                }
        )
        #expect(
            old.name == nil && old.favorites == 4 && old.arrivals == .uniform && !old.cold && old.concurrency == nil
        )
        #expect(old.pacing == .sleep)
        #expect(old.refreshAhead == 0.8 && old.upstreamErrorRatio == 0 && old.upstreamTimeoutMillis == 5_000)
        #expect(
            old.upstreamOutageMillis == nil && old.upstreamOutageAtMillis == nil && old.upstreamMaxInFlight == 65_536
        )
        // No deny TTL: those runs never cached a denial.
        #expect(old.denyTTLMillis == nil)
        // Refresh ahead off is written as null, and null reads as off (absent reads as the default).
        let off = base + #""open","closedLoop":false,"rate":1500,"refreshAhead":null}"#
        #expect(try Self.decoded(off).refreshAhead == nil)
        // An open loop without its rate, or an algorithm no flag names, is not a scenario.
        #expect(throws: DecodingError.self) { try Self.decoded(base + #""open","closedLoop":false,"rate":null}"#) }
        #expect(throws: DecodingError.self) {
            try Self.decoded(
                (base + #""open","closedLoop":false,"rate":1}"#).replacingOccurrences(of: "es256", with: "md5")
            )
        }
    }
}
