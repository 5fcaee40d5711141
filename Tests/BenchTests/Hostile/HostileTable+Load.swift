/// Rows for the load's flags that would run something other than what they say: a rate that sends
/// nothing in the phase, the open loop's options in closed loop, an objective on a figure the run
/// does not record, more workers than the run can start; and, for every command, a huge value
/// quoted in one bounded line.
extension HostileCase {
    static var load: [HostileCase] {
        let run = ["run", "--devices", "100", "--duration", "1s", "--warmup", "0s", "--quiet"]
        let capacity = ["capacity", "--slo", "inline.p99<1ms", "--devices", "100", "--quiet"]
        let huge = String(repeating: "9", count: 100_000)
        return [
            // Not one request in the measured phase: for this process, each shard, the stages, a step.
            usage(run + ["--rate", "1e-300"], "--rate 1e-300"),
            usage(run + ["--rate", "0.5"], "--rate 0.5"),
            usage(with(run, "--duration", "100ms") + ["--rate", "9"], "--rate 9"),
            usage(run + ["--total-rate", "2", "--shard", "1/3"], "--total-rate 2"),
            usage(with(run, "--duration", nil) + ["--stages", "1s:0.5"], "--stages 1s:0.5"),
            usage(with(run, "--duration", nil) + ["--stages", "0s:0.1,2s:0.1,1s:0"], "--stages"),
            usage(capacity + ["--start-rate", "1", "--step-duration", "100ms"], "--start-rate 1"),
            // The open loop's arrivals and start lag do not exist in closed loop.
            usage(run + ["--closed", "--arrivals", "poisson"], "--arrivals"),
            usage(run + ["--arrivals", "uniform", "--closed"], "--arrivals"),
            usage(run + ["--closed", "--slo", "startLag.p99<1ms"], "startLag.p99<1ms"),
            usage(run + ["--closed", "--slo", "inline.p99<1s,startLag.max<1s"], "startLag.max<1s"),
            // Each worker holds one of Dispatch's pool threads for the whole run: a stated bound.
            usage(run + ["--threads", "256"], "1...128"),
            usage(run + ["--threads", "129"], "1...128"),
            usage(capacity + ["--threads", "1024"], "1...128"),
            // Whatever the command, a huge value is quoted in one bounded line.
            usage(capacity + ["--start-rate", huge], "--start-rate"),
            usage(capacity + ["--precision", huge], "--precision"),
            usage(["sweep", "--capacities", huge, "--quiet"], "--capacities"),
            usage(["sweep", "--requests", huge, "--quiet"], "--requests"),
            usage(["micro", "--iterations", huge], "--iterations"),
            usage(["micro", "--filter", "(" + huge], "--filter"),
            usage(["token", "inspect", "--now", huge, "@F/authn.token"], "--now"),
            usage(["compare", "@F/result.json", "@F/result.json", "--metrics", huge], "--metrics"),
            usage(run + ["--inject-stall", huge], "--inject-stall"),
            usage(run + ["--" + huge], "--999"),
        ]
    }
}
