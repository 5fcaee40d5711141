internal import CZlib

/// gzip input: trace files as people keep them (`.trace.gz`, libCacheSim's and the LIRS traces').
package enum Gzip {
    /// Whether `bytes` start with the gzip magic number (`1f 8b`).
    package static func isCompressed(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// The inflated bytes of a gzip file (every member of a multi-member file, in order), at most
    /// `limit` of them.
    ///
    /// - Throws: `BenchError.badInput` naming `source` for a corrupt or truncated stream, or one
    ///   that inflates beyond `limit` bytes.
    /// - Complexity: O(inflated bytes).
    package static func inflate(_ bytes: [UInt8], source: String, limit: Int) throws(BenchError) -> [UInt8] {
        var stream = z_stream()
        // 15 + 16: a gzip wrapper (not zlib's), the largest window.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .failure("\(source): zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: min(limit, max(1 << 16, bytes.count * 4)))
        var produced = 0
        let status = bytes.withUnsafeBufferPointer { input -> Int32 in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                if produced == output.count {
                    guard output.count < limit else { return Z_MEM_ERROR }
                    output.append(contentsOf: repeatElement(0, count: min(limit - output.count, output.count)))
                }
                let room = output.count - produced
                let status = output.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress! + produced
                    stream.avail_out = uInt(room)
                    defer { stream.next_out = nil }
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                produced += room - Int(stream.avail_out)
                switch status {
                case Z_OK: continue
                case Z_STREAM_END:
                    // Another member may follow (as `cat a.gz b.gz` makes).
                    guard stream.avail_in > 0 else { return Z_STREAM_END }
                    guard inflateReset(&stream) == Z_OK else { return Z_DATA_ERROR }
                case Z_BUF_ERROR where stream.avail_in == 0: return Z_BUF_ERROR
                case Z_BUF_ERROR: continue
                default: return status
                }
            }
        }
        switch status {
        case Z_STREAM_END:
            output.removeSubrange(produced...)
            return output
        case Z_MEM_ERROR:
            throw .badInput("\(source): inflates to more than \(limit) bytes; expected a smaller trace")
        case Z_BUF_ERROR:
            throw .badInput("\(source): the gzip stream is truncated; expected a complete gzip file")
        default:
            throw .badInput(
                "\(source): not a valid gzip stream (zlib code \(status)); expected a gzip file or plain text"
            )
        }
    }
}
