import BenchResults
import Foundation
import TestSupport

/// The forged, repeated and oversized inputs (`@F/` in the table), made from the valid
/// `result.json` and `run.hlog`:
///
/// | file | content |
/// |---|---|
/// | `copy.json` | `result.json` under another name (the same run) |
/// | `forged-p50.json` | `latency.inline.p50` set to 1e9 ns while its histogram says otherwise |
/// | `forged-share.json`, `forged-rate.json` | `summary.failureShare` 1.5, `summary.achievedRate` -200 |
/// | `fraction.json` | `summary.requests` 200.5 |
/// | `repeated.json` | the `intervals` given 50 times over |
/// | `codes.json` | 10,000 codes in `summary.errors` |
/// | `stage-path.json` | a stage named `../../escape` (an `.hgrm` file name) |
/// | `knee.json` | a capacity result whose knee is -10 req/s |
/// | `requests-abc.hlog`, `requests-forged.hlog` | the end line's `requests=` not a count, or not the log's |
/// | `untagged.hlog` | an interval line without its `Tag=` in an authz-bench log |
/// | `huge-shards.hlog`, `million-shards.hlog` | `shard=1/99999999999`, `shard=1/1000000` |
/// | `warmup-killed.hlog` | a shard stopped by SIGTERM in its warm-up: no interval, its verdict says so |
/// | `keys-with-header.txt` | a CSV trace's header given as a keys trace |
/// | `baseline.prom` | an existing textfile named like a baseline |
/// | `loop/` | a result directory whose `a.json` is a symbolic link loop |
/// | `fifo-hgrm/` | an `--hgrm` directory whose `responseTime.hgrm` is a FIFO |
extension HostileFixtures {
    static func writeForged(in dir: URL, json: [UInt8], hlog: String) throws {
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: dir.appendingPathComponent(name))
        }
        func edited(_ name: String, _ change: (inout [String: Any]) -> Void) throws {
            var object = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any] ?? [:]
            change(&object)
            try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
                .write(to: dir.appendingPathComponent(name))
        }
        try Data(json).write(to: dir.appendingPathComponent("copy.json"))
        try edited("forged-p50.json") { set(&$0, ["latency", "inline", "p50"], 1_000_000_000) }
        try edited("forged-share.json") { set(&$0, ["summary", "failureShare"], 1.5) }
        try edited("forged-rate.json") { set(&$0, ["summary", "achievedRate"], -200) }
        try edited("fraction.json") { set(&$0, ["summary", "requests"], 200.5) }
        try edited("repeated.json") { object in
            let intervals = object["intervals"] as? [Any] ?? []
            object["intervals"] = Array(repeating: intervals, count: 50).flatMap { $0 }
        }
        try edited("codes.json") { object in
            var codes: [String: Int] = [:]
            for index in 0..<10_000 { codes["CODE_\(index)"] = 1 }
            set(&object, ["summary", "errors"], codes)
        }
        try edited("stage-path.json") { object in
            var stages = object["stages"] as? [String: Any] ?? [:]
            stages["../../escape"] = stages.values.first
            object["stages"] = stages
        }
        let environment = try JSONSerialization.jsonObject(with: JSONEncoder().encode(SyntheticRun.environment()))
        let knee: [String: Any] = [
            "schemaVersion": 1, "tool": "authz-bench", "kind": "capacity", "version": "0.1.0",
            "environment": environment, "scenario": [:] as [String: Any], "slo": ["inline.p99<1ms"],
            "steps": [] as [Any], "knee": ["rate": -10, "lower": -10], "stepCount": 0,
        ]
        try JSONSerialization.data(withJSONObject: knee).write(to: dir.appendingPathComponent("knee.json"))

        try write("requests-abc.hlog", hlog.replacingOccurrences(of: "requests=3000]", with: "requests=abc]"))
        try write("requests-forged.hlog", hlog.replacingOccurrences(of: "requests=3000]", with: "requests=2999]"))
        try write("untagged.hlog", hlog.replacingFirst("Tag=responseTime,", with: ""))
        try write("huge-shards.hlog", hlog.replacingOccurrences(of: "shard=1/1,", with: "shard=1/99999999999,"))
        try write("million-shards.hlog", hlog.replacingOccurrences(of: "shard=1/1,", with: "shard=1/1000000,"))
        let header = hlog.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("#") }
            .filter { !$0.contains("authz-bench-end") }.joined(separator: "\n")
        try write(
            "warmup-killed.hlog",
            header + "\n#[authz-bench-end: intervals=0, requests=0]\n"
                + "#[authz-bench-verdict: {\"interrupted\":\"SIGTERM\",\"invalidReasons\":[\"interrupted\"],\"valid\":false}]\n"
        )
        try write("keys-with-header.txt", "time_ms,op,device,requestor,resource\n0,get,d1,r1,res-1\n")
        try write("baseline.prom", "# ORIGINAL\n")
        let loop = dir.appendingPathComponent("loop")
        try FileManager.default.createDirectory(at: loop, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: loop.path + "/a.json", withDestinationPath: "b.json")
        try FileManager.default.createSymbolicLink(atPath: loop.path + "/b.json", withDestinationPath: "a.json")
        let fifo = dir.appendingPathComponent("fifo-hgrm")
        try FileManager.default.createDirectory(at: fifo, withIntermediateDirectories: true)
        guard mkfifo(fifo.path + "/responseTime.hgrm", 0o644) == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// Sets the value at `path` (keys from the root) in a JSON object.
    private static func set(_ object: inout [String: Any], _ path: [String], _ value: Any) {
        guard let key = path.first else { return }
        if path.count == 1 {
            object[key] = value
            return
        }
        var child = object[key] as? [String: Any] ?? [:]
        set(&child, Array(path.dropFirst()), value)
        object[key] = child
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
