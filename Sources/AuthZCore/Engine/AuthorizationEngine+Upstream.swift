extension AuthorizationEngine: UpstreamCallOwner {
    /// The upstream counters (also in ``stats``).
    public var upstreamStats: UpstreamStats { upstream.stats }

    /// Times out every upstream call whose deadline is at or before `now` (epoch ms): their
    /// requests complete with ``ResultCode/upstreamUnavailable``, a refresh keeps its entry, and
    /// a reply arriving later is ignored. A timer calls this unless
    /// ``EngineConfiguration/sweepsUpstreamTimeouts`` is off.
    ///
    /// - Returns: how many calls timed out.
    @discardableResult
    public func expireUpstreamCalls(now: Int64) -> Int {
        var count = 0
        for call in upstream.overdue(now: now) where finishCall(call, with: .timedOut, now: now) { count += 1 }
        return count
    }

    /// What the backend is asked for `request` by the holder of `authN`.
    func backendRequest(_ authN: VerifiedAuthN, _ request: AuthorizationRequest) -> BackendRequest {
        BackendRequest(
            requestorID: request.requestorID,
            resourceID: request.resourceID,
            msoID: authN.msoID,
            fingerprint: authN.fingerprint?.hexString ?? ""
        )
    }

    /// Parks `waiter` on the upstream call for `key`: joins the call in flight, or starts one.
    ///
    /// - Returns: nil when parked (the waiter will be completed), or the code to answer at once
    ///   (``ResultCode/upstreamUnavailable`` at the in-flight bound).
    func park(_ key: AuthorizationKey, _ request: BackendRequest, waiter: UpstreamWaiter, now: Int64) -> ResultCode? {
        switch start(key, request, waiter: waiter, now: now) {
        case .rejected: return .upstreamUnavailable
        case .coalesced, .started, .alreadyInFlight: return nil
        }
    }

    /// Starts one background refresh of the authorization `key` (a hit past its refresh point),
    /// unless a call for the key is in flight already.
    func refresh(_ key: AuthorizationKey, authN: VerifiedAuthN, request: AuthorizationRequest, now: Int64) {
        _ = start(key, backendRequest(authN, request), waiter: nil, now: now)
    }

    private func start(
        _ key: AuthorizationKey,
        _ request: BackendRequest,
        waiter: UpstreamWaiter?,
        now: Int64
    )
        -> UpstreamCallTable.Joined
    {
        let joined = upstream.join(key, waiter: waiter) {
            UpstreamCall(
                key: key,
                request: request,
                deadline: now &+ configuration.upstreamTimeoutMillis,
                isRefresh: waiter == nil,
                owner: self,
                waiter: waiter
            )
        }
        if case .started(let call) = joined { backend.authorize(request, now: now, reply: BackendReply(call: call)) }
        return joined
    }

    func finish(_ call: UpstreamCall, with result: UpstreamResult, now: Int64) {
        _ = finishCall(call, with: result, now: now)
    }

    /// Ends `call` (the first end only): verifies and caches a permit (or, with a deny TTL, a
    /// denial) once, then completes every waiter with its own outcome. Returns whether this was
    /// the call's end.
    private func finishCall(_ call: UpstreamCall, with result: UpstreamResult, now: Int64) -> Bool {
        guard let waiters = upstream.end(call, with: result) else { return false }
        let verdict = decide(call, result, now: now)
        if let first = waiters.first { complete(first, call: call, verdict: verdict, now: now) }
        for waiter in waiters.more { complete(waiter, call: call, verdict: verdict, now: now) }
        return true
    }

    /// What an upstream call's result means for the key: a verified grant (cached), or a code.
    private enum UpstreamVerdict {
        case granted(msoID: String, fingerprint: Fingerprint)
        case denied(ResultCode)
    }

    private func decide(_ call: UpstreamCall, _ result: UpstreamResult, now: Int64) -> UpstreamVerdict {
        let token: [UInt8]
        switch result {
        case .timedOut, .decided(.unavailable):
            // A failed refresh keeps the still-valid entry; move its refresh point to halfway to
            // expiry, so that hits do not retry the upstream on every request.
            if call.isRefresh, let entry = authzCache.value(forKey: call.key, now: now), entry.refreshAt <= now {
                var kept = entry
                kept.refreshAt = now &+ max(1, (entry.expiresAt &- now) / 2)
                authzCache.insert(kept, forKey: call.key, expiresAt: cacheExpiry(of: kept), now: now)
            }
            return .denied(.upstreamUnavailable)
        case .decided(.deny):
            // A cached grant must not outlive the answer: with a deny TTL the denial replaces it
            // (and is answered inline until its TTL), else the entry goes.
            if let denial = denialEntry(now: now) {
                authzCache.insert(denial, forKey: call.key, expiresAt: cacheExpiry(of: denial), now: now)
            } else if call.isRefresh {
                authzCache.removeValue(forKey: call.key)
            }
            return .denied(.notAuthorized)
        case .decided(.permit(let bytes)):
            token = bytes
        }
        let checked = token.withUnsafeBytes { authZVerifier.verify($0, now: now, resource: call.request.resourceID) }
        guard case .success(let parsed) = checked, case .authz(let authZ) = parsed.body,
            let presented = Fingerprint(hexString: authZ.fingerprint)
        else { return .denied(.notAuthorized) }
        // The authZ token must be bound to the device the engine asked for.
        guard let asked = Fingerprint(hexString: call.request.fingerprint), Self.same(asked, presented) else {
            return .denied(.deviceMismatch)
        }
        // A permit must name its issuer, since an empty one marks a cached denial (the token
        // format already requires one; this keeps the cache's meaning from depending on it).
        if authZ.msoID.isEmpty || !trusts(requestorID: call.request.requestorID, msoID: authZ.msoID) {
            return .denied(.untrustedIssuer)
        }
        let expiresAt = authZ.expires.epochMillis
        let entry = CachedAuthorization(
            expiresAt: expiresAt,
            msoID: authZ.msoID,
            refreshAt: refreshPoint(expiresAt: expiresAt, now: now)
        )
        authzCache.insert(entry, forKey: call.key, expiresAt: cacheExpiry(of: entry), now: now)
        return .granted(msoID: authZ.msoID, fingerprint: presented)
    }

    /// Completes one parked request: its own device binding against the authZ token, then the
    /// code, or a media token minted now.
    private func complete(_ waiter: UpstreamWaiter, call: UpstreamCall, verdict: UpstreamVerdict, now: Int64) {
        var code: ResultCode
        var msoID = ""
        switch verdict {
        case .denied(let denied):
            code = denied
        case .granted(let granted, let fingerprint):
            msoID = granted
            code = .validToken
            if let own = waiter.fingerprint {
                if !Self.same(own, fingerprint) { code = .deviceMismatch }
            } else {
                code = .deviceMismatch
            }
        }
        switch waiter.delivery {
        case .check(let completion):
            completion.complete(code)
        case .get(let completion):
            guard code == .validToken else { return completion.complete(.rejected(code)) }
            completion.complete(
                mintMediaToken(
                    requestorID: call.request.requestorID,
                    resourceID: call.request.resourceID,
                    mvpdID: msoID,
                    now: now
                )
            )
        }
    }

    private static func same(_ a: Fingerprint, _ b: Fingerprint) -> Bool {
        a.withUnsafeBytes { x in b.withUnsafeBytes { ConstantTime.equals(x, $0) } }
    }
}
