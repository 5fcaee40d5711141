/// The state of ``MutexCache``, the baseline a newcomer writes: a plain Swift `Dictionary`, bounded
/// by random eviction.
///
/// Besides the dictionary, a dense array lists the present keys (each entry records its
/// position), so an entry can be picked at random in O(1). At capacity, inserting a new key
/// inspects `probe` consecutive entries of that list from a random position (wrapping): the
/// first expired one is dropped (an expiration), else the first one inspected (an eviction). The
/// generator is xorshift64, seeded per cache from the system generator (or `init(capacity:seed:)`'s seed).
///
/// Why random picks and not "the dictionary's first entry", as a newcomer might write: the scan for
/// the first occupied bucket grows as the low buckets empty, and "the entry after the new key's
/// bucket" always deletes at the head of a merged probe cluster, whose backward-shift delete
/// rehashes the whole cluster. Random picks keep clusters short.
///
/// The core leaves the caller's `hash` unused: the `Dictionary` hashes the key itself (through
/// `hash(into:)`, which for a ``PrecomputedHashKey`` feeds its precomputed hash), as the baseline's
/// newcomer would have it.
///
/// Memory estimate: a dictionary of `Key` -> (`Value`, `Int64` expiry, `Int32` position) at its
/// allocated bucket count, plus the key list at its capacity (see ``CacheStats/approximateBytes``).
public struct DictionaryCore<Key: Hashable & Sendable, Value: Sendable>: SeededCacheCore {
    /// How many entries an insert at capacity inspects for an expired one.
    @usableFromInline static var probe: Int { 5 }

    // Counters first: in the lock slot they share the mutex's cache line.
    @usableFromInline var counters = CacheCounters()
    @usableFromInline let capacity: Int
    @usableFromInline var table: [Key: ExpiringValue<Value>]
    @usableFromInline var keys: [Key]
    @usableFromInline var random: UInt64

    /// Creates an empty dictionary whose eviction generator derives from `seed`.
    ///
    /// - Complexity: O(capacity).
    @inlinable
    public init(capacity: Int, seed: UInt64) {
        self.capacity = max(1, capacity)
        self.table = Dictionary(minimumCapacity: self.capacity)
        self.keys = []
        keys.reserveCapacity(self.capacity)
        var seeds = SeedSequence(seed)
        random = seeds.next() | 1
    }

    /// The number of entries.
    ///
    /// - Complexity: O(1).
    @inlinable public var count: Int { table.count }

    /// The counters, the entry count and the memory estimate.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var stats: CacheStats {
        counters.stats(
            entries: table.count,
            bytes: MemoryEstimate.dictionary(capacity: table.capacity, Key.self, ExpiringValue<Value>.self)
                + MemoryEstimate.array(capacity: keys.capacity, Key.self)
        )
    }

    /// The value for `key` if live at `now` (an expired entry is removed).
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value? {
        guard let index = table.index(forKey: key) else {
            counters.misses &+= 1
            return nil
        }
        let entry = table.values[index]
        if entry.expiresAt < now {
            table.remove(at: index)
            dropSlot(entry.slot)
            counters.expirations &+= 1
            counters.misses &+= 1
            return nil
        }
        counters.hits &+= 1
        return entry.value
    }

    /// Inserts or replaces; drops one entry first when full.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64) {
        counters.inserts &+= 1
        if let index = table.index(forKey: key) {
            table.values[index].value = value
            table.values[index].expiresAt = expiresAt
            counters.replacements &+= 1
            return
        }
        if table.count >= capacity { makeRoom(now: now) }
        table[key] = ExpiringValue(value: value, expiresAt: expiresAt, slot: Int32(truncatingIfNeeded: keys.count))
        keys.append(key)
    }

    /// The next xorshift64 value.
    @inlinable
    mutating func nextRandom() -> UInt64 {
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        return random
    }

    /// Drops one entry: the first expired one among `probe` entries from a random position of
    /// the key list, else the entry at that position.
    @inlinable
    mutating func makeRoom(now: Int64) {
        let start = Int(nextRandom() % UInt64(keys.count))
        let victim = start
        for step in 0..<min(Self.probe, keys.count) {
            let slot = (start + step) % keys.count
            if let entry = table[keys[slot]], entry.expiresAt < now {
                table.removeValue(forKey: keys[slot])
                dropSlot(Int32(truncatingIfNeeded: slot))
                counters.expirations &+= 1
                return
            }
        }
        table.removeValue(forKey: keys[victim])
        dropSlot(Int32(truncatingIfNeeded: victim))
        counters.evictions &+= 1
    }

    /// Removes position `slot` from the key list (its key already left the table): the last key
    /// moves into it.
    @inlinable
    mutating func dropSlot(_ slot: Int32) {
        let last = keys.count - 1
        if Int(slot) != last {
            keys.swapAt(Int(slot), last)
            table[keys[Int(slot)]]?.slot = slot
        }
        keys.removeLast()
    }

    /// Removes and returns the entry for `key`.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func remove(_ key: Key, hash: UInt64) -> Value? {
        guard let entry = table.removeValue(forKey: key) else { return nil }
        dropSlot(entry.slot)
        counters.removals &+= 1
        return entry.value
    }

    /// Removes every entry, keeping capacity.
    ///
    /// - Complexity: O(n).
    @inlinable
    public mutating func removeAll() {
        counters.removals &+= table.count
        table.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
    }

    /// Nothing to free: the dictionary and the key list release their storage themselves.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func deallocate() {}
}
