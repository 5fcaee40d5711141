import Foundation

/// `authz-bench run`: drives the AuthZCore engine with simulated devices and reports latency
/// histograms (DESIGN §5 and §6).
enum RunCommand {
    static let usage = """
        usage: authz-bench run [--devices N] [--requestors N] [--mvpds N] [--resources N] [--zipf S]
                               [--mix get=70,check=20,verify=10,logout=0,attack=0] [--alg es256|rs256|ed25519|hs256]
                               [--cache mutex|sharded|lru|sieve|tinylfu] [--capacity N] [--threads N]
                               [--rate R | --closed] [--duration 10s] [--warmup 2s] [--seed N]
                               [--inject-stall 200ms@2s] [--authn-ttl 1d] [--authz-ttl 1h] [--stage-sample N]
                               [--backend-latency 200us/2ms] [--deny-ratio 0.02]
                               [--json FILE] [--hgrm DIR] [--hlog FILE] [--shard I/N] [--quiet]

          --rate R         target total requests per second of this process (open loop, the default)
          --closed         closed loop: each worker sends its next request when the last one is done
          --shard I/N      run only slice I (1-based) of N of the device population
          --stage-sample N time the hot-path stages of 1 request in N (0: never)
        exit codes: 0 ok, 7 run invalid (generator saturated, or a debug build), 64 usage, 65 bad input
        """
}
