extension Int {
    /// The smallest power of two that is at least `n` and at least `minimum` (itself a power of
    /// two): the size of every table the caches mask an index into.
    @inlinable
    static func powerOfTwo(atLeast n: Int, minimum: Int = 1) -> Int {
        var size = minimum
        while size < n { size <<= 1 }
        return size
    }
}
