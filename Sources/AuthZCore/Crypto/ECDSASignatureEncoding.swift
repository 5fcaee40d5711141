/// ECDSA P-256 signature encodings: DER `SEQUENCE { INTEGER r, INTEGER s }` and raw r||s (IEEE P1363).
///
/// Disambiguation on verify: a signature of exactly 64 bytes is raw r||s unless those 64 bytes also
/// parse as one complete DER SEQUENCE of two INTEGERs, in which case it is DER. Any other length is
/// DER (a 64-byte raw encoding never needs more than a 1-in-65536 coincidence to look like DER, and
/// such a coincidence still only verifies if it is a valid DER signature).
package enum ECDSASignatureEncoding {
    /// Length of a raw P-256 r||s signature.
    package static let rawLength = 64
    /// Longest DER encoding of a P-256 signature: 2 + 2 x (2 + 1 + 32).
    package static let maxDERLength = 72

    /// True when `signature` is exactly one DER SEQUENCE holding two INTEGERs (short-form lengths).
    package static func isCompleteDERSequence(_ signature: UnsafeRawBufferPointer) -> Bool {
        let count = signature.count
        guard count >= 8, count - 2 < 0x80, signature[0] == 0x30, Int(signature[1]) == count - 2,
            signature[2] == 0x02
        else { return false }
        let rLength = Int(signature[3])
        let sTag = 4 + rLength
        guard rLength < 0x80, sTag + 2 <= count, signature[sTag] == 0x02 else { return false }
        let sLength = Int(signature[sTag + 1])
        return sLength < 0x80 && sTag + 2 + sLength == count
    }

    /// Writes the DER encoding of the 64-byte raw r||s into `out` (at least 72 bytes); returns its length.
    package static func der(fromRaw raw: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) -> Int {
        precondition(raw.count == rawLength && out.count >= maxDERLength)
        var index = 2
        for half in 0..<2 {
            var start = half * 32
            let end = start + 32
            while start < end - 1 && raw[start] == 0 { start += 1 }
            let pad = raw[start] & 0x80 != 0 ? 1 : 0
            out[index] = 0x02
            out[index + 1] = UInt8(end - start + pad)
            index += 2
            if pad == 1 {
                out[index] = 0
                index += 1
            }
            for position in start..<end {
                out[index] = raw[position]
                index += 1
            }
        }
        out[0] = 0x30
        out[1] = UInt8(index - 2)
        return index
    }
}
