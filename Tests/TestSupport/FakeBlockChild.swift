import Foundation

/// Shell scripts that play an `authz-bench blocks` child, well or badly, for the tests of `ab`'s
/// driver: each is written into a temporary folder and made executable.
package enum FakeBlockChild {
    /// A child that greets, then answers every `block N S` with a report whose `check.inline.p50`
    /// is `p50` nanoseconds times a factor drawn in [1, 1 + `noise`) (and `check.requests` 1,000),
    /// and whose start lag p99 is `startLag` nanoseconds; `quit` ends it.
    package static func working(p50: Int, noise: Double = 0.02, startLag: Int = 1_000, schemaVersion: Int = 1) -> String
    {
        """
        #!/usr/bin/env bash
        [ "$1" = blocks ] || { echo "authz-bench: unknown command '$1'" >&2; exit 64; }
        echo '{"protocol":"authz-bench-blocks","version":1,"schemaVersion":\(schemaVersion),"toolVersion":"0.1.0","build":"release","loop":"open","readySeconds":0.5}'
        while read -r verb index seconds; do
          [ "$verb" = quit ] && exit 0
          value=$(awk -v b=\(p50) -v n=\(noise) -v r=$RANDOM 'BEGIN { printf "%.0f", b * (1 + n * r / 32768) }')
          echo "{\\"block\\":$index,\\"seconds\\":$seconds,\\"requests\\":2000,\\"targetRate\\":2000,\\"achievedRate\\":2000,\\"startLagP99\\":\(startLag),\\"cpuSeconds\\":0.5,\\"stealSeconds\\":0,\\"cpus\\":2,\\"failures\\":0,\\"metrics\\":{\\"check.inline.p50\\":$value,\\"check.requests\\":1000}}"
        done
        """
    }

    /// Prints a line that is no greeting and exits 0.
    package static let notAuthZBench = "#!/bin/sh\necho 'Usage: something else entirely'\n"

    /// Refuses its flags as `authz-bench blocks` does: one line on standard error, exit 64.
    package static let refusesFlags =
        "#!/bin/sh\necho 'authz-bench blocks: --rate must be a positive number' >&2\nexit 64\n"

    /// An older authz-bench, without the `blocks` command.
    package static let olderBench =
        "#!/bin/sh\necho \"authz-bench: unknown command '$1'; expected one of: run\" >&2\nexit 64\n"

    /// Greets, then dies with exit 3 at its first command, after a message.
    package static let diesMidRun = """
        #!/bin/sh
        echo '{"protocol":"authz-bench-blocks","version":1,"schemaVersion":1,"toolVersion":"0.1.0","build":"release","loop":"open","readySeconds":0.1}'
        read -r line
        echo 'authz-bench blocks: the engine failed' >&2
        exit 3
        """

    /// Writes `script` as an executable file named `name` in `directory`; returns its path.
    package static func install(_ script: String, named name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try script.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }
}
