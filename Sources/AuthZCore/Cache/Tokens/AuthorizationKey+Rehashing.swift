/// Keys whose hash does not depend on the process: for replays that must repeat (`sweep --seed`).
extension AuthorizationKey {
    /// The same key (the same parts, equal to `key` under `==`'s byte rule) with its hash
    /// recomputed under `hashKey` instead of the process's random key: SipHash-1-3 over the
    /// lengths word and the eight words. Every strategy's hash-dependent choices (the sketch's
    /// counters, a shard, a bucket) are then the same in every run for the same `hashKey`.
    ///
    /// Only for offline replays: a hash key that is not secret is no defence against crafted
    /// collisions, so the engine never makes keys this way.
    ///
    /// - Complexity: O(1) (nine 64-bit words hashed).
    package init(rehashing key: AuthorizationKey, hashKey: (UInt64, UInt64)) {
        var hasher = KeyHasher(key: hashKey)
        hasher.combine(key.lengths)
        withUnsafeBytes(of: key.words) { raw in
            for offset in stride(from: 0, to: raw.count, by: 8) {
                hasher.combine(wordAt: offset, in: raw.baseAddress!)
            }
        }
        self.lengths = key.lengths
        self.words = key.words
        self.precomputedHash = Int(truncatingIfNeeded: hasher.finalize())
    }
}
