/// The ends of an intrusive doubly linked list threaded by index through a ``NodeStore``'s nodes.
///
/// Every operation is O(1) and allocation-free. Several lists may share one node array.
@usableFromInline
struct NodeList {
    @usableFromInline var head: Int32 = -1
    @usableFromInline var tail: Int32 = -1
    @usableFromInline var count = 0

    @inlinable init() {}

    /// Links node `i` (currently unlinked) in front of the head.
    @inlinable
    mutating func pushHead<K, V>(_ i: Int32, _ nodes: UnsafeMutablePointer<CacheNode<K, V>>) {
        nodes[Int(i)].prev = -1
        nodes[Int(i)].next = head
        if head >= 0 { nodes[Int(head)].prev = i } else { tail = i }
        head = i
        count &+= 1
    }

    /// Unlinks node `i`, which must be in this list.
    @inlinable
    mutating func unlink<K, V>(_ i: Int32, _ nodes: UnsafeMutablePointer<CacheNode<K, V>>) {
        let prev = nodes[Int(i)].prev
        let next = nodes[Int(i)].next
        if prev >= 0 { nodes[Int(prev)].next = next } else { head = next }
        if next >= 0 { nodes[Int(next)].prev = prev } else { tail = prev }
        nodes[Int(i)].prev = -1
        nodes[Int(i)].next = -1
        count &-= 1
    }

    /// Moves node `i`, which must be in this list, to the head.
    @inlinable
    mutating func moveToHead<K, V>(_ i: Int32, _ nodes: UnsafeMutablePointer<CacheNode<K, V>>) {
        guard head != i else { return }
        unlink(i, nodes)
        pushHead(i, nodes)
    }

    /// Repoints the list at a node that was moved from index `old` to index `new`.
    @inlinable
    mutating func relocate<K, V>(from old: Int32, to new: Int32, _ nodes: UnsafeMutablePointer<CacheNode<K, V>>) {
        let prev = nodes[Int(new)].prev
        let next = nodes[Int(new)].next
        if prev >= 0 { nodes[Int(prev)].next = new } else if head == old { head = new }
        if next >= 0 { nodes[Int(next)].prev = new } else if tail == old { tail = new }
    }
}
