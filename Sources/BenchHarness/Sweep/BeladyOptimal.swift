/// Belady's clairvoyant MIN policy, computed offline: the most hits any cache of a given capacity
/// can get on a known sequence of accesses.
///
/// On a miss with the cache full, the entry whose next use lies furthest in the future is
/// evicted, or the missed key is not admitted at all when its own next use is at least as far
/// (an admission filter such as W-TinyLFU's may also refuse a key, so the bound allows it too).
/// An entry that is never used again is the first to go, so an invalidated entry (see
/// ``hits(events:capacity:)``) costs nothing, as if it had been removed.
///
/// Next uses are computed once, backwards, in O(n); each capacity then takes O(n log n): a
/// binary max-heap of (next use, key), where entries made stale by a hit or an eviction are
/// skipped when they surface (lazy deletion).
package struct BeladyOptimal: Sendable {
    /// Marks an access whose key is never used again.
    package static let never = UInt32.max

    /// The accessed keys (dense ids in `0..<keyCount`).
    package let keys: [Int32]
    /// The number of distinct key ids.
    package let keyCount: Int
    /// For each access, the index of the next access to the same key, or ``never``.
    package let nextUse: [UInt32]

    /// Prepares the sequence `keys` of ids in `0..<keyCount` (fewer than 2^32 - 1 accesses).
    ///
    /// - Complexity: O(n + keyCount).
    package init(keys: [Int32], keyCount: Int) {
        precondition(keys.count < Int(UInt32.max), "too many accesses for 32-bit next-use indices")
        self.keys = keys
        self.keyCount = keyCount
        var next = [UInt32](repeating: Self.never, count: keys.count)
        var seen = [UInt32](repeating: Self.never, count: keyCount)
        var index = keys.count - 1
        while index >= 0 {
            let key = Int(keys[index])
            next[index] = seen[key]
            seen[key] = UInt32(index)
            index -= 1
        }
        nextUse = next
    }

    /// The hits of the optimal policy with room for `capacity` entries.
    ///
    /// - Complexity: O(n log n) time, O(n + keyCount) space.
    package func hits(capacity: Int) -> Int {
        guard capacity > 0 else { return 0 }
        // `resident[k]` is the next use of resident key k, 0 when k is not resident (a next use is
        // always an index after the current one, so never 0).
        var resident = [UInt32](repeating: 0, count: keyCount)
        var heap = MaxHeap()
        heap.reserve(Swift.min(keys.count, 4 * capacity + 1_024))
        var count = 0
        var hits = 0
        for index in keys.indices {
            let key = Int(keys[index])
            let next = nextUse[index]
            if resident[key] != 0 {
                hits += 1
                resident[key] = next
                heap.push(Self.entry(next, key))
                continue
            }
            if count < capacity {
                resident[key] = next
                heap.push(Self.entry(next, key))
                count += 1
                continue
            }
            // The resident key used furthest in the future (skipping stale entries).
            var top = heap.max
            while resident[Int(top & 0xFFFF_FFFF)] != UInt32(top >> 32) {
                heap.popMax()
                top = heap.max
            }
            guard next < UInt32(top >> 32) else { continue }  // not admitted: used no sooner than the victim
            heap.popMax()
            resident[Int(top & 0xFFFF_FFFF)] = 0
            resident[key] = next
            heap.push(Self.entry(next, key))
        }
        return hits
    }

    /// A heap entry: next use in the high 32 bits, key in the low 32.
    @inline(__always)
    private static func entry(_ next: UInt32, _ key: Int) -> UInt64 {
        UInt64(next) << 32 | UInt64(UInt32(truncatingIfNeeded: key))
    }

    /// One event of a sequence with invalidations.
    package enum Event: Sendable, Equatable {
        /// A lookup of a key.
        case access(Int)
        /// The key's entry is invalidated: its next access is a compulsory miss.
        case invalidate(Int)
    }

    /// The optimal hits on a sequence with invalidations: each invalidation starts a new
    /// incarnation of its key (a new id), so the access after it misses, and the dead entry, never
    /// used again, is the first one evicted.
    ///
    /// - Complexity: O(n log n).
    package static func hits(events: [Event], capacity: Int) -> Int {
        var ids: [Int: Int32] = [:]  // key -> id of its current incarnation
        var keys: [Int32] = []
        var keyCount: Int32 = 0
        for event in events {
            switch event {
            case .access(let key):
                if let id = ids[key] {
                    keys.append(id)
                } else {
                    ids[key] = keyCount
                    keys.append(keyCount)
                    keyCount += 1
                }
            case .invalidate(let key):
                ids[key] = nil
            }
        }
        return BeladyOptimal(keys: keys, keyCount: Int(keyCount)).hits(capacity: capacity)
    }
}

/// A binary max-heap of `UInt64` in an array.
private struct MaxHeap {
    private var items: [UInt64] = []

    /// Reserves room for `n` items.
    mutating func reserve(_ n: Int) { items.reserveCapacity(n) }

    /// The largest item (the heap must not be empty).
    var max: UInt64 { items[0] }

    /// Adds `item` (sift up).
    mutating func push(_ item: UInt64) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) >> 1
            guard items[parent] < items[child] else { break }
            items.swapAt(parent, child)
            child = parent
        }
    }

    /// Removes the largest item (sift down).
    mutating func popMax() {
        let last = items.removeLast()
        guard !items.isEmpty else { return }
        items[0] = last
        var parent = 0
        let n = items.count
        while true {
            let left = 2 * parent + 1
            guard left < n else { break }
            var largest = left
            if left + 1 < n && items[left + 1] > items[left] { largest = left + 1 }
            guard items[largest] > items[parent] else { break }
            items.swapAt(parent, largest)
            parent = largest
        }
    }
}
