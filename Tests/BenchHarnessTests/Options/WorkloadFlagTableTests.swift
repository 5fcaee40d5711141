import BenchHarness
import Foundation
import Testing

/// The workload option table (`WorkloadFlags.table`) walked: each option given a value it takes
/// changes the scenario, and that scenario written to JSON reads back equal.
@Suite("run flags: the workload option table")
struct WorkloadFlagTableTests {
    /// A value each option takes, with the options it needs beside it.
    static let examples: [String: [String]] = [
        "scenario": ["upstream-outage"], "devices": ["123"], "requestors": ["7"], "mvpds": ["3"],
        "resources": ["77"], "zipf": ["0.5"], "favorites": ["3"], "mix": ["get=50,check=50"], "seed": ["9"],
        "alg": ["ed25519"], "cache": ["lirs"], "capacity": ["999"], "threads": ["3"], "authn-ttl": ["2h"],
        "authz-ttl": ["30m"], "skew": ["5s"], "stage-sample": ["8"], "shard": ["2/3"],
        "shard-index-env": ["SHARD", "--shards", "4"], "shards": ["4", "--shard-index-env", "SHARD"],
        "rate": ["1234"], "total-rate": ["900", "--shard", "1/3"], "stages": ["1s:100,2s:300"], "closed": [],
        "concurrency": ["5", "--closed"], "arrivals": ["poisson"], "pacing": ["spin"], "cold": [], "duration": ["3s"],
        "warmup": ["1s"], "max-start-lag": ["2ms"], "upstream-latency": ["1ms/9ms"],
        "upstream-deny-ratio": ["0.1"], "refresh-ahead": ["off"], "upstream-errors": ["0.05"],
        "upstream-timeout": ["2s"], "upstream-outage": ["1s@1s"], "upstream-max-in-flight": ["99"],
        "deny-ttl": ["30s"], "inject-stall": ["100ms@1s"], "inject-delay": ["750ns"],
    ]

    @Test(arguments: WorkloadFlags.table.map(\.name))
    func everyOptionReadsAndItsScenarioReadsBackFromJSON(name: String) throws {
        let example = try #require(Self.examples[name], "--\(name) has no example in this test")
        let arguments = ["--\(name)"] + example
        let args = try Arguments(arguments, options: WorkloadFlags.valueOptions, flags: WorkloadFlags.flagOptions)
        let scenario = try WorkloadFlags.scenario(from: args, defaultThreads: 2, environment: ["SHARD": "1"])
        try scenario.validate(quoting: args.value)
        #expect(scenario != Scenario(), "--\(name) \(example) changed nothing")
        let json = try JSONEncoder().encode(scenario)
        #expect(
            try JSONDecoder().decode(Scenario.self, from: json) == scenario,
            "\(String(decoding: json, as: UTF8.self))"
        )
    }

    @Test func everyJSONKeyIsWrittenOnce() throws {
        let keys = WorkloadFlags.table.flatMap(\.fields).flatMap(\.keys)
        #expect(Set(keys).count == keys.count)
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(Scenario())) as? [String: Any]
        )
        #expect(Set(object.keys).isSubset(of: Set(keys)))
    }
}
