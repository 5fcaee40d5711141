/// Rows for the commands that read results and traces: `sweep`, `report`, `compare`.
extension HostileCase {
    static var sweep: [HostileCase] {
        let base = ["sweep", "--requests", "2000", "--capacities", "100", "--strategies", "lru", "--quiet"]
        var rows: [HostileCase] = inputFiles.filter { $0.1 != "result.json" && $0.1 != "text.txt" }
            .map { bad(["sweep", "--trace", $0.0, "--quiet"], $0.1) }
        rows += ["truncated.json", "huge.json", "result.json", "text.txt"].map {
            bad(["sweep", "--trace", "@F/\($0)"], $0)
        }
        for flag in ["--requests", "--devices", "--requestors", "--mvpds", "--resources", "--seed", "--zipf"] {
            rows += numeric.map { usage(with(base, flag, $0), flag) }
        }
        for flag in ["--capacities", "--shards"] {
            rows += (numeric + ["1,,2", ",", "0"]).map { usage(with(base, flag, $0), flag) }
        }
        rows += ["", "bogus", "lru,lru", "lru,"].map { usage(with(base, "--strategies", $0), "--strategies") }
        rows += ["", "get=abc", "bogus=100"].map { usage(with(base, "--mix", $0), "--mix") }
        rows += [
            usage(base + ["--json", ""], "--json"),
            cannotCreate(base + ["--json", "@O"], "--json"),
            usage(base + ["--json", "@O/run-baseline.json"], "baseline"),
            usage(["sweep", "--trace", "@F/trace.csv", "--devices", "10"], "--devices"),
            usage(["sweep", "--trace", "@F/trace.csv", "--json", "@F/trace.csv", "--force"], "input"),
            usage(base + ["extra"], "extra"),
            usage(base + ["--bogus"], "--bogus"),
        ]
        return rows
    }

    static var report: [HostileCase] {
        var rows: [HostileCase] = inputFiles.filter { $0.1 != "result.json" }
            .map { bad(["report", $0.0, "--out", "@O/r.html"], $0.1) }
        rows += ["truncated.json", "huge.json", "deep.json", "wrongtype.json", "run.hlog"]
            .map { bad(["report", "@F/result.json", "@F/\($0)", "--out", "@O/r.html"], $0) }
        rows += [
            usage(["report", "@F/result.json"], "--out"),
            usage(["report", "--out", "@O/r.html"], "result file"),
            usage(["report", "@F/result.json", "--out", ""], "--out"),
            cannotCreate(["report", "@F/result.json", "--out", "@O"], "--out"),
            usage(["report", "@F/result.json", "--out", "@F/result.json"], "input"),
            usage(["report", "@F/result.json", "--out", "@O/run-baseline.json"], "baseline"),
            usage(["report", "@F/result.json", "--out", "@O/r.html", "--bogus"], "--bogus"),
        ]
        return rows
    }

    static var compare: [HostileCase] {
        // compare reads a directory as a directory of results: an empty one is bad input (65).
        var rows: [HostileCase] = inputFiles.filter { $0.1 != "result.json" && $0.1 != "missing-file" }
            .map {
                $0.1 == "dir"
                    ? HostileCase(arguments: ["compare", "@F/result.json", $0.0], exit: 65, mentions: "dir")
                    : bad(["compare", "@F/result.json", $0.0], $0.1)
            }
        rows += inputFiles.filter { $0.1 != "result.json" && $0.1 != "missing-file" && $0.1 != "dir" }
            .map { bad(["compare", $0.0, "@F/result.json"], $0.1) }
        rows += ["truncated.json", "huge.json", "deep.json", "wrongtype.json", "run.hlog"]
            .map { bad(["compare", "@F/result.json", "@F/\($0)"], $0) }
        rows += [
            HostileCase(
                arguments: ["compare", "@F/missing-file", "@F/result.json"],
                exit: 5,
                mentions: "missing-file"
            ),
            usage(["compare", "@F/result.json"], "CANDIDATE"),
            usage(["compare"], "BASELINE"),
            usage(["compare", "@F/result.json", "@F/result.json", "--threshold", "abc"], "--threshold"),
            usage(["compare", "@F/result.json", "@F/result.json", "--threshold", "-5%"], "--threshold"),
            usage(["compare", "@F/result.json", "@F/result.json", "--metrics", "bogus"], "--metrics"),
            usage(["compare", "@F/result.json", "@F/result.json", "--json", "@F/result.json"], "--json"),
            usage(["compare", "@F/result.json", "@F/result.json", "--markdown", "@F/result.json"], "--markdown"),
            cannotCreate(["compare", "@F/result.json", "@F/result.json", "--json", "@O"], "--json"),
            usage(
                ["compare", "@F/result.json", "@F/result.json", "--json", "@O/c.json", "--markdown", "@O/c.json"],
                "--json"
            ),
            usage(["compare", "@F/result.json", "@F/result.json", "--bogus"], "--bogus"),
        ]
        return rows
    }
}
