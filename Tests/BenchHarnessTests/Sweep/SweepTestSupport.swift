import AuthZSimulation
import BenchHarness

/// A cache policy written the plain way, the test's reference for one strategy.
protocol ReferencePolicy {
    /// An empty cache of `capacity` entries.
    init(capacity: Int)
    /// Looks `key` up; on a miss inserts it. Returns whether it hit.
    mutating func access(_ key: String) -> Bool
}

/// A least-recently-used cache written the plain way (the test's reference for `LRUCache`).
struct ReferenceLRU: ReferencePolicy {
    let capacity: Int
    private var order: [String] = []  // least recent first
    private var present: Set<String> = []

    init(capacity: Int) { self.capacity = capacity }

    /// Looks `key` up; on a miss inserts it. Returns whether it hit.
    mutating func access(_ key: String) -> Bool {
        if present.contains(key) {
            order.remove(at: order.firstIndex(of: key)!)
            order.append(key)
            return true
        }
        if present.count >= capacity { present.remove(order.removeFirst()) }
        order.append(key)
        present.insert(key)
        return false
    }
}

/// SIEVE (NSDI 2024) written the plain way: a FIFO list, visited bits, a hand moving from the tail
/// toward the head (the test's reference for `SIEVECache`).
struct ReferenceSIEVE: ReferencePolicy {
    let capacity: Int
    private var visited: [String: Bool] = [:]
    private var towardHead: [String: String] = [:]
    private var towardTail: [String: String] = [:]
    private var head: String?
    private var tail: String?
    private var hand: String?

    init(capacity: Int) { self.capacity = capacity }

    /// Looks `key` up; on a miss inserts it at the head, evicting first when full.
    mutating func access(_ key: String) -> Bool {
        if visited[key] != nil {
            visited[key] = true
            return true
        }
        if visited.count >= capacity { evict() }
        visited[key] = false
        towardTail[key] = head
        if let head { towardHead[head] = key } else { tail = key }
        head = key
        return false
    }

    private mutating func evict() {
        var object = hand ?? tail!
        while visited[object]! {
            visited[object] = false
            object = towardHead[object] ?? tail!
        }
        hand = towardHead[object]
        let before = towardHead[object]
        let after = towardTail[object]
        if let before { towardTail[before] = after } else { head = after }
        if let after { towardHead[after] = before } else { tail = before }
        visited[object] = nil
        towardHead[object] = nil
        towardTail[object] = nil
    }
}

/// Seeded random traces for the sweep tests.
enum SweepFixtures {
    /// `count` records over `devices` devices (one requestor each) and `resources` resources with
    /// a skewed popularity, and a logout about one time in `logoutEvery`, 1 ms apart.
    static func records(seed: UInt64, count: Int, devices: Int, resources: Int, logoutEvery: Int = 0) -> [TraceRecord] {
        var generator = SeededGenerator(seed: seed)
        var records: [TraceRecord] = []
        for index in 0..<count {
            let device = generator.below(devices)
            // Skewed: the product of two uniform draws favours low resource numbers.
            let resource = generator.below(resources) * generator.below(resources) / resources
            let draw = generator.below(100)
            let op: TraceOperation =
                logoutEvery > 0 && generator.below(logoutEvery) == 0
                ? .logout
                : draw < 60 ? .get : draw < 90 ? .check : .verify
            records.append(
                TraceRecord(
                    timeMillis: Int64(index),
                    op: op,
                    device: "dev\(device)",
                    requestor: "req-\(device % 3)",
                    resource: op == .logout ? "" : "res-\(resource)"
                )
            )
        }
        return records
    }

    /// The authorization-cache keys the engine would look up for `records`, computed directly:
    /// `get` and `check` look (device generation, requestor, resource) up; a logout starts a new
    /// generation of the device.
    static func referenceKeys(_ records: [TraceRecord]) -> [String] {
        var generation: [String: Int] = [:]
        var keys: [String] = []
        for record in records {
            switch record.op {
            case .get, .check:
                keys.append(
                    "\(record.device)#\(generation[record.device, default: 0])|\(record.requestor)|\(record.resource)"
                )
            case .logout:
                generation[record.device, default: 0] += 1
            case .verify:
                break
            }
        }
        return keys
    }
}
