/// Rows for outputs (one rule for every output of every command, checked before any work, nothing
/// created by a refused command) and for messages (one line, the input quoted up to a bound).
extension HostileCase {
    static var outputs: [HostileCase] {
        let run = ["run", "--devices", "100", "--duration", "1s", "--warmup", "0s", "--quiet"]
        let good = "@F/result.json"
        // 25 levels of 200-character directories: beyond PATH_MAX, refused before the first is made.
        let deep =
            "@O/" + Array(repeating: String(repeating: "d", count: 200), count: 25).joined(separator: "/") + "/r.json"
        let longName = "@O/" + String(repeating: "n", count: 256) + ".json"
        var rows: [HostileCase] = []
        // No output replaces a baseline without --force, whichever flag names it.
        for flag in ["--report", "--record-trace", "--markdown"] {
            rows.append(usage(run + [flag, "@O/run-baseline.json"], "baseline"))
        }
        rows += [
            usage(run + ["--metrics-textfile", "@F/baseline.prom"], "baseline"),
            usage(["compare", good, good, "--json", "@O/run-baseline.json"], "baseline"),
            usage(["compare", good, good, "--markdown", "@O/run-baseline.json"], "baseline"),
            usage(["capacity", "--slo", "inline.p99<1ms", "--report", "@O/run-baseline.json"], "baseline"),
            // Paths the kernel cannot take, named before the load, nothing created.
            cannotCreate(run + ["--json", deep], "PATH_MAX"),
            cannotCreate(run + ["--hgrm", deep], "PATH_MAX"),
            cannotCreate(["merge", good, "--json", deep], "PATH_MAX"),
            cannotCreate(run + ["--json", longName], "NAME_MAX"),
            cannotCreate(["report", good, "--out", longName], "NAME_MAX"),
            // A special file where a directory output writes one of its files.
            cannotCreate(run + ["--hgrm", "@F/fifo-hgrm"], "FIFO"),
            cannotCreate(["merge", good, "--hgrm", "@F/fifo-hgrm"], "FIFO"),
            // A regular file where a directory is wanted is called one.
            cannotCreate(run + ["--hgrm", "@O/existing.json"], "is a regular file, not a directory"),
            // Messages: one line, whatever the value; a huge value quoted by its ends.
            usage(with(run, "--rate", String(repeating: "9", count: 100_000)), "--rate"),
            usage(run + ["--slo", "inline.p99<1ms\nbogus>1"], "--slo"),
            usage(run + ["--slo", "inline.p99<1ms,\u{1B}[31mbogus\u{1B}[0m>1"], "\\u{1B}"),
            usage(with(run, "--mix", "get=" + String(repeating: "1", count: 50_000)), "--mix"),
            // Flags named as given.
            usage(["capacity", "--slo", "inline.p99<1ms", "--step-duration", "0s"], "--step-duration"),
            usage(
                [
                    "token", "issue", "--kind", "media", "--alg", "es256", "--key", "@F/es256.pem", "--now",
                    "1800000000000", "--requestor", "a\u{01}b",
                ],
                "--requestor"
            ),
        ]
        return rows
    }
}
