/// What the verified-token cache keeps about an authentication token whose signature verified.
///
/// Only signature-dependent facts are cached, and they are read-only: a token's facts are fixed
/// once its signature verified (a changed token is another value, made by the engine). Expiry, issuer trust, revocation
/// and the requestor
/// are facts of the token re-checked against the clock and the current policy on every hit; the
/// device binding is re-checked unless the presented device ID equals `boundDeviceID`, the one
/// already proven to match this token's fingerprint.
///
/// **Layout.** Everything (names, expiry, fingerprint, the binding memo, and what the hot path
/// derives from them once: the issuer's trust reference and the start of every authorization key
/// of the token, packed and partly hashed) lives in one immutable object (`Facts`: the `Fixed`
/// facts and the memo) that every copy shares; the value itself is that one reference. A hit copies
/// the value out of the cache (several times, inside a strategy's generic code): each copy is one
/// word and one retain, where the facts' reference beside an inline memo was about 80 bytes, copied
/// through outlined value witnesses (callgrind). Setting the memo makes a new object with the new
/// memo (the engine does so only when a device ID is first proven to match, and re-inserts the
/// value), so a value read from the cache never changes under its reader.
public struct VerifiedAuthN: Sendable {
    /// What a verified token fixes, and what the hot path derives from it once.
    @usableFromInline
    struct Fixed: Sendable {
        @usableFromInline let guid: AuthNGUID
        @usableFromInline let requestorID: String
        @usableFromInline let msoID: String
        @usableFromInline let expiresAt: Int64
        @usableFromInline let fingerprint: Fingerprint?
        /// `requestorID` and `msoID` as the verifying engine's allowed lists number them (0: none).
        @usableFromInline let trustReference: UInt64
        /// `guid` and `requestorID` as the start of every authorization key of this token.
        @usableFromInline let keyPrefix: AuthorizationKey.Prefix

        @usableFromInline
        init(
            guid: AuthNGUID,
            requestorID: String,
            msoID: String,
            expiresAt: Int64,
            fingerprint: Fingerprint?,
            trustReference: UInt64
        ) {
            self.guid = guid
            self.requestorID = requestorID
            self.msoID = msoID
            self.expiresAt = expiresAt
            self.fingerprint = fingerprint
            self.trustReference = trustReference
            self.keyPrefix = AuthorizationKey.Prefix(authNGUID: guid, requestorID: requestorID)
        }
    }

    /// The facts a verified token fixes and the binding memo, shared by every copy of a value.
    @usableFromInline
    final class Facts: Sendable {
        @usableFromInline let fixed: Fixed
        /// The device ID last proven to match `fixed.fingerprint` (binding memo), if any.
        @usableFromInline let boundDeviceID: DeviceID?

        @usableFromInline
        init(_ fixed: Fixed, boundDeviceID: DeviceID?) {
            self.fixed = fixed
            self.boundDeviceID = boundDeviceID
        }

        /// The authorization key of this token's GUID and requestor and `resourceID`: from the
        /// prefix (inline form), else the digest form of the three.
        @inlinable
        func authorizationKey(resourceID: borrowing String) -> AuthorizationKey {
            AuthorizationKey(fixed.keyPrefix, resourceID: resourceID)
                ?? AuthorizationKey(digestOf: fixed.guid, requestorID: fixed.requestorID, resourceID: resourceID)
        }
    }

    /// Everything, shared by every copy (immutable: setting the memo replaces it).
    @usableFromInline var facts: Facts

    /// The device ID last proven to match `fingerprint` (binding memo), if any. Setting it makes
    /// this value's own facts object with the new memo; other copies keep theirs.
    @inlinable
    public var boundDeviceID: DeviceID? {
        get { facts.boundDeviceID }
        set { facts = Facts(facts.fixed, boundDeviceID: newValue) }
    }

    /// The token's `simpleTokenAuthenticationGuid`, with its hash.
    @inlinable public var guid: AuthNGUID { facts.fixed.guid }
    /// The requestor the token was issued for.
    @inlinable public var requestorID: String { facts.fixed.requestorID }
    /// The issuer (MVPD `msoID`).
    @inlinable public var msoID: String { facts.fixed.msoID }
    /// Expiry, epoch milliseconds.
    @inlinable public var expiresAt: Int64 { facts.fixed.expiresAt }
    /// The device binding fingerprint carried by the token.
    @inlinable public var fingerprint: Fingerprint? { facts.fixed.fingerprint }
    /// `requestorID` and `msoID` as the verifying engine's allowed lists number them, resolved once
    /// when the token is verified (0: none). Trust is still tested on every hit, with this reference.
    @inlinable
    var trustReference: UInt64 { facts.fixed.trustReference }

    /// Creates a cache value.
    public init(
        guid: AuthNGUID,
        requestorID: String,
        msoID: String,
        expiresAt: Int64,
        fingerprint: Fingerprint?,
        boundDeviceID: DeviceID? = nil
    ) {
        self.init(
            guid: guid,
            requestorID: requestorID,
            msoID: msoID,
            expiresAt: expiresAt,
            fingerprint: fingerprint,
            trustReference: 0,
            boundDeviceID: boundDeviceID
        )
    }

    /// Creates a cache value whose requestor and issuer resolve to `trustReference` in the
    /// verifying engine's allowed lists.
    @usableFromInline
    init(
        guid: AuthNGUID,
        requestorID: String,
        msoID: String,
        expiresAt: Int64,
        fingerprint: Fingerprint?,
        trustReference: UInt64,
        boundDeviceID: DeviceID? = nil
    ) {
        self.facts = Facts(
            Fixed(
                guid: guid,
                requestorID: requestorID,
                msoID: msoID,
                expiresAt: expiresAt,
                fingerprint: fingerprint,
                trustReference: trustReference
            ),
            boundDeviceID: boundDeviceID
        )
    }

    /// The authorization key of this token's GUID and requestor and `resourceID` (the GUID and
    /// requestor packed and partly hashed when the value was made: only the resource is added).
    @inlinable
    func authorizationKey(resourceID: borrowing String) -> AuthorizationKey {
        facts.authorizationKey(resourceID: resourceID)
    }
}
