/// A value with its absolute expiry (epoch milliseconds, inclusive).
@usableFromInline
struct ExpiringValue<Value: Sendable>: Sendable {
    @usableFromInline var value: Value
    @usableFromInline var expiresAt: Int64

    @inlinable init(value: Value, expiresAt: Int64) {
        self.value = value
        self.expiresAt = expiresAt
    }
}

/// The state of ``MutexCache``: a plain dictionary, bounded.
///
/// At capacity, inserting a new key first looks at up to ``probe`` entries in the dictionary's
/// iteration order (bucket order, which depends on the per-process hash seed); the first expired
/// one found is dropped (an expiration). If none is expired, the first entry in iteration order
/// is dropped (an eviction): effectively an arbitrary entry, as a newcomer's bound would be.
@usableFromInline
struct DictionaryCore<Key: Hashable & Sendable, Value: Sendable>: CacheCore {
    /// How many entries an insert at capacity inspects for an expired one.
    @usableFromInline static var probe: Int { 8 }

    @usableFromInline let capacity: Int
    @usableFromInline var table: [Key: ExpiringValue<Value>]
    @usableFromInline var counters = CacheCounters()

    @inlinable
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        self.table = Dictionary(minimumCapacity: self.capacity)
    }

    @inlinable var count: Int { table.count }

    @inlinable
    var stats: CacheStats {
        counters.stats(
            entries: table.count,
            bytes: MemoryEstimate.dictionary(
                capacity: table.capacity, Key.self, ExpiringValue<Value>.self))
    }

    @inlinable
    mutating func lookup(_ key: Key, now: Int64) -> Value? {
        guard let index = table.index(forKey: key) else {
            counters.misses &+= 1
            return nil
        }
        let entry = table.values[index]
        if entry.expiresAt < now {
            table.remove(at: index)
            counters.expirations &+= 1
            counters.misses &+= 1
            return nil
        }
        counters.hits &+= 1
        return entry.value
    }

    @inlinable
    mutating func insert(_ value: Value, forKey key: Key, expiresAt: Int64, now: Int64) {
        counters.inserts &+= 1
        let entry = ExpiringValue(value: value, expiresAt: expiresAt)
        if let index = table.index(forKey: key) {
            table.values[index] = entry
            counters.replacements &+= 1
            return
        }
        if table.count >= capacity { makeRoom(now: now) }
        table[key] = entry
    }

    /// Drops one entry: the first expired one among the first ``probe``, else the first one.
    @inlinable
    mutating func makeRoom(now: Int64) {
        var index = table.startIndex
        var inspected = 0
        while index != table.endIndex && inspected < Self.probe {
            if table.values[index].expiresAt < now {
                table.remove(at: index)
                counters.expirations &+= 1
                return
            }
            table.formIndex(after: &index)
            inspected += 1
        }
        table.remove(at: table.startIndex)
        counters.evictions &+= 1
    }

    @inlinable
    mutating func remove(_ key: Key) -> Value? {
        guard let entry = table.removeValue(forKey: key) else { return nil }
        counters.removals &+= 1
        return entry.value
    }

    @inlinable
    mutating func removeAll() {
        counters.removals &+= table.count
        table.removeAll(keepingCapacity: true)
    }
}
