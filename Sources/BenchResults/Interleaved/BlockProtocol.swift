import BenchHarness
import Foundation

/// The line protocol between `ab` and the two `authz-bench blocks` children it drives.
///
/// Each child sets up, warms up and then writes one ``Greeting`` line (JSON) to its standard
/// output. The driver then writes command lines to its standard input, one at a time: `block N
/// SECONDS` asks for measured block `N` of that length, answered by one ``BlockReport`` line;
/// `quit` (or the end of the input) ends the child with exit 0. A child waits for its next command
/// blocked in `read`, so the side not loading takes no CPU.
package enum BlockProtocol {
    /// The protocol's name in the greeting: a binary that does not send it is no authz-bench.
    package static let name = "authz-bench-blocks"
    /// The protocol's version; a driver refuses any other.
    package static let version = 1
    /// The longest line either side accepts: a report of every operation's figures is a few KiB.
    package static let maximumLineBytes = 1 << 20

    /// What a child says once it is ready to measure.
    package struct Greeting: Codable, Sendable, Equatable {
        /// ``BlockProtocol/name``.
        package var `protocol`: String
        /// ``BlockProtocol/version``.
        package var version: Int
        /// The result schema version of the binary (`schemaVersion` of its results).
        package var schemaVersion: Int
        /// The binary's own version.
        package var toolVersion: String
        /// `release` or `debug`.
        package var build: String
        /// The git commit the binary was built from, when known.
        package var gitCommit: String?
        /// The loop: `open` or `closed`.
        package var loop: String
        /// How the open loop waits for a request's due time (`sleep` or `spin`, see `--pacing`);
        /// nil in closed loop, or from a binary that predates the choice (it sleeps).
        package var pacing: String?
        /// Seconds the child spent setting up and warming up before this line.
        package var readySeconds: Double

        /// A greeting from its fields.
        package init(
            schemaVersion: Int,
            toolVersion: String,
            build: String,
            gitCommit: String?,
            loop: String,
            pacing: String? = nil,
            readySeconds: Double
        ) {
            self.protocol = BlockProtocol.name
            self.version = BlockProtocol.version
            self.schemaVersion = schemaVersion
            self.toolVersion = toolVersion
            self.build = build
            self.gitCommit = gitCommit
            self.loop = loop
            self.pacing = pacing
            self.readySeconds = readySeconds
        }
    }

    /// A command from the driver.
    package enum Command: Sendable, Equatable {
        /// Measure block `index` for `seconds`.
        case block(index: Int, seconds: Double)
        /// End the child.
        case quit

        /// The command as one line (without its newline).
        package var line: String {
            switch self {
            case .block(let index, let seconds): "block \(index) \(seconds)"
            case .quit: "quit"
            }
        }

        /// Parses one command line; nil when it is none.
        package init?(line: String) {
            let words = line.split(separator: " ")
            if words == ["quit"] {
                self = .quit
                return
            }
            guard words.count == 3, words[0] == "block", let index = Int(words[1]), index >= 0,
                let seconds = Double(words[2]), seconds.isFinite, seconds > 0, seconds <= 3600
            else { return nil }
            self = .block(index: index, seconds: seconds)
        }
    }
}

/// One measured block's figures, as a child reports them.
///
/// `metrics` holds every figure by the name `compare` and `--slo` use (`check.inline.p50` in
/// nanoseconds, `throughput` in requests per second, `stage.mint.p50`): the driver tests the ones
/// its `--metrics` select and needs to know no operation or stage by name.
package struct BlockReport: Codable, Sendable, Equatable {
    /// The block's index, as asked.
    package var block: Int
    /// The block's measured wall time, seconds.
    package var seconds: Double
    /// Requests measured in the block.
    package var requests: Int
    /// The open loop's target rate (nil in closed loop).
    package var targetRate: Double?
    /// Requests per second achieved.
    package var achievedRate: Double
    /// The open loop's start lag p99, nanoseconds (nil in closed loop).
    package var startLagP99: Double?
    /// The child's CPU time (user and system) over the block, seconds.
    package var cpuSeconds: Double
    /// The time the host took from this machine's CPUs over the block (`steal` of /proc/stat,
    /// summed over the CPUs), seconds; nil where the kernel does not say.
    package var stealSeconds: Double?
    /// The CPUs whose steal is summed (the machine's online CPUs).
    package var cpus: Int
    /// Requests that failed (see `summary.failures`).
    package var failures: Int
    /// Every figure of the block by metric name.
    package var metrics: [String: Double]

    /// A report from its fields.
    package init(
        block: Int,
        seconds: Double,
        requests: Int,
        targetRate: Double?,
        achievedRate: Double,
        startLagP99: Double?,
        cpuSeconds: Double,
        stealSeconds: Double?,
        cpus: Int,
        failures: Int,
        metrics: [String: Double]
    ) {
        self.block = block
        self.seconds = seconds
        self.requests = requests
        self.targetRate = targetRate
        self.achievedRate = achievedRate
        self.startLagP99 = startLagP99
        self.cpuSeconds = cpuSeconds
        self.stealSeconds = stealSeconds
        self.cpus = cpus
        self.failures = failures
        self.metrics = metrics
    }

    /// The share of the machine's CPU time the host stole during the block (0 when unknown).
    package var stealShare: Double {
        guard let stealSeconds, seconds > 0, cpus > 0 else { return 0 }
        return stealSeconds / (seconds * Double(cpus))
    }

    /// Why the block cannot be trusted under `rules`, or nil: the generator fell behind (start lag,
    /// or the open loop sent fewer requests than its schedule holds: both checked only with a
    /// start-lag bound, since a late generator shows in both), or the host stole more than the bound.
    ///
    /// The schedule is the target rate over the block's asked length, not over its measured wall
    /// time: a generator a few milliseconds late sends its last requests after the block's end and
    /// lengthens the wall time, which the start-lag bound judges; a rate over that wall time would
    /// drop, at 99%, every block whose last request left 1% of its length late (2.5 ms of 250 ms).
    package func spoiled(by rules: BlockRules) -> BlockRules.Reason? {
        if let bound = rules.maximumStartLagNanos {
            if let lag = startLagP99, lag > bound { return .startLag }
            if let target = targetRate, target > 0,
                Double(requests) < target * rules.blockSeconds * rules.minimumRateShare
            {
                return .rate
            }
        }
        if stealShare > rules.maximumStealShare { return .steal }
        return nil
    }
}

/// When a block is dropped, with its pair.
package struct BlockRules: Sendable, Equatable, Codable {
    /// Why a block was dropped.
    package enum Reason: String, Sendable, CaseIterable, Codable {
        /// Its start lag p99 exceeded the bound: the generator was late.
        case startLag
        /// The open loop sent less than its share of the requests its schedule holds.
        case rate
        /// The host stole more than the bound of the machine's CPU time.
        case steal
    }

    /// The start lag p99 above which a block is dropped, nanoseconds (nil: the generator's timing,
    /// start lag and achieved rate, is not checked).
    package var maximumStartLagNanos: Double?
    /// The share of its schedule's requests (the target rate over ``blockSeconds``) below which an
    /// open-loop block is dropped.
    package var minimumRateShare: Double = 0.99
    /// The stolen share of the machine's CPU time above which a block is dropped.
    package var maximumStealShare: Double
    /// The length each block was asked for, seconds: its schedule's.
    package var blockSeconds: Double

    /// Rules from their bounds, for blocks of `blockSeconds`.
    package init(maximumStartLagNanos: Double?, maximumStealShare: Double, blockSeconds: Double) {
        self.maximumStartLagNanos = maximumStartLagNanos
        self.maximumStealShare = maximumStealShare
        self.blockSeconds = blockSeconds
    }
}
