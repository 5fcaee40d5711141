import Foundation

/// The process's memory figures from `/proc/self/status` (Linux).
enum ProcessMemory {
    /// Current resident set size (`VmRSS`), bytes; 0 when unknown.
    static var residentBytes: Int { field("VmRSS:") }
    /// Peak resident set size (`VmHWM`), bytes; 0 when unknown.
    static var peakResidentBytes: Int { field("VmHWM:") }

    private static func field(_ name: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            let number = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) } ?? 0
            return number * 1_024
        }
        return 0
    }
}
