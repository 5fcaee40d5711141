import COpenSSL

/// A failure reported by the crypto layer, with OpenSSL's own error text when libcrypto gave one.
public struct CryptoError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What the crypto layer was doing and what went wrong.
    public let message: String
    /// The drained OpenSSL error queue (`ERR_error_string_n`, joined by "; "), empty when none.
    public let openSSLErrors: String

    /// Creates an error and drains the calling thread's OpenSSL error queue into it.
    public init(_ message: String) {
        self.message = message
        self.openSSLErrors = CryptoError.drainOpenSSLErrors()
    }

    /// The message followed by OpenSSL's error string, if any.
    public var description: String {
        openSSLErrors.isEmpty ? message : "\(message) (OpenSSL: \(openSSLErrors))"
    }

    /// Empties the calling thread's OpenSSL error queue, returning its entries joined by "; ".
    static func drainOpenSSLErrors() -> String {
        var parts: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            let text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer -> String in
                ERR_error_string_n(code, buffer.baseAddress, buffer.count)
                return String(cString: buffer.baseAddress!)
            }
            parts.append(text)
        }
        return parts.joined(separator: "; ")
    }
}
