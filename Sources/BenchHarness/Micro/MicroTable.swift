import Foundation

/// Console formatting of `micro` rows and the ratio claims drawn from one run.
package enum MicroTable {
    /// The column header.
    package static let header =
        pad("row", 34) + lpad("ns/op", 11) + lpad("p99", 11) + lpad("ops/s", 14)
        + lpad("reference", 11) + lpad("ratio", 8) + "  " + "libcrypto allocs/op, reference"

    /// One formatted row.
    package static func row(_ r: MicroResult) -> String {
        var line =
            pad(r.name, 34) + lpad(fixed(r.nsPerOp), 11) + lpad(fixed(r.p99), 11)
            + lpad(String(format: "%.0f", r.opsPerSec), 14)
        line += lpad(r.reference.map(fixed) ?? "-", 11) + lpad(r.ratio.map(ratio) ?? "-", 8)
        if let heap = r.bytesPerEntry, let rss = r.rssBytesPerEntry {
            return line
                + String(
                    format: "  %.0f bytes/entry (malloc'd), %.0f bytes/entry (RSS) over %d entries",
                    heap,
                    rss,
                    r.iterationsPerBatch
                )
        }
        line += "  " + (r.libcryptoAllocsPerOp.map { String(format: "%.1f", $0) } ?? "-")
        if let label = r.referenceLabel { line += ", " + label }
        if let floor = r.floor {
            // The floor on a line of its own under the row, in the reference and ratio columns.
            line +=
                "\n" + pad("  floor", 34) + String(repeating: " ", count: 36) + lpad(fixed(floor), 11)
                + lpad(r.floorRatio.map(ratio) ?? "-", 8) + "  -" + (r.floorLabel.map { ", " + $0 } ?? "")
        }
        return line
    }

    private static func ratio(_ value: Double) -> String {
        value >= 0.1 ? String(format: "%.3f", value) : String(format: "%.2g", value)
    }

    /// Side-by-side ratios between rows of this run (thread scaling), printed after the table; and
    /// a note when the multi-thread rows could not be pinned to distinct CPUs.
    package static func claims(_ results: [MicroResult], allowedCPUs: Int = CPUAffinity.allowedCPUs().count) -> [String]
    {
        var lines: [String] = []
        if let most = results.map(\.threads).max(), most > 1, allowedCPUs < most {
            lines.append(
                "note     the process may run on \(allowedCPUs) CPU(s): rows with \(most) threads were not "
                    + "pinned to distinct CPUs, so their threads may have taken turns on one CPU"
            )
        }
        let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for result in results where result.name.hasSuffix(".t2") {
            let base = String(result.name.dropLast(3)) + ".t1"
            if let one = byName[base] {
                lines.append(
                    String(
                        format: "scaling  %@: %.2fx the 1-thread throughput",
                        result.name,
                        result.opsPerSec / one.opsPerSec
                    )
                )
            }
        }
        return lines
    }

    private static func fixed(_ value: Double) -> String {
        value >= 1000 ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }
    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }
    private static func lpad(_ s: String, _ width: Int) -> String {
        s.count >= width ? " " + s : String(repeating: " ", count: width - s.count) + s
    }
}
