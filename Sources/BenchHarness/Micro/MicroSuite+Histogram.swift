import HDRHistogram

extension MicroSuite {
    /// `histogram.record`: one `HDRHistogram.record` of a pseudo-random latency (1 ns to ~1 s, 3
    /// significant digits, range one hour), beside the same random values counted into a plain
    /// array (the floor: generating the value and one increment).
    package static func histogramCases(where wanted: (String) -> Bool) -> [MicroCase] {
        guard wanted("histogram.record") else { return [] }
        return [MicroCase(
            name: "histogram.record",
            makeSubject: {
                let box = HistogramBox()
                return { n in
                    var x: UInt64 = 0x9E37_79B9_7F4A_7C15
                    for _ in 0..<n {
                        x ^= x << 13; x ^= x >> 7; x ^= x << 17
                        box.histogram.record(x >> (34 + (x & 0x1F)))  // spread over ~30 octaves
                    }
                }
            },
            referenceLabel: "the same values, one array increment",
            makeReference: {
                let box = CounterBox()
                return { n in
                    var x: UInt64 = 0x9E37_79B9_7F4A_7C15
                    box.counts.withUnsafeMutableBufferPointer { counts in
                        for _ in 0..<n {
                            x ^= x << 13; x ^= x >> 7; x ^= x << 17
                            counts[Int(truncatingIfNeeded: (x >> (34 + (x & 0x1F))) & 0xFFFF)] &+= 1
                        }
                    }
                }
            })]
    }
}

/// One thread's histogram, kept across batches.
package final class HistogramBox: @unchecked Sendable {
    package var histogram = HDRHistogram()
}

/// One thread's plain counters, kept across batches.
package final class CounterBox: @unchecked Sendable {
    package var counts = [UInt64](repeating: 0, count: 65_536)
}
