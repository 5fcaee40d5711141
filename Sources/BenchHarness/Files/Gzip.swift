/// gzip input: trace files as people keep them (`.trace.gz`, libCacheSim's and the LIRS traces').
package enum Gzip {
    /// Whether `bytes` start with the gzip magic number (`1f 8b`).
    package static func isCompressed(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        return iterator.next() == 0x1F && iterator.next() == 0x8B
    }

    /// The inflated bytes of a gzip file (every member of a multi-member file, in order), at most
    /// `limit` of them (`GzipStream` inflates a piece at a time: nothing beyond `limit` is held).
    ///
    /// - Throws: `BenchError.badInput` naming `source` for a corrupt or truncated stream, or one
    ///   that inflates beyond `limit` bytes.
    /// - Complexity: O(inflated bytes).
    package static func inflate(_ bytes: [UInt8], source: String, limit: Int) throws(BenchError) -> [UInt8] {
        let stream = try GzipStream(source: source)
        var output: [UInt8] = []
        try stream.inflate(bytes[...]) { (piece: ArraySlice<UInt8>) throws(BenchError) in
            guard output.count + piece.count <= limit else {
                throw .badInput("\(source): inflates to more than \(limit) bytes; expected a smaller trace")
            }
            output += piece
        }
        try stream.finish()
        return output
    }
}
