import HDRHistogram

extension MicroSuite {
    /// `histogram.record`: one `HDRHistogram.record` of a pseudo-random latency (1 ns to ~1 s, 3
    /// significant digits, range one hour), beside the same random values counted into a plain
    /// array (the floor: generating the value and one increment).
    package static func histogramCase() -> MicroCase {
        MicroCase(
            name: "histogram.record",
            makeSubject: {
                let box = ThreadBox(HDRHistogram())
                return { n in
                    var x: UInt64 = 0x9E37_79B9_7F4A_7C15
                    for _ in 0..<n {
                        x ^= x << 13
                        x ^= x >> 7
                        x ^= x << 17
                        box.value.record(x >> (34 + (x & 0x1F)))  // spread over ~30 octaves
                    }
                }
            },
            referenceLabel: "the same values, one array increment",
            makeReference: {
                let box = ThreadBox([UInt64](repeating: 0, count: 65_536))
                return { n in
                    var x: UInt64 = 0x9E37_79B9_7F4A_7C15
                    box.value.withUnsafeMutableBufferPointer { counts in
                        for _ in 0..<n {
                            x ^= x << 13
                            x ^= x >> 7
                            x ^= x << 17
                            counts[Int(truncatingIfNeeded: (x >> (34 + (x & 0x1F))) & 0xFFFF)] &+= 1
                        }
                    }
                }
            }
        )
    }
}
