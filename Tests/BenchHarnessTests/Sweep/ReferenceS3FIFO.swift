/// S3-FIFO written the plain way, with libCacheSim's parameters (small 10%, ghost 90%, move to main
/// after two hits in the small queue, frequency capped at 3, the warm-up rule): the test's
/// reference for `S3FIFOCache`. Queues are arrays, oldest first.
struct ReferenceS3FIFO: ReferencePolicy {
    let capacity: Int
    private var small: [String] = []
    private var main: [String] = []
    private var ghost: [String] = []
    private var frequency: [String: Int] = [:]

    init(capacity: Int) { self.capacity = capacity }

    private var smallCapacity: Int { capacity / 10 }
    private var mainCapacity: Int { capacity - smallCapacity }
    private var ghostCapacity: Int { capacity * 9 / 10 }

    /// Looks `key` up; on a miss inserts it. Returns whether it hit.
    mutating func access(_ key: String) -> Bool {
        if let f = frequency[key] {
            frequency[key] = min(f + 1, 3)
            return true
        }
        let filling = small.count + main.count < capacity
        while small.count + main.count >= capacity {
            if main.count > mainCapacity || small.isEmpty { evictMain() } else { evictSmall() }
        }
        if let index = ghost.firstIndex(of: key) {
            ghost.remove(at: index)
            main.append(key)
        } else if filling && small.count >= smallCapacity {
            main.append(key)
        } else {
            small.append(key)
        }
        frequency[key] = 0
        return false
    }

    private mutating func evictSmall() {
        while !small.isEmpty {
            let key = small.removeFirst()
            if frequency[key]! >= 2 {
                main.append(key)
            } else {
                frequency[key] = nil
                if ghostCapacity > 0 && !ghost.contains(key) {
                    ghost.append(key)
                    if ghost.count > ghostCapacity { ghost.removeFirst() }
                }
                return
            }
        }
    }

    private mutating func evictMain() {
        while !main.isEmpty {
            let key = main.removeFirst()
            let f = frequency[key]!
            if f >= 1 {
                main.append(key)
                frequency[key] = f - 1
            } else {
                frequency[key] = nil
                return
            }
        }
    }
}
