/// Rows for inputs that would fool the gate, the merge or the report: forged or repeated results,
/// damaged `.hlog` metadata, figures out of range, and inputs whose cost must be bounded.
extension HostileCase {
    static var forged: [HostileCase] {
        let good = "@F/result.json"
        var rows: [HostileCase] = []
        // Every reader of a result file refuses the same forged figures, naming the JSON path.
        let files = [
            ("forged-p50.json", "$.latency.inline.p50"), ("forged-share.json", "$.summary.failureShare"),
            ("forged-rate.json", "$.summary.achievedRate"), ("fraction.json", "$.summary.requests"),
            ("repeated.json", "$.intervals"), ("codes.json", "$.summary.errors"), ("stage-path.json", "$.stages"),
        ]
        for (file, path) in files {
            rows.append(bad(["compare", good, "@F/\(file)"], path))
            rows.append(bad(["compare", "@F/\(file)", good], path))
            rows.append(bad(["report", "@F/\(file)", "--out", "@O/r.html"], path))
            rows.append(bad(["merge", good, "@F/\(file)"], path))
        }
        rows += [
            bad(["report", "@F/knee.json", "--out", "@O/r.html"], "$.knee.rate"),
            // A repetition is a distinct run: the same file twice, or a copy under another name.
            bad(["compare", "--baseline", good, good, "--candidate", good], "are the same file"),
            bad(["compare", "--baseline", good, "@F/copy.json", "--candidate", good], "copy.json"),
            bad(["merge", good, "@F/copy.json"], "copy.json"),
            // A candidate that is not there is no input (66); a link loop is named.
            HostileCase(arguments: ["compare", good, "@F/missing-file"], exit: 66, mentions: "missing-file"),
            HostileCase(arguments: ["compare", good, "@F/loop"], exit: 66, mentions: "ELOOP"),
            HostileCase(arguments: ["compare", "@F/loop", good], exit: 66, mentions: "ELOOP"),
            HostileCase(arguments: ["merge", "@F/loop/a.json"], exit: 66, mentions: "a.json"),
            // Damaged .hlog metadata: named by its line.
            bad(["merge", "@F/requests-abc.hlog"], "requests=abc"),
            bad(["merge", "@F/requests-forged.hlog"], "requests=2999"),
            bad(["merge", "@F/untagged.hlog"], "without a Tag"),
            bad(["merge", "@F/huge-shards.hlog"], "shard=1/99999999999"),
            bad(["merge", "@F/million-shards.hlog"], "missing"),
            bad(["merge", "@F/million-shards.hlog", "--json", "@O/m.json"], "1000000"),
            bad(["merge", "@F/warmup-killed.hlog"], "truncated"),
            // Traces: a keys trace that is a CSV trace; a synthetic mix with nothing to compare.
            bad(["sweep", "--trace", "@F/keys-with-header.txt", "--trace-format", "keys", "--quiet"], "header"),
            bad(["sweep", "--requests", "2000", "--mix", "get=0,check=0,verify=0,logout=100", "--quiet"], "--mix"),
            usage(["sweep", "--requests", "10000001", "--quiet"], "--requests"),
        ]
        return rows
    }
}
