import CMalloc
import Foundation

/// The process's memory figures: resident set (`/proc/self/status`) and malloc's own counters.
package enum ProcessMemory {
    /// Current resident set size (`VmRSS`), bytes; 0 when unknown.
    package static var residentBytes: Int { field("VmRSS:") }
    /// Peak resident set size (`VmHWM`), bytes; 0 when unknown.
    package static var peakResidentBytes: Int { field("VmHWM:") }

    /// Gives free heap memory back to the system (`malloc_trim`), so that a resident-set delta
    /// measured next is not hidden by memory freed earlier and reused.
    package static func trim() {
        _ = malloc_trim(0)
    }

    /// Bytes malloc has handed out and not taken back (`mallinfo2`: in-use arena bytes + mmapped).
    package static func heapBytesInUse() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }

    /// Whether malloc's counters see this process's allocations: false when another allocator
    /// serves them (a sanitizer's, or one preloaded), whose memory `mallinfo2` does not count.
    package static let heapCountersAreLive: Bool = {
        let size = 4 << 20
        let before = heapBytesInUse()
        guard let block = malloc(size) else { return false }
        defer { free(block) }
        return heapBytesInUse() - before >= size
    }()

    private static func field(_ name: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            let number =
                line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
                ?? 0
            return number * 1_024
        }
        return 0
    }
}
