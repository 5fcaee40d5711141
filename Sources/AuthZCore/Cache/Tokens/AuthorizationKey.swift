/// The authorization cache's key: one authZ entry per (authN GUID, requestor, resource).
///
/// Hashed by Swift's per-process seeded `Hasher`.
public struct AuthorizationKey: Hashable, Sendable {
    /// The GUID of the authentication token the authorization was granted under.
    public var authNGUID: String
    /// The requestor (programmer/app).
    public var requestorID: String
    /// The protected resource.
    public var resourceID: String

    /// Creates a key.
    @inlinable
    public init(authNGUID: String, requestorID: String, resourceID: String) {
        self.authNGUID = authNGUID
        self.requestorID = requestorID
        self.resourceID = resourceID
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
