/// The cache strategies the harness can select (`--cache STRATEGY`).
///
/// A kind cannot return "a cache" without an existential, and the hot path stays generic. To run
/// generic code on the concrete type a kind names, switch on the kind and call the generic code
/// once per case, or let ``makeCache(capacity:visitor:)`` do that switch:
///
/// ```swift
/// struct RunLoad: CacheStrategyVisitor {
///     typealias Key = String; typealias Value = Verdict
///     func visit<C: CacheStrategy>(_ cache: C) -> Report where C.Key == String, C.Value == Verdict {
///         ...   // specialised for MutexCache<String, Verdict>, ShardedCache<String, Verdict>, ...
///     }
/// }
/// let report = kind.makeCache(capacity: 100_000, visitor: RunLoad())
/// ```
public enum CacheStrategyKind: String, Sendable, CaseIterable {
    /// ``MutexCache``: one lock around a dictionary, the baseline.
    case mutex
    /// ``ShardedCache``: lock-striped shards, each with SIEVE eviction.
    case sharded
    /// ``LRUCache``: least recently used, one lock.
    case lru
    /// ``SIEVECache``: SIEVE (NSDI 2024), one lock.
    case sieve
    /// ``AdaptiveTinyLFUCache``: W-TinyLFU with its window sized by hill climbing, as Caffeine
    /// since 2.7, one lock.
    case tinylfu
    /// ``TinyLFUCache``: W-TinyLFU with a fixed 1% window, as Caffeine 2.6.2, one lock (kept for
    /// that comparison).
    case tinylfuFixed = "tinylfu-fixed"
    /// ``S3FIFOCache``: S3-FIFO (SOSP '23), one lock.
    case s3fifo
    /// ``LIRSCache``: LIRS (SIGMETRICS '02), one lock.
    case lirs

    /// Creates the cache this kind names with `capacity`, and passes it to `visitor`.
    ///
    /// - Complexity: the cost of the strategy's `init(capacity:)` plus the visitor's.
    public func makeCache<V: CacheStrategyVisitor>(capacity: Int, visitor: V) -> V.Result {
        switch self {
        case .mutex: visitor.visit(MutexCache<V.Key, V.Value>(capacity: capacity))
        case .sharded: visitor.visit(ShardedCache<V.Key, V.Value>(capacity: capacity))
        case .lru: visitor.visit(LRUCache<V.Key, V.Value>(capacity: capacity))
        case .sieve: visitor.visit(SIEVECache<V.Key, V.Value>(capacity: capacity))
        case .tinylfu: visitor.visit(AdaptiveTinyLFUCache<V.Key, V.Value>(capacity: capacity))
        case .tinylfuFixed: visitor.visit(TinyLFUCache<V.Key, V.Value>(capacity: capacity))
        case .s3fifo: visitor.visit(S3FIFOCache<V.Key, V.Value>(capacity: capacity))
        case .lirs: visitor.visit(LIRSCache<V.Key, V.Value>(capacity: capacity))
        }
    }
}
