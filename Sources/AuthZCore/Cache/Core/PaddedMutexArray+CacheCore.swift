extension PaddedMutexArray where State: CacheCore {
    /// The sum of every slot's snapshot, each read under its slot's lock.
    @inlinable
    var totalStats: CacheStats {
        var total = CacheStats()
        for i in 0..<count { total = total + withLock(i) { $0.stats } }
        return total
    }

    /// The sum of every slot's entry count.
    @inlinable
    var totalCount: Int {
        var total = 0
        for i in 0..<count { total += withLock(i) { $0.count } }
        return total
    }
}
