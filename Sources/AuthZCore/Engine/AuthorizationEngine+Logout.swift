extension AuthorizationEngine {
    /// Logs a device out: revokes each of its authentication tokens (every requestor x MVPD bucket)
    /// until it would have expired, and drops it from the verified-token cache.
    ///
    /// The device's authorization-cache entries are keyed by these tokens' GUIDs; step 2 rejects a
    /// revoked GUID before step 4 is reached, so they can never be served again, without scanning
    /// the cache (they age out or are evicted). Only tokens whose signature verifies can revoke.
    ///
    /// - Returns: how many tokens were revoked.
    /// - Complexity: O(tokens) (a signature verification for each token not in the cache).
    @discardableResult
    public func logout(authNTokens: [[UInt8]], now: Int64) -> Int {
        var revokedCount = 0
        var observer = NoStageObserver()
        for token in authNTokens {
            let key = TokenBytesKey(token)
            let authN: VerifiedAuthN
            if let cached = tokenCache.value(forKey: key, now: now) {
                authN = cached
            } else if case .verified(let fresh) = verifyAuthN(key, now: now, observer: &observer) {
                authN = fresh
            } else {
                continue
            }
            // Revoke first, then remove: a check racing with this logout either inserted before the
            // removal (and is removed) or re-checks revocation after its insert (`remember`).
            _ = revoked.insert(authN.guid, expiresAt: authN.expiresAt &+ validity.skewMillis, now: now)
            tokenCache.removeValue(forKey: key)
            revokedCount += 1
        }
        return revokedCount
    }
}
