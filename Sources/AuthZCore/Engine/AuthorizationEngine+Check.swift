/// The outcome of steps 1–4 for one request.
@usableFromInline
enum Entitlement: Sendable {
    /// Every check passed; the authorization was granted by `msoID`.
    case granted(msoID: String)
    /// A check failed.
    case denied(ResultCode)
    /// The authorization is being asked upstream; the waiter will be completed.
    case parked
}

extension AuthorizationEngine {
    /// Steps 1–4 of the hot path: is this device entitled to `request.resourceID` right now?
    ///
    /// Answered from the caches, the request completes inline: the code is returned and
    /// `completion` is never called. When the authorization must be asked upstream, the request
    /// is parked: this returns `nil` and `completion` is called exactly once, with `.validToken`
    /// or the first failed check's code, when the upstream answers (on the thread that answers,
    /// possibly before this method returns), fails or times out (``ResultCode/upstreamUnavailable``).
    public func checkAuthorization<Completion: AuthorizationCompletion<ResultCode>>(
        _ request: AuthorizationRequest,
        now: Int64,
        completion: Completion
    ) -> ResultCode? {
        var observer = NoStageObserver()
        return checkAuthorization(request, now: now, observer: &observer, completion: completion)
    }

    /// Steps 1–4, timing each stage of the inline part into `observer`.
    public func checkAuthorization<Observer: StageObserver, Completion: AuthorizationCompletion<ResultCode>>(
        _ request: AuthorizationRequest,
        now: Int64,
        observer: inout Observer,
        completion: Completion
    ) -> ResultCode? {
        let verdict = entitlement(request, now: now, observer: &observer) { fingerprint in
            UpstreamWaiter(delivery: .check(completion), fingerprint: fingerprint)
        }
        switch verdict {
        case .granted: return .validToken
        case .denied(let code): return code
        case .parked: return nil
        }
    }

    @inlinable @inline(__always)
    func entitlement<Observer: StageObserver>(
        _ request: AuthorizationRequest,
        now: Int64,
        observer: inout Observer,
        waiter: (Fingerprint?) -> UpstreamWaiter
    ) -> Entitlement {
        let key = TokenBytesKey(request.authNToken)
        // Step 1: verified-token cache (a hit needs full byte equality), else parse and verify.
        // The verified facts are passed on as an argument (borrowed): assigning them to a local
        // first copied the large value once more per request (callgrind).
        if let cached = observer.time(.verify, { tokenCache.value(forKey: key, now: now) }) {
            return entitlement(
                cached,
                fromCache: true,
                key: key,
                request,
                now: now,
                observer: &observer,
                waiter: waiter
            )
        }
        switch verifyAuthN(key, now: now, observer: &observer) {
        case .denied(let code): return .denied(code)
        case .verified(let fresh):
            return entitlement(
                fresh,
                fromCache: false,
                key: key,
                request,
                now: now,
                observer: &observer,
                waiter: waiter
            )
        }
    }

    /// Steps 2–4 for a verified authentication token (from the cache, or just verified).
    @usableFromInline
    func entitlement<Observer: StageObserver>(
        _ authN: VerifiedAuthN,
        fromCache: Bool,
        key: TokenBytesKey,
        _ request: AuthorizationRequest,
        now: Int64,
        observer: inout Observer,
        waiter: (Fingerprint?) -> UpstreamWaiter
    ) -> Entitlement {
        // Step 2: expiry, requestor and issuer on every request; revocation for a freshly verified
        // token. A cached token needs no revocation lookup: logout revokes, then removes the token
        // from this cache, and every insert re-checks revocation after inserting (`remember`), so
        // no revoked token stays cached (the lookup would cost a shard lock shared by all threads).
        let claims: ResultCode = observer.time(.ttl) {
            if validity.isExpired(expiresAt: authN.expiresAt, now: now) { return .tokenExpired }
            if authN.requestorID != request.requestorID { return .notAuthenticated }
            if !fromCache && revoked.contains(authN.guid, now: now) { return .notAuthenticated }
            if !trust.allows(reference: authN.trustReference, requestorID: authN.requestorID, msoID: authN.msoID) {
                return .untrustedIssuer
            }
            return .validToken
        }
        guard claims == .validToken else {
            if !fromCache { remember(authN, key: key, now: now) }
            return .denied(claims)
        }

        // Step 3: device binding; the memo covers only the device ID already proven to match.
        let memoised = observer.time(.binding) { authN.boundDeviceID == request.deviceID }
        if !memoised {
            let matches = observer.time(.deviceHash) {
                guard let fingerprint = authN.fingerprint else { return false }
                return fingerprint.withUnsafeBytes {
                    bindingKey.matches(fingerprintHex: $0, deviceID: request.deviceID)
                }
            }
            var updated = authN
            if matches { updated.boundDeviceID = request.deviceID }
            if matches || !fromCache { remember(updated, key: key, now: now) }
            guard matches else { return .denied(.deviceMismatch) }
        }

        // Step 4: the authorization cache, else the upstream backend.
        return authorization(for: authN, request: request, now: now, observer: &observer, waiter: waiter)
    }

    /// Keeps verified facts in the token cache, no longer than the token lives.
    ///
    /// Check after insert: if the token was revoked meanwhile (a logout that ran between this
    /// request's checks and this insert, and so may have removed the token before it was inserted),
    /// the entry is removed again. With logout's order (revoke, then remove), a revoked token can
    /// never stay in the cache, which is what lets cache hits skip the revocation lookup.
    @usableFromInline
    package func remember(_ authN: VerifiedAuthN, key: TokenBytesKey, now: Int64) {
        let until = authN.expiresAt &+ validity.skewMillis
        guard until >= now else { return }
        tokenCache.insert(authN, forKey: key, expiresAt: until, now: now)
        if revoked.contains(authN.guid, now: now) { tokenCache.removeValue(forKey: key) }
    }

    /// The result of verifying an authentication token that was not in the cache.
    @usableFromInline
    enum AuthNVerification {
        case verified(VerifiedAuthN)
        case denied(ResultCode)
    }

    /// Step 1 on a miss: negative cache, parse, signature.
    @usableFromInline
    func verifyAuthN<Observer: StageObserver>(
        _ key: TokenBytesKey,
        now: Int64,
        observer: inout Observer
    )
        -> AuthNVerification
    {
        let negativeKey = FullyHashedTokenKey(key.bytes)
        if negativeCache.contains(negativeKey, now: now) { return .denied(.invalidSignature) }
        let parsed: ParsedToken
        do {
            parsed = try key.bytes.withUnsafeBytes { bytes throws(TokenFormatError) in
                try observer.time(.parse) { () throws(TokenFormatError) in try TokenParser.parse(bytes) }
            }
        } catch {
            return .denied(.invalidTokenFormat)
        }
        guard case .authn(let body) = parsed.body else { return .denied(.notAuthenticated) }
        let valid = observer.time(.verify) {
            key.bytes.withUnsafeBytes { bytes in
                parsed.signature.withUnsafeBytes {
                    authNKey.isValidSignature($0, for: UnsafeRawBufferPointer(rebasing: bytes[parsed.bodyRange]))
                }
            }
        }
        guard valid else {
            _ = negativeCache.insert(negativeKey, expiresAt: now &+ configuration.negativeCacheTTLMillis, now: now)
            return .denied(.invalidSignature)
        }
        return .verified(
            VerifiedAuthN(
                guid: AuthNGUID(body.guid),
                requestorID: body.requestorID,
                msoID: body.msoID,
                expiresAt: body.expires.epochMillis,
                fingerprint: Fingerprint(hexString: body.fingerprint),
                trustReference: trust.reference(requestorID: body.requestorID, msoID: body.msoID)
            )
        )
    }

    /// Step 4: one authZ per (authN GUID, requestor, resource), from the cache, else parked on the
    /// upstream call for the key (joining the one in flight, or starting one).
    @usableFromInline
    func authorization<Observer: StageObserver>(
        for authN: VerifiedAuthN,
        request: AuthorizationRequest,
        now: Int64,
        observer: inout Observer,
        waiter: (Fingerprint?) -> UpstreamWaiter
    ) -> Entitlement {
        // The token's requestor is the request's (step 2): the token's GUID and requestor were
        // packed and partly hashed when it was verified, so only the resource is added here.
        let key = authN.authorizationKey(resourceID: request.resourceID)
        if let hit = observer.time(.authzCache, { authzCache.value(forKey: key, now: now) }) {
            let verdict: ResultCode = observer.time(.ttl) {
                if validity.isExpired(expiresAt: hit.expiresAt, now: now) { return .tokenExpired }
                // A cached upstream denial (deny TTL on): the cache entry never outlives its TTL.
                if hit.isDenial { return .notAuthorized }
                // Issuer trust on every hit: `request.requestorID` is the token's (step 2), and an
                // authorization from the token's own issuer is trusted as step 2 just found it.
                if !trustsAfterClaims(authN, msoID: hit.msoID) { return .untrustedIssuer }
                return .validToken
            }
            if verdict == .validToken {
                if now >= hit.refreshAt { refresh(key, authN: authN, request: request, now: now) }
                return .granted(msoID: hit.msoID)
            }
            if verdict == .notAuthorized {
                return cachedDenial(hit, key: key, authN: authN, request: request, now: now)
            }
            if verdict == .untrustedIssuer { return .denied(verdict) }
            // Expired within the skew window: ask the backend again below.
        }
        let parked = observer.time(.backend) {
            park(key, backendRequest(authN, request), waiter: waiter(authN.fingerprint), now: now)
        }
        if let code = parked { return .denied(code) }
        return .parked
    }
}
