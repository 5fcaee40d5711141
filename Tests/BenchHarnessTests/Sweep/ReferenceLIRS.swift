/// LIRS written the plain way, with the paper's parameters (1% HIR residents, at least 1; new keys
/// LIR while the LIR set has room) and libCacheSim's bound on the stack (2 x capacity entries,
/// non-resident ones dropped in the order they became non-resident): the test's reference for
/// `LIRSCache`. Orders are arrays, oldest first.
struct ReferenceLIRS: ReferencePolicy {
    enum Status { case lir, hir, nonResident }

    let capacity: Int
    /// S, bottom (oldest) first, with each key's status.
    private var stack: [(key: String, status: Status)] = []
    /// The HIR residents, oldest first.
    private var queue: [String] = []
    /// S's non-resident keys, in the order they became non-resident.
    private var nonResidents: [String] = []
    private var lir: Set<String> = []

    init(capacity: Int) { self.capacity = capacity }

    private var lirCapacity: Int { capacity - max(1, capacity / 100) }

    private func position(_ key: String) -> Int? { stack.firstIndex { $0.key == key } }

    /// Puts `key` on S's top with `status`; moving a key already in S prunes the bottom after.
    private mutating func moveToTop(_ key: String, _ status: Status) {
        guard let p = position(key) else { return stack.append((key, status)) }
        stack.remove(at: p)
        stack.append((key, status))
        prune()
    }

    private mutating func prune() {
        while let bottom = stack.first, bottom.status != .lir {
            stack.removeFirst()
            nonResidents.removeAll { $0 == bottom.key }
        }
    }

    private mutating func demoteBottom() {
        prune()
        guard !stack.isEmpty else { return }
        let bottom = stack.removeFirst()
        lir.remove(bottom.key)
        queue.append(bottom.key)
        prune()
    }

    /// Looks `key` up; on a miss inserts it. Returns whether it hit.
    mutating func access(_ key: String) -> Bool {
        let resident = lir.contains(key) || queue.contains(key)
        let p = position(key)
        if lir.contains(key) {
            moveToTop(key, .lir)
        } else if resident, p != nil {
            queue.removeAll { $0 == key }
            lir.insert(key)
            moveToTop(key, .lir)
            if lir.count > lirCapacity { demoteBottom() }
        } else if resident {
            queue.removeAll { $0 == key }
            queue.append(key)
            moveToTop(key, .hir)
        } else {
            if lir.count + queue.count >= capacity {
                let evicted = queue.removeFirst()
                if let q = position(evicted) {
                    stack[q].status = .nonResident
                    nonResidents.append(evicted)
                }
            }
            nonResidents.removeAll { $0 == key }
            if lir.count < lirCapacity || p != nil {
                lir.insert(key)
                moveToTop(key, .lir)
                if lir.count > lirCapacity { demoteBottom() }
            } else {
                queue.append(key)
                moveToTop(key, .hir)
            }
        }
        if stack.count > 2 * capacity {
            while stack.count > 2 * capacity, !nonResidents.isEmpty {
                let oldest = nonResidents.removeFirst()
                if let q = position(oldest) { stack.remove(at: q) }
            }
            prune()
        }
        return resident
    }
}
