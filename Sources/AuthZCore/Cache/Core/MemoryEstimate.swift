/// The formulas behind ``CacheStats/approximateBytes``.
///
/// A Swift native `Dictionary` keeps a power-of-two number of buckets at most 3/4 full; each bucket
/// holds a key and a value inline (at their strides), plus one occupancy bit, and the storage
/// object has a header of about 64 bytes. An `Array` holds its capacity of elements at their stride
/// after a 32-byte header.
@usableFromInline
enum MemoryEstimate {
    /// Bytes of a dictionary with room for `capacity` elements of the given key and value types.
    @inlinable
    static func dictionary<K, V>(capacity: Int, _: K.Type, _: V.Type) -> Int {
        guard capacity > 0 else { return 0 }
        var buckets = 1
        while buckets * 3 < capacity * 4 { buckets <<= 1 }
        let bucketBytes = MemoryLayout<K>.stride + MemoryLayout<V>.stride
        return 64 + buckets * bucketBytes + (buckets + 7) / 8
    }

    /// Bytes of an array with room for `capacity` elements of type `E`.
    @inlinable
    static func array<E>(capacity: Int, _: E.Type) -> Int {
        capacity > 0 ? 32 + capacity * MemoryLayout<E>.stride : 0
    }
}
