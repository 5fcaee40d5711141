#if os(Linux)
import CSched
import Glibc
#endif

/// Pins the calling thread to one CPU of the process's allowed set (Linux `sched_setaffinity`).
///
/// The 2-thread rows of `micro` pin worker `i` to the `i`th allowed CPU, so that they measure two
/// threads running at once; `ab`'s children pin their load workers the same way, so that both
/// sides place their threads alike. Left to the scheduler, both new workers were sometimes placed
/// on one CPU and took turns: a one-lock cache then ran at its 1-thread rate with no contention at
/// all (`cache.hit.mutex.t2` 0.99x its `.t1` in one full run; 0.96x under `taskset -c 0`).
package enum CPUAffinity {
    /// The CPUs the process may run on, in increasing order (empty when unknown).
    package static func allowedCPUs() -> [Int] {
        #if os(Linux)
        var set = cpu_set_t()
        guard sched_getaffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0 else { return [] }
        return withUnsafeBytes(of: &set) { raw in
            (0..<(raw.count * 8)).filter { raw[$0 / 8] & (1 << UInt8($0 % 8)) != 0 }
        }
        #else
        return []
        #endif
    }

    /// Pins the calling thread to the `index`th CPU of `allowed`; false when there is no such CPU
    /// or the call failed (the thread then stays where the scheduler puts it).
    @discardableResult
    package static func pinCurrentThread(toAllowed index: Int, of allowed: [Int]) -> Bool {
        #if os(Linux)
        guard index >= 0, index < allowed.count else { return false }
        var set = cpu_set_t()
        let cpu = allowed[index]
        withUnsafeMutableBytes(of: &set) { raw in
            guard cpu / 8 < raw.count else { return }
            raw[cpu / 8] |= 1 << UInt8(cpu % 8)
        }
        return sched_setaffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0
        #else
        return false
        #endif
    }

    /// Runs `body` with the calling thread pinned to the CPU `allowed[index % allowed.count]`,
    /// then lets the thread run on every CPU of `allowed` again: a thread of a pool (Dispatch's)
    /// must not keep the pin for the next work it runs. With `allowed` empty, `body` runs unpinned.
    package static func whilePinned<T>(to index: Int, of allowed: [Int], _ body: () throws -> T) rethrows -> T {
        guard !allowed.isEmpty, pinCurrentThread(toAllowed: index % allowed.count, of: allowed) else {
            return try body()
        }
        defer { setCurrentThread(allowed) }
        return try body()
    }

    /// Lets the calling thread run on the CPUs of `cpus`.
    private static func setCurrentThread(_ cpus: [Int]) {
        #if os(Linux)
        var set = cpu_set_t()
        withUnsafeMutableBytes(of: &set) { raw in
            for cpu in cpus where cpu / 8 < raw.count { raw[cpu / 8] |= 1 << UInt8(cpu % 8) }
        }
        _ = sched_setaffinity(0, MemoryLayout<cpu_set_t>.size, &set)
        #endif
    }
}
