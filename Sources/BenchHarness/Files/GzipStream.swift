internal import CZlib

/// A gzip stream inflated piece by piece, so that a compressed input is read in bounded memory
/// whatever it inflates to (a 400 KB file of 200 MiB of text is never held whole).
///
/// Every member of a multi-member file (`cat a.gz b.gz`) is inflated, in order. The `z_stream`
/// lives in its own allocation: zlib keeps a pointer to it, so it must never move.
package final class GzipStream {
    private let stream: UnsafeMutablePointer<z_stream>
    private let source: String
    private var ended = false
    private var output = [UInt8](repeating: 0, count: 1 << 16)

    /// A stream for the file `source` names in errors.
    ///
    /// - Throws: `BenchError.failure` when zlib cannot start.
    package init(source: String) throws(BenchError) {
        self.source = source
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 15 + 16: a gzip wrapper (not zlib's), the largest window.
        guard inflateInit2_(stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw .failure("\(source): zlib could not start inflating")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Inflates `input`, handing each inflated piece to `body` in order.
    ///
    /// - Throws: `BenchError.badInput` naming the file for a corrupt stream; what `body` throws.
    package func inflate(
        _ input: ArraySlice<UInt8>,
        _ body: (ArraySlice<UInt8>) throws(BenchError) -> Void
    ) throws(BenchError) {
        var rest = input
        while !rest.isEmpty {
            if ended {
                // Another member follows (as `cat a.gz b.gz` makes).
                guard inflateReset(stream) == Z_OK else { throw corrupt(Z_DATA_ERROR) }
                ended = false
            }
            let (consumed, produced, status) = rest.withUnsafeBufferPointer { bytes in
                output.withUnsafeMutableBufferPointer { out -> (Int, Int, Int32) in
                    stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
                    stream.pointee.avail_in = uInt(bytes.count)
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(out.count)
                    let status = CZlib.inflate(stream, Z_NO_FLUSH)
                    defer {
                        stream.pointee.next_in = nil
                        stream.pointee.next_out = nil
                    }
                    return (
                        bytes.count - Int(stream.pointee.avail_in), out.count - Int(stream.pointee.avail_out), status
                    )
                }
            }
            rest = rest.dropFirst(consumed)
            if produced > 0 { try body(output[..<produced]) }
            switch status {
            case Z_STREAM_END: ended = true
            case Z_OK: continue
            case Z_BUF_ERROR where consumed == 0 && produced == 0: throw corrupt(status)
            case Z_BUF_ERROR: continue
            default: throw corrupt(status)
            }
        }
    }

    /// Checks that the stream ended where the file did.
    ///
    /// - Throws: `BenchError.badInput` naming the file when the last member is truncated.
    package func finish() throws(BenchError) {
        guard ended else {
            throw .badInput("\(source): the gzip stream is truncated; expected a complete gzip file")
        }
    }

    private func corrupt(_ status: Int32) -> BenchError {
        .badInput("\(source): not a valid gzip stream (zlib code \(status)); expected a gzip file or plain text")
    }
}
