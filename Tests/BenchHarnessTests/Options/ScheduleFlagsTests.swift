import BenchHarness
import Foundation
import Testing

/// `--stages`, `--total-rate` and `--shard-index-env`/`--shards`: what they set, what they refuse,
/// and how the scenario keeps them in its JSON.
@Suite("Schedule flags: stages, total rate, shard index from the environment")
struct ScheduleFlagsTests {
    /// The scenario the flags describe with `environment`, validated as `run` validates it.
    static func scenario(_ arguments: [String], environment: [String: String] = [:]) throws -> Scenario {
        let args = try Arguments(arguments, options: WorkloadFlags.valueOptions, flags: WorkloadFlags.flagOptions)
        let scenario = try WorkloadFlags.scenario(from: args, defaultThreads: 2, environment: environment)
        try scenario.validate(quoting: args.value)
        return scenario
    }

    /// The usage error's message (nil when accepted).
    static func message(_ arguments: [String], environment: [String: String] = [:]) -> String? {
        do {
            _ = try scenario(arguments, environment: environment)
            return nil
        } catch let error as BenchError {
            return error.reason == .invalidSetting ? error.message : "not a usage error: \(error.message)"
        } catch {
            return "unexpected error \(error)"
        }
    }

    @Test func stagesSetTheMeasuredPhaseAndTheMeanRate() throws {
        let s = try Self.scenario(["--stages", "30s:1000,60s:5000,30s:5000", "--warmup", "1s"])
        #expect(
            s.stages == [
                RampStage(durationMillis: 30_000, rate: 1_000),
                RampStage(durationMillis: 60_000, rate: 5_000),
                RampStage(durationMillis: 30_000, rate: 5_000),
            ]
        )
        #expect(s.durationMillis == 120_000 && s.warmupMillis == 1_000)
        // Mean rate: (15,000 + 180,000 + 150,000) requests over 120 s.
        let requests: Double = 15_000 + 180_000 + 150_000
        #expect(s.loop == .open(rate: requests / 120))
        #expect(s.stages?.startRate == 0)
        // A leading step is the warm-up's rate; 0s:R,60s:R is flat.
        let flat = try Self.scenario(["--stages", "0s:800,1m:800"])
        #expect(flat.loop == .open(rate: 800) && flat.durationMillis == 60_000 && flat.stages?.startRate == 800)
        #expect(try Self.scenario(["--stages", "500ms:8"]).loop == .open(rate: 4))
        // Stages that send less than one request in all run nothing: refused before the run.
        let none = Self.message(["--stages", "500ms:0.5"])
        #expect(
            none == "--stages 500ms:0.5: the stages send 0.125 requests in all, not one; expected rates and "
                + "durations that send at least one"
        )
    }

    @Test(arguments: [
        ("30s", "'30s'"), ("x:10", "'x:10'"), ("10s:-1", "'10s:-1'"), ("", "''"), ("10s:100,", "''"),
        ("10s:abc", "'10s:abc'"), ("10s:nan", "'10s:nan'"), ("10s:inf", "'10s:inf'"), ("1s:1:2", "'1s:1:2'"),
        ("10s:200000000", "'10s:200000000'"), ("0s:100", "'0s:100'"), ("50ms:100", "'50ms:100'"),
        ("31d:100", "'31d:100'"),
    ])
    func badStagesAreUsageErrorsQuotingTheStage(text: String, quoted: String) throws {
        let message = try #require(Self.message(["--stages", text]))
        #expect(message.hasPrefix("--stages expects DURATION:RATE"), "\(message)")
        #expect(message.hasSuffix("got \(quoted)"), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test(arguments: [
        (["--stages", "10s:0,5s:0"], "--stages 10s:0,5s:0: every rate is 0"),
        (["--stages", "10s:100", "--duration", "5s"], "--stages and --duration exclude each other"),
        (["--stages", "10s:100", "--rate", "5"], "--stages and --rate exclude each other"),
        (["--stages", "10s:100", "--closed"], "--stages and --closed exclude each other"),
        (["--total-rate", "100", "--rate", "5"], "--total-rate and --rate exclude each other"),
        (["--total-rate", "100", "--closed"], "--total-rate and --closed exclude each other"),
        (["--total-rate", "100", "--stages", "1s:5"], "--total-rate and --stages exclude each other"),
        (["--total-rate", "0"], "--total-rate expects"), (["--total-rate", "fast"], "--total-rate expects"),
        (["--total-rate", "nan"], "--total-rate expects"),
    ])
    func conflictsAndBadRatesNameTheFlags(arguments: [String], start: String) throws {
        let message = try #require(Self.message(arguments))
        #expect(message.hasPrefix(start), "\(message)")
    }

    @Test func totalRateIsSharedEquallyByTheShards() throws {
        let s = try Self.scenario(["--total-rate", "9000", "--shard", "2/3"])
        #expect(s.totalRate == 9_000 && s.loop == .open(rate: 3_000))
        #expect(s.laneShards == (3, 1))
        #expect(try Self.scenario(["--total-rate", "9000"]).loop == .open(rate: 9_000))
        // Without it each process has its own schedule, whatever the shard.
        #expect(try Self.scenario(["--rate", "9000", "--shard", "2/3"]).laneShards == (1, 0))
        // Every shard of one total-rate scenario has the same fingerprint.
        let fingerprints = try (1...3).map {
            try Self.scenario(["--total-rate", "9000", "--shard", "\($0)/3"]).fingerprint
        }
        #expect(Set(fingerprints).count == 1)
    }

    @Test(arguments: [0, 3])
    func theShardIndexComesFromTheEnvironment(index: Int) throws {
        let s = try Self.scenario(
            ["--shard-index-env", "JOB_COMPLETION_INDEX", "--shards", "4"],
            environment: ["JOB_COMPLETION_INDEX": "\(index)"]
        )
        let named = try Self.scenario(["--shard", "\(index + 1)/4"])
        #expect(s.shardIndex == index && s.shardCount == 4)
        #expect(s == named)
    }

    @Test(arguments: [
        (
            ["--shard-index-env", "IDX", "--shards", "4"], [String: String](),
            "--shard-index-env IDX: the variable is not set"
        ),
        (
            ["--shard-index-env", "IDX", "--shards", "4"], ["IDX": ""],
            "--shard-index-env IDX: the variable is set but empty"
        ),
        (["--shard-index-env", "IDX", "--shards", "4"], ["IDX": "two"], "--shard-index-env IDX=two: expected"),
        (["--shard-index-env", "IDX", "--shards", "4"], ["IDX": "4"], "--shard-index-env IDX=4: expected"),
        (["--shard-index-env", "IDX", "--shards", "4"], ["IDX": "-1"], "--shard-index-env IDX=-1: expected"),
        (["--shard-index-env", "IDX", "--shards", "0"], ["IDX": "0"], "--shards expects"),
        (["--shard-index-env", "IDX", "--shards", "x"], ["IDX": "0"], "--shards expects"),
        (["--shards", "4"], ["IDX": "0"], "--shards needs --shard-index-env"),
        (["--shard-index-env", "IDX"], ["IDX": "0"], "--shard-index-env IDX needs --shards"),
        (
            ["--shard-index-env", "IDX", "--shards", "4", "--shard", "1/4"], ["IDX": "0"],
            "--shard and --shard-index-env exclude each other"
        ),
    ])
    func shardEnvironmentErrorsNameTheFlagAndVariable(
        arguments: [String],
        environment: [String: String],
        start: String
    )
        throws
    {
        let message = try #require(Self.message(arguments, environment: environment))
        #expect(message.hasPrefix(start), "\(message)")
        #expect(!message.contains("\n"))
    }

    static func json(_ scenario: Scenario) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(scenario)
    }

    @Test func stagesAndTotalRateRoundTripThroughJSON() throws {
        for arguments in [["--stages", "0s:100,30s:1000,10s:0"], ["--total-rate", "5000", "--shard", "1/2"]] {
            let scenario = try Self.scenario(arguments)
            let data = try Self.json(scenario)
            #expect(try JSONDecoder().decode(Scenario.self, from: data) == scenario)
            let text = String(decoding: data, as: UTF8.self)
            #expect(
                text.contains(
                    arguments[0] == "--stages" ? #""stages":[{"durationMillis":0,"rate":100}"# : #""totalRate":5000"#
                )
            )
        }
        // Without them neither key is written, and a file without them reads as nil.
        let plain = try Self.json(Scenario())
        let text = String(decoding: plain, as: UTF8.self)
        #expect(!text.contains("stages") && !text.contains("totalRate"))
        let old = try JSONDecoder().decode(Scenario.self, from: plain)
        #expect(old.stages == nil && old.totalRate == nil)
    }
}
