/// What the authorization cache keeps about one authorization key: a verified authZ token (a
/// permit), or an upstream denial remembered for the engine's deny TTL.
///
/// A permit's expiry (also the cache entry's expiry, plus the skew: an expired authZ is never
/// served) and issuer are re-checked on every hit. A denial carries no issuer; its entry expires
/// at `expiresAt` exactly, without skew, so it is never served past its TTL.
public struct CachedAuthorization: Sendable {
    /// The authZ token's expiry (a denial's: the end of its TTL), epoch milliseconds.
    public var expiresAt: Int64
    /// The permit's issuer; nil for a denial. An optional `String` is as large as a `String`, so
    /// the denial costs no byte per entry (a separate `Bool` would add 8 to the stride).
    @usableFromInline var issuer: String?
    /// From this time (epoch milliseconds) a hit starts a background refresh; `Int64.max` never.
    public var refreshAt: Int64

    /// Creates a permit: an authZ token issued by `msoID`.
    @inlinable
    public init(expiresAt: Int64, msoID: String, refreshAt: Int64 = .max) {
        self.expiresAt = expiresAt
        self.issuer = msoID
        self.refreshAt = refreshAt
    }

    /// Creates a denial: the upstream said `NOT_AUTHORIZED`, remembered until `expiresAt`.
    @inlinable
    public init(deniedUntil expiresAt: Int64, refreshAt: Int64 = .max) {
        self.expiresAt = expiresAt
        self.issuer = nil
        self.refreshAt = refreshAt
    }

    /// The issuer (MVPD `msoID`) of a permit; empty for a denial.
    @inlinable
    public var msoID: String {
        get { issuer ?? "" }
        set { issuer = newValue }
    }

    /// Whether the entry is a remembered upstream denial rather than a permit.
    @inlinable
    public var isDenial: Bool { issuer == nil }
}
