/// An authentication token's GUID with its seeded hash, computed once when the token is verified.
///
/// The revocation list and the authorization cache key both start from it on every request, so
/// the 36-byte GUID is hashed once per verified token instead of twice per request.
public struct AuthNGUID: PrecomputedHashKey, CustomStringConvertible {
    /// The GUID text.
    public let value: String
    @usableFromInline let hash: Int

    /// Wraps `value` and hashes it (Swift's per-process seeded `Hasher`).
    @inlinable
    public init(_ value: String) {
        self.value = value
        var hasher = Hasher()
        hasher.combine(value)
        self.hash = hasher.finalize()
    }

    /// The seeded hash computed when the GUID was wrapped.
    @inlinable
    public var precomputedHash: Int { hash }

    /// Feeds the precomputed hash.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// Equal hashes, then the same bytes (``UTF8Equality``).
    @inlinable
    public static func == (lhs: AuthNGUID, rhs: AuthNGUID) -> Bool {
        lhs.hash == rhs.hash && UTF8Equality.equal(lhs.value, rhs.value)
    }

    /// The GUID text.
    public var description: String { value }
}
