import AuthZCore

/// A device's token storage, with the SDK's rules (the SDK's storage rules: several requestor x MVPD buckets, logout
/// clears all).
///
/// - Several requestor x MVPD buckets coexist (single sign-on across apps of different programmers),
///   each holding at most one authentication token.
/// - Exactly one authorization token per resource in a bucket: a newly issued one replaces it.
/// - `logout()` clears every bucket of the device; `cancelAuthentication(requestorID:)` clears only
///   that requestor's MVPD selection.
/// - `clean(currentDeviceID:)` drops every token obtained under another device ID (the device ID
///   algorithm changed), so such a token can never be presented again.
/// - Short media tokens are never stored (`store` refuses them).
///
/// A value type: each simulated device owns its store, used from one thread at a time.
public struct DeviceTokenStore: Sendable {
    /// A requestor x MVPD bucket.
    public struct Bucket: Hashable, Sendable {
        /// The requestor (programmer/app).
        public var requestorID: String
        /// The identity provider.
        public var mvpdID: String

        /// Creates a bucket key.
        public init(requestorID: String, mvpdID: String) {
            self.requestorID = requestorID
            self.mvpdID = mvpdID
        }
    }

    /// A stored token with the device ID it was obtained under.
    public struct StoredToken: Sendable, Equatable {
        /// The token, as issued.
        public var bytes: [UInt8]
        /// The device ID in force when the token was obtained (its binding).
        public var deviceID: DeviceID
        /// The token's expiry, epoch milliseconds.
        public var expiresAt: Int64
    }

    /// What `store` did with a token.
    public enum StoreOutcome: Sendable, Equatable {
        /// Stored in a new slot.
        case stored
        /// Stored, replacing the previous token of the same slot.
        case replaced
        /// Not stored: short media tokens are never stored.
        case refusedMediaToken
    }

    private var authN: [Bucket: StoredToken] = [:]
    private var authZ: [Bucket: [String: StoredToken]] = [:]
    private var selectedMVPD: [String: String] = [:]

    /// An empty store.
    public init() {}

    /// Stores a parsed token (`bytes` are its wire form) obtained under `deviceID`.
    ///
    /// An authentication token goes into its requestor x MVPD bucket and becomes the requestor's
    /// selected MVPD; an authorization token replaces the bucket's token for the same resource.
    ///
    /// - Complexity: O(1).
    @discardableResult
    public mutating func store(_ body: TokenBody, bytes: [UInt8], deviceID: DeviceID) -> StoreOutcome {
        switch body {
        case .authn(let token):
            let bucket = Bucket(requestorID: token.requestorID, mvpdID: token.msoID)
            let stored = StoredToken(bytes: bytes, deviceID: deviceID, expiresAt: token.expires.epochMillis)
            let previous = authN.updateValue(stored, forKey: bucket)
            selectedMVPD[token.requestorID] = token.msoID
            return previous == nil ? .stored : .replaced
        case .authz(let token):
            let bucket = Bucket(requestorID: token.requestorID, mvpdID: token.msoID)
            let stored = StoredToken(bytes: bytes, deviceID: deviceID, expiresAt: token.expires.epochMillis)
            let previous = authZ[bucket, default: [:]].updateValue(stored, forKey: token.resourceID)
            return previous == nil ? .stored : .replaced
        case .media:
            return .refusedMediaToken
        }
    }

    /// The MVPD currently selected for `requestorID`, if any.
    public func selectedMVPD(requestorID: String) -> String? {
        selectedMVPD[requestorID]
    }

    /// The authentication token of `requestorID`'s selected MVPD, if any.
    ///
    /// - Complexity: O(1).
    public func authNToken(requestorID: String) -> StoredToken? {
        guard let mvpd = selectedMVPD[requestorID] else { return nil }
        return authN[Bucket(requestorID: requestorID, mvpdID: mvpd)]
    }

    /// The authentication token of a given bucket, whether selected or not.
    public func authNToken(in bucket: Bucket) -> StoredToken? {
        authN[bucket]
    }

    /// The authorization token for `resourceID` under `requestorID`'s selected MVPD, if any.
    ///
    /// - Complexity: O(1).
    public func authZToken(requestorID: String, resourceID: String) -> StoredToken? {
        guard let mvpd = selectedMVPD[requestorID] else { return nil }
        return authZ[Bucket(requestorID: requestorID, mvpdID: mvpd)]?[resourceID]
    }

    /// Every stored authentication token (all buckets): what a logout sends to the server to revoke.
    public var allAuthNTokens: [StoredToken] {
        Array(authN.values)
    }

    /// The buckets holding an authentication token.
    public var buckets: Set<Bucket> {
        Set(authN.keys)
    }

    /// How many tokens are stored, of both kinds.
    public var count: Int {
        authN.count + authZ.values.reduce(0) { $0 + $1.count }
    }

    /// Logout: clears the whole storage of the device, every bucket and every selection.
    public mutating func logout() {
        authN.removeAll()
        authZ.removeAll()
        selectedMVPD.removeAll()
    }

    /// Cancelling an authentication (`setSelectedProvider(nil)`): clears only `requestorID`'s MVPD
    /// selection; every token stays stored.
    public mutating func cancelAuthentication(requestorID: String) {
        selectedMVPD.removeValue(forKey: requestorID)
    }

    /// The token cleaner: removes every token obtained under a device ID other than
    /// `currentDeviceID`; selections left without a token are cleared too.
    ///
    /// - Returns: how many tokens were removed.
    /// - Complexity: O(stored tokens).
    @discardableResult
    public mutating func clean(currentDeviceID: DeviceID) -> Int {
        let before = count
        authN = authN.filter { $0.value.deviceID == currentDeviceID }
        authZ = authZ.compactMapValues { resources in
            let kept = resources.filter { $0.value.deviceID == currentDeviceID }
            return kept.isEmpty ? nil : kept
        }
        selectedMVPD = selectedMVPD.filter { requestor, mvpd in
            authN[Bucket(requestorID: requestor, mvpdID: mvpd)] != nil
        }
        return before - count
    }
}
