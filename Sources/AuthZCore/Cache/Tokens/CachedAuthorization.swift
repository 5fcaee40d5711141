/// What the authorization cache keeps about one authorization key: a verified authZ token (a
/// permit), or an upstream denial remembered for the engine's deny TTL.
///
/// A permit's expiry (also the cache entry's expiry, plus the skew: an expired authZ is never
/// served) and issuer are re-checked on every hit. A denial has no issuer (an empty `msoID`: the
/// token format requires one, and the engine never caches a permit without one); its entry
/// expires at `expiresAt` exactly, without skew, so it is never served past its TTL.
///
/// The denial is told by its empty issuer rather than by a flag or an optional issuer: either
/// changes the value's layout, and a cache hit copying it measurably paid for that (callgrind).
public struct CachedAuthorization: Sendable {
    /// The authZ token's expiry (a denial's: the end of its TTL), epoch milliseconds.
    public var expiresAt: Int64
    /// The issuer (MVPD `msoID`) of a permit; empty for a denial.
    public var msoID: String
    /// From this time (epoch milliseconds) a hit starts a background refresh; `Int64.max` never.
    public var refreshAt: Int64

    /// Creates a permit: an authZ token issued by `msoID` (not empty).
    @inlinable
    public init(expiresAt: Int64, msoID: String, refreshAt: Int64 = .max) {
        self.expiresAt = expiresAt
        self.msoID = msoID
        self.refreshAt = refreshAt
    }

    /// Creates a denial: the upstream said `NOT_AUTHORIZED`, remembered until `expiresAt`.
    @inlinable
    public init(deniedUntil expiresAt: Int64, refreshAt: Int64 = .max) {
        self.init(expiresAt: expiresAt, msoID: "", refreshAt: refreshAt)
    }

    /// Whether the entry is a remembered upstream denial (`NOT_AUTHORIZED`) rather than a permit.
    @inlinable
    public var isDenial: Bool { msoID.isEmpty }
}
