/// The rows of the hostile-input table, per command (see `HostileCase.all` to add a command).
extension HostileCase {
    static var run: [HostileCase] {
        let base = ["run", "--devices", "100", "--duration", "1s", "--warmup", "0s", "--quiet"]
        var rows: [HostileCase] = []
        for flag in [
            "--devices", "--requestors", "--mvpds", "--resources", "--capacity", "--threads", "--stage-sample",
            "--seed", "--zipf", "--rate", "--upstream-deny-ratio",
        ] {
            rows += numeric.map { usage(with(base, flag, $0), flag) }
            rows.append(usage(with(base, flag, nil) + [flag], flag))  // the value is missing
        }
        for flag in ["--duration", "--warmup", "--authn-ttl", "--authz-ttl", "--skew", "--rss-sample-interval"] {
            rows += durations.map { usage(with(base, flag, $0), flag) }
        }
        rows += ["", "200ms", "2s@200ms", "@", "200ms@", "0ms@1s", "1ms@100000000000d", "1ms@2ms@3ms"]
            .map { usage(with(base, "--inject-stall", $0), "--inject-stall") }
        rows += ["", "1ms", "2ms/1ms", "99999999999999999us/99999999999999999us", "abc/def", "1h/2h"]
            .map { usage(with(base, "--upstream-latency", $0), "--upstream-latency") }
        rows += [
            "", "get=50", "get=abc", "get=100,get=0", "bogus=100", "get=99999999999999999999", "get=-10,check=110",
            "===",
        ]
        .map { usage(with(base, "--mix", $0), "--mix") }
        rows += ["", "0/4", "5/4", "1/0", "a/b", "1/99999999999999999999", "1/2/3", "200/300"]
            .map { usage(with(base, "--shard", $0), "--shard") }
        rows += ["", "bogus"].map { usage(with(base, "--alg", $0), "--alg") }
        rows += ["", "bogus"].map { usage(with(base, "--cache", $0), "--cache") }
        rows += [
            usage(base + ["--json", ""], "--json"),
            cannotCreate(base + ["--json", "@O"], "--json"),
            usage(base + ["--json", "@O/run-baseline.json"], "baseline"),
            cannotCreate(base + ["--hlog", "@O"], "--hlog"),
            cannotCreate(base + ["--hgrm", "@O/existing.json"], "--hgrm"),
            usage(base + ["--hgrm", "@O/baseline-hgrm"], "baseline"),
            // Not a regular file: a device is refused, never replaced; no two outputs on one file.
            cannotCreate(base + ["--json", "/dev/full"], "/dev/full"),
            cannotCreate(base + ["--metrics-textfile", "/proc/r.prom"], "/proc"),
            usage(base + ["--json", "@O/new.json", "--hlog", "@O/new.json"], "--hlog"),
            usage(base + ["--json", "@O/new.json", "--markdown", "@O/./new.json"], "--markdown"),
            usage(base + ["--hgrm", "@O/new-hgrm", "--report", "@O/new-hgrm/r.html"], "--hgrm"),
            usage(base + ["--json", "@O/existing.json", "--devices", "abc"], "--devices"),
            usage(base + ["--rate", "100", "--closed"], "--closed"),
            usage(base + ["--bogus"], "--bogus"),
            usage(base + ["extra"], "extra"),
        ]
        return rows
    }

    static var micro: [HostileCase] {
        var rows: [HostileCase] = ["(", "[", "no-such-row-anywhere"].map {
            usage(["micro", "--filter", $0], "--filter")
        }
        for flag in ["--batches", "--batch-ms", "--iterations"] {
            rows += (numeric + ["0"]).map { usage(["micro", flag, $0], flag) }
        }
        rows += [
            usage(["micro", "--json", ""], "--json"),
            cannotCreate(["micro", "--json", "@O"], "--json"),
            usage(["micro", "--json", "@O/run-baseline.json"], "baseline"),
            usage(["micro", "extra"], "extra"),
            usage(["micro", "--json"], "--json"),
        ]
        return rows
    }

    static var tokenIssue: [HostileCase] {
        let base = [
            "token", "issue", "--kind", "authn", "--alg", "es256", "--key", "@F/es256.pem", "--now", "1800000000000",
        ]
        let device = String(repeating: "ab", count: 32)
        let bound = base + ["--device-id", device, "--binding-key", "@F/binding.key"]
        var rows: [HostileCase] = inputFiles.map { bad(with(base, "--key", $0.0), $0.1) }
        rows += [
            bad(with(base, "--key", "@F/truncated.pem"), "truncated.pem"),
            bad(with(base, "--key", "@F/es256.pub"), "es256.pub"),
            usage(with(base, "--key", ""), "--key"),
            usage(with(base, "--key", nil), "--key"),
            usage(with(base, "--kind", ""), "--kind"),
            usage(with(base, "--kind", "bogus"), "--kind"),
            usage(with(base, "--alg", "bogus"), "--alg"),
            usage(with(base, "--alg", nil), "--alg"),
            usage(base + ["--device-id", "zz", "--binding-key", "@F/binding.key"], "--device-id"),
            usage(base + ["--device-id", device], "--device-id"),
            usage(base + ["--utc-offset", "+9999"], "--utc-offset"),
            usage(base + ["--utc-offset", ""], "--utc-offset"),
            usage(base + ["extra"], "extra"),
            usage(base + ["--ttl"], "--ttl"),
            usage(with(base, "--now", "9223372036854775807"), "--now"),
            usage(with(base, "--now", "253402300799999") + ["--ttl", "1d"], "--ttl"),
            // Tokens the parser would reject are refused: no fingerprint for authN, empty or
            // oversized fields (1,024 bytes once escaped at most).
            usage(base, "--device-id"),
            usage(with(base, "--kind", "authz"), "--device-id"),
            usage(bound + ["--requestor", String(repeating: "x", count: 1_025)], "--requestor"),
            usage(bound + ["--mvpd", String(repeating: "<", count: 257)], "--mvpd"),
            usage(bound + ["--domain", String(repeating: "\"", count: 200)], "--domain"),
            usage(bound + ["--guid", ""], "--guid"),
            usage(bound + ["--mvpd", ""], "--mvpd"),
            usage(with(base, "--kind", "media") + ["--resource", String(repeating: "y", count: 4_000)], "--resource"),
            usage(
                with(base, "--kind", "media") + ["--proxy-mvpd", String(repeating: "&", count: 205)],
                "--proxy-mvpd"
            ),
        ]
        rows += inputFiles.filter { $0.1 != "result.json" && $0.1 != "text.txt" && $0.1 != "binary.bin" }
            .map { bad(base + ["--device-id", device, "--binding-key", $0.0], $0.1) }
        rows += durations.map { usage(base + ["--ttl", $0], "--ttl") }
        rows += numeric.map { usage(with(base, "--now", $0), "--now") }
        return rows
    }

    static var tokenVerify: [HostileCase] {
        let base = ["token", "verify", "--alg", "es256", "--key", "@F/es256.pub", "--now", "1800000000000"]
        var rows: [HostileCase] = inputFiles.map { bad(base + [$0.0], $0.1) }
        rows += inputFiles.map { bad(with(base, "--key", $0.0) + ["@F/authn.token"], $0.1) }
        rows += [
            bad(base + ["@F/truncated.token"], "truncated.token"),
            bad(base + ["@F/overflow-media.token"], "overflow-media.token"),
            bad(with(base, "--key", "@F/truncated.pem") + ["@F/authn.token"], "truncated.pem"),
            bad(base + ["-"], "standard input", stdin: "huge.bin"),
            bad(base + ["-"], "standard input", stdin: "binary.bin"),
            usage(base, "token file"),
            usage(base + ["@F/authn.token", "@F/authn.token"], "token file"),
            usage(base + ["--allowed-mvpds", ",", "@F/authn.token"], "--allowed-mvpds"),
        ]
        rows += durations.map { usage(base + ["--skew", $0, "@F/authn.token"], "--skew") }
        rows += numeric.map { usage(with(base, "--now", $0) + ["@F/authn.token"], "--now") }
        return rows
    }

    static var tokenInspect: [HostileCase] {
        var rows: [HostileCase] = inputFiles.map { bad(["token", "inspect", $0.0], $0.1) }
        rows += [
            bad(["token", "inspect", "@F/truncated.token"], "truncated.token"),
            bad(["token", "inspect", "-"], "standard input", stdin: "huge.bin"),
            bad(["token", "inspect", "-"], "standard input", stdin: "/dev/zero"),  // endless
            HostileCase(
                arguments: ["token", "inspect", "--now", "1", "@F/overflow-media.token"],
                exit: 0,
                mentions: ""
            ),
            usage(["token", "inspect"], "token file"),
            usage(["token", "inspect", "--now", "abc", "@F/authn.token"], "--now"),
            usage(["token", "bogus"], "bogus"),
            usage(["token"], "subcommand"),
        ]
        return rows
    }

    static var merge: [HostileCase] {
        // A missing input, or one that is not a regular file, is "no input" (66), not a bad one.
        var rows: [HostileCase] = inputFiles.filter { $0.1 != "result.json" }.map {
            var row = bad(["merge", $0.0], $0.1)
            if $0.1 == "missing-file" || $0.1 == "dir" { row.exit = 66 }
            return row
        }
        rows += ["truncated.json", "truncated.hlog", "huge.json", "deep.json", "wrongtype.json"]
            .map { bad(["merge", "@F/\($0)"], $0) }
        rows += [
            bad(["merge", "@O/existing.json"], "existing.json"),
            bad(
                ["merge", "@F/result.json", "@F/empty", "--json", "@O/new/out.json", "--hgrm", "@O/new-hgrm"],
                "empty"
            ),
            usage(["merge"], "input file"),
            usage(["merge", "@F/result.json", "--json", ""], "--json"),
            cannotCreate(["merge", "@F/result.json", "--json", "@O"], "--json"),
            usage(["merge", "@F/result.json", "--json", "@O/run-baseline.json"], "baseline"),
            usage(["merge", "@F/result.json", "--json", "@F/result.json", "--force"], "input"),
            usage(["merge", "@F/result.json", "--hgrm", ""], "--hgrm"),
            cannotCreate(["merge", "@F/result.json", "--hgrm", "@O/existing.json"], "--hgrm"),
            usage(["merge", "@F/result.json", "--hgrm", "@O/baseline-hgrm"], "baseline"),
            usage(["merge", "@F/result.json", "--bogus"], "--bogus"),
        ]
        return rows
    }
}
