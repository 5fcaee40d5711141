import BenchHarness

/// The workload flags parsed and validated as `run` parses and validates them.
enum FlagParsing {
    /// The scenario `arguments` describe, validated (`defaultThreads` 2, as on the test machine).
    static func scenario(_ arguments: [String]) throws -> Scenario {
        let args = try Arguments(arguments, options: WorkloadFlags.valueOptions, flags: WorkloadFlags.flagOptions)
        let scenario = try WorkloadFlags.scenario(from: args, defaultThreads: 2)
        try scenario.validate(quoting: args.value)
        return scenario
    }

    /// The usage error's message for `arguments` (nil when they are accepted).
    static func message(_ arguments: [String]) -> String? {
        do {
            _ = try scenario(arguments)
            return nil
        } catch let error as BenchError {
            return error.reason == .invalidSetting ? error.message : "not a usage error: \(error.message)"
        } catch {
            return "unexpected error \(error)"
        }
    }
}
