/// An HDR histogram kept in HdrHistogram's V2 encoding (uncompressed; runs of empty slots are
/// run-length coded): a few KB for a one-second interval instead of the 270 KB of counts of the
/// default layout (1 ns...1 h, 3 digits: 33,792 slots of 8 bytes).
///
/// The harness keeps one set per second and per worker; unpacked, a run grew by 1.6 MB per second
/// with 2 workers (measured by `scripts/soak.sh`), which hid the engine's own memory and made
/// long runs memory-bound. Packing costs one pass over the counts, once per interval.
public struct PackedHistogram: Sendable {
    /// The V2 encoding (layout header, counts).
    public let bytes: [UInt8]

    /// Packs `histogram` (the overflow count is not kept: clamped values stay counted in the top slot).
    public init(_ histogram: HDRHistogram) {
        bytes = histogram.encodedV2()
    }

    /// The histogram, unpacked.
    public var histogram: HDRHistogram {
        (try? HDRHistogram(decodingV2: bytes)) ?? HDRHistogram()
    }
}
