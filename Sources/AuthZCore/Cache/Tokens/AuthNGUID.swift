/// An authentication token's GUID with its seeded hash, computed once when the token is verified.
///
/// The revocation list and the authorization cache key both start from it on every request, so
/// the 36-byte GUID is hashed once per verified token instead of twice per request.
public struct AuthNGUID: PrecomputedHashKey, CustomStringConvertible {
    /// The GUID text.
    public let value: String
    /// `KeyHasher` over the GUID's UTF-8 bytes, computed when the GUID was wrapped.
    public let precomputedHash: Int

    /// Wraps `value` and hashes its UTF-8 bytes (SipHash-1-3 under the process's random key).
    @inlinable
    public init(_ value: String) {
        self.value = value
        self.precomputedHash = KeyHasher.hash(utf8: value)
    }

    /// Equal hashes, then the same bytes (`UTF8Equality`).
    @inlinable
    public static func == (lhs: AuthNGUID, rhs: AuthNGUID) -> Bool {
        lhs.precomputedHash == rhs.precomputedHash && UTF8Equality.equal(lhs.value, rhs.value)
    }

    /// The GUID text.
    public var description: String { value }
}
