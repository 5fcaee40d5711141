extension AuthorizationEngine {
    /// The whole hot path: steps 1–4, then mints a short media token for one playback.
    ///
    /// Inline and parked completion as for ``checkAuthorization(_:now:completion:)``: the outcome
    /// is returned when the caches answer; `nil` means parked, and `completion` gets the outcome
    /// (the media token issued at the time the upstream answered) exactly once.
    public func getAuthorization<Completion: AuthorizationCompletion<AuthorizationOutcome>>(
        _ request: AuthorizationRequest,
        now: Int64,
        completion: Completion
    ) -> AuthorizationOutcome? {
        var observer = NoStageObserver()
        return getAuthorization(request, now: now, observer: &observer, completion: completion)
    }

    /// The whole hot path, timing each stage of the inline part into `observer`.
    public func getAuthorization<Observer: StageObserver, Completion: AuthorizationCompletion<AuthorizationOutcome>>(
        _ request: AuthorizationRequest,
        now: Int64,
        observer: inout Observer,
        completion: Completion
    ) -> AuthorizationOutcome? {
        let verdict = entitlement(request, now: now, observer: &observer) { fingerprint in
            UpstreamWaiter(delivery: .get(completion), fingerprint: fingerprint)
        }
        switch verdict {
        case .denied(let code):
            return .rejected(code)
        case .parked:
            return nil
        case .granted(let msoID):
            return observer.time(.mint) {
                mintMediaToken(
                    requestorID: request.requestorID,
                    resourceID: request.resourceID,
                    mvpdID: msoID,
                    now: now
                )
            }
        }
    }

    /// Signs a fresh short media token (new session GUID, issued now, the configured TTL), written
    /// straight into scratch space: the only Swift allocation is the returned token.
    func mintMediaToken(requestorID: String, resourceID: String, mvpdID: String, now: Int64) -> AuthorizationOutcome {
        let session = nextSession()
        let ttl = configuration.mediaTokenTTLMillis
        let bound = TokenSerializer.mediaByteBound(
            requestorID: requestorID,
            resourceID: resourceID,
            mvpdID: mvpdID,
            proxyMvpdID: ""
        )
        let token = try? mediaIssuer.issue(bodyBound: bound) { writer in
            TokenSerializer.writeMedia(
                session: session,
                requestorID: requestorID,
                resourceID: resourceID,
                ttlMillis: ttl,
                issueTimeMillis: now,
                mvpdID: mvpdID,
                proxyMvpdID: "",
                to: &writer
            )
        }
        guard let token else { return .rejected(.notAuthorized) }
        return .mediaToken(token)
    }
}
