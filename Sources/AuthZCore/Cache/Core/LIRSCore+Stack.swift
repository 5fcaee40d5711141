extension LIRSCore {
    /// Resident `i`'s entry in S (the entry of its hash, if that entry is `i`'s), or nil.
    @inlinable @inline(__always)
    func stackEntry(ofResident i: Int32, hash: UInt64) -> Int32? {
        entry(stack.find(hash, hash: hash), ifOwnedBy: i)
    }

    /// `found` (the entry of resident `i`'s hash, if any) when it is `i`'s, else nil.
    @inlinable @inline(__always)
    func entry(_ found: Int32?, ifOwnedBy i: Int32) -> Int32? {
        guard let found, stack.nodes[Int(found)].value == i else { return nil }
        return found
    }

    /// Puts `hash` at S's head for resident `i`: `found`, the entry of that hash (`stack.find`'s
    /// answer, which the caller already has), moves there if there is one (a non-resident one stops
    /// being non-resident; another resident's, after a hash collision, is taken from it), else a new
    /// entry is pushed.
    @inlinable
    mutating func push(_ hash: UInt64, resident i: Int32, found: Int32?) {
        guard let entry = found else {
            let entry = stack.append(CacheNode(key: hash, hash: hash, value: i, expiresAt: .max))
            stackOrder.pushHead(entry, stack.nodes)
            return
        }
        let owner = stack.nodes[Int(entry)].value
        if owner < 0 {
            _ = nonResidents.remove(hash)
        } else if owner != i, store.nodes[Int(owner)].mark == Self.lir {
            // Another key of the same hash loses its place in S: an LIR key must have one.
            store.nodes[Int(owner)].mark = Self.hir
            lirCount &-= 1
            queue.pushHead(owner, store.nodes)
        }
        stack.nodes[Int(entry)].value = i
        stackOrder.moveToHead(entry, stack.nodes)
        prune()
    }

    /// Takes entry `entry` out of S (and out of the non-resident order if it is there).
    @inlinable
    mutating func dropStackEntry(_ entry: Int32) {
        let nodes = stack.nodes
        if nodes[Int(entry)].value < 0 { _ = nonResidents.remove(nodes[Int(entry)].key) }
        stackOrder.unlink(entry, nodes)
        if let moved = stack.removeUnlinked(entry) { stackOrder.relocate(from: moved, to: entry, nodes) }
    }

    /// Drops S's bottom entries up to its oldest LIR key (all of S when there is none).
    @inlinable
    mutating func prune() {
        while stackOrder.tail >= 0 {
            let bottom = stackOrder.tail
            let owner = stack.nodes[Int(bottom)].value
            if owner >= 0, store.nodes[Int(owner)].mark == Self.lir { return }
            dropStackEntry(bottom)
        }
    }

    /// The LIR key at S's bottom becomes HIR: out of S, into `Q` as its newest entry.
    @inlinable
    mutating func demoteBottom() {
        prune()
        let bottom = stackOrder.tail
        guard bottom >= 0 else { return }
        let i = stack.nodes[Int(bottom)].value
        dropStackEntry(bottom)
        store.nodes[Int(i)].mark = Self.hir
        lirCount &-= 1
        queue.pushHead(i, store.nodes)
        prune()
    }

    /// Unlinks `Q`'s oldest entry and returns its slot; its entry in S, if any, becomes non-resident.
    @inlinable
    mutating func evictOldestHIR() -> Int32 {
        let i = queue.tail
        queue.unlink(i, store.nodes)
        let hash = store.nodes[Int(i)].hash
        if let entry = stackEntry(ofResident: i, hash: hash) {
            stack.nodes[Int(entry)].value = -1
            nonResidents.add(hash)
        }
        return i
    }

    /// Drops the oldest non-resident entries while S is over its bound.
    @inlinable
    mutating func limitStack() {
        guard stack.count > stackLimit else { return }
        while stack.count > stackLimit, let hash = nonResidents.popOldest() {
            if let entry = stack.find(hash, hash: hash) { dropStackEntry(entry) }
        }
        prune()
    }

    /// The HIR residents (`Q`, newest first) and the number of entries in S: for tests.
    package var segments: (queue: [Key], lirCount: Int, stackCount: Int) {
        (store.keys(from: queue.head), lirCount, stack.count)
    }
}
