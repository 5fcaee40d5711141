/// The authorization cache's key: one authZ entry per (authN GUID, requestor, resource).
///
/// Hashed by Swift's per-process seeded `Hasher`, once, when the key is made: the engine makes one
/// key per request and every later use (shard choice, slot, sketch) feeds that value.
public struct AuthorizationKey: PrecomputedHashKey {
    /// The GUID of the authentication token the authorization was granted under.
    public let authNGUID: String
    /// The requestor (programmer/app).
    public let requestorID: String
    /// The protected resource.
    public let resourceID: String
    @usableFromInline let hash: Int

    /// Creates a key (hashes its three parts once).
    @inlinable
    public init(authNGUID: String, requestorID: String, resourceID: String) {
        self.init(authNGUID: AuthNGUID(authNGUID), requestorID: requestorID, resourceID: resourceID)
    }

    /// Creates a key from a GUID whose hash is already known (hashes the other two parts).
    @inlinable
    public init(authNGUID: AuthNGUID, requestorID: String, resourceID: String) {
        self.authNGUID = authNGUID.value
        self.requestorID = requestorID
        self.resourceID = resourceID
        var hasher = Hasher()
        hasher.combine(authNGUID.hash)
        hasher.combine(requestorID)
        hasher.combine(resourceID)
        self.hash = hasher.finalize()
    }

    /// The seeded hash computed when the key was made.
    @inlinable
    public var precomputedHash: Int { hash }

    /// Feeds the precomputed seeded hash.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// Equal hashes, then the same bytes in each part (``UTF8Equality``).
    @inlinable
    public static func == (lhs: AuthorizationKey, rhs: AuthorizationKey) -> Bool {
        lhs.hash == rhs.hash && UTF8Equality.equal(lhs.authNGUID, rhs.authNGUID)
            && UTF8Equality.equal(lhs.requestorID, rhs.requestorID) && UTF8Equality.equal(lhs.resourceID, rhs.resourceID)
    }
}

/// What the authorization cache keeps about a verified authZ token.
///
/// Expiry (also the cache entry's expiry: an expired authZ is never served) and issuer are
/// re-checked on every hit.
public struct CachedAuthorization: Sendable {
    /// The authZ token's expiry, epoch milliseconds.
    public var expiresAt: Int64
    /// The issuer (MVPD `msoID`).
    public var msoID: String

    /// Creates a cache value.
    @inlinable
    public init(expiresAt: Int64, msoID: String) {
        self.expiresAt = expiresAt
        self.msoID = msoID
    }
}
