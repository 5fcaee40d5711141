// zlib for HdrHistogram's compressed V2 encoding. The only C in the harness lives here.

internal import CZlib

/// zlib deflate/inflate for the compressed V2 histogram form; every zlib return code is checked.
public enum HDRZlib {
    /// zlib-format (RFC 1950) deflate of `bytes` at best compression, as HdrHistogram's Java writer.
    public static func deflate(_ bytes: [UInt8]) throws(HDRCodecError) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &capacity, input.baseAddress, uLong(input.count), Z_BEST_COMPRESSION)
            }
        }
        guard status == Z_OK else { throw HDRCodecError(.zlib, "zlib compress2 failed (code \(status))") }
        output.removeSubrange(Int(capacity)...)
        return output
    }

    /// Inflates a compressed V2 payload: the 40-byte header first (validated, giving the exact
    /// payload size), then exactly that many bytes; a stream that is short, long or corrupt throws.
    public static func inflateV2Payload(_ compressed: [UInt8]) throws(HDRCodecError) -> [UInt8] {
        var stream = z_stream()
        let initStatus = inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else { throw HDRCodecError(.zlib, "zlib inflateInit failed (code \(initStatus))") }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: HDRHistogram.v2HeaderSize)
        return try compressed.withUnsafeBufferPointer { (input) throws(HDRCodecError) -> [UInt8] in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            var status = try inflateInto(&output, from: 0, stream: &stream)
            guard stream.avail_out == 0 else {
                throw HDRCodecError(.truncated, "compressed V2 payload inflates to fewer bytes than the header")
            }
            let header = try HDRHistogram.decodeHeader(output)
            output.append(contentsOf: repeatElement(0, count: header.payloadLength))
            if header.payloadLength > 0 {
                guard status != Z_STREAM_END else {
                    throw HDRCodecError(
                        .truncated,
                        "compressed V2 payload ends before its \(header.payloadLength) count bytes"
                    )
                }
                status = try inflateInto(&output, from: HDRHistogram.v2HeaderSize, stream: &stream)
                guard stream.avail_out == 0 else {
                    throw HDRCodecError(
                        .truncated,
                        "compressed V2 payload ends before its \(header.payloadLength) count bytes"
                    )
                }
            }
            if status != Z_STREAM_END {
                // The payload is complete; the stream must end here with no further output.
                var probe: [UInt8] = [0]
                status = probe.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = 1
                    defer { stream.next_out = nil }
                    return CZlib.inflate(&stream, Z_FINISH)
                }
                guard status == Z_STREAM_END, stream.avail_out == 1 else {
                    throw HDRCodecError(.badLength, "compressed V2 payload holds more bytes than its header announces")
                }
            }
            return output
        }
    }

    /// Inflates into `output[start...]`; returns Z_OK (output full) or Z_STREAM_END, throws otherwise.
    private static func inflateInto(
        _ output: inout [UInt8],
        from start: Int,
        stream: inout z_stream
    ) throws(HDRCodecError) -> Int32 {
        let status = output.withUnsafeMutableBufferPointer { out -> Int32 in
            stream.next_out = out.baseAddress! + start
            stream.avail_out = uInt(out.count - start)
            var status = Z_OK
            while stream.avail_out > 0 {
                status = CZlib.inflate(&stream, Z_NO_FLUSH)
                if status != Z_OK { break }
            }
            stream.next_out = nil
            return status
        }
        switch status {
        case Z_OK, Z_STREAM_END: return status
        case Z_BUF_ERROR: throw HDRCodecError(.truncated, "compressed V2 stream is truncated")
        default: throw HDRCodecError(.zlib, "zlib inflate failed (code \(status)): corrupt compressed histogram")
        }
    }
}
