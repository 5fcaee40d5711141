import AuthZCore
import AuthZSimulation

extension MicroSuite {
    /// `engine.get.warm.<alg>.t1`: one warm `getAuthorization` per iteration (the check, then a
    /// media token minted and signed).
    ///
    /// Its reference is the media token's signature alone; its floor is what a warm get cannot
    /// skip: the same warm check, then that signature. The row's ratio to the floor is what
    /// minting adds (the body written, the signature element, the returned token).
    package static func warmGetCase(
        name: String,
        engine: MicroEngine,
        requests shared: [AuthorizationRequest],
        deployment: SimulatedDeployment
    ) -> MicroCase {
        let sample = TokenSerializer.bodyBytes(sampleBody(.media))
        let mediaKey = deployment.keys.media
        return MicroCase(
            name: name,
            makeSubject: {
                let requests = LentRequests(separateCopiesOf: shared)
                return { n in
                    requests.lendNext(n) { request in
                        let outcome = engine.getAuthorization(
                            request,
                            now: engineNow,
                            completion: WarmOnly<AuthorizationOutcome>()
                        )
                        guard case .mediaToken(let token) = outcome else { preconditionFailure("a warm get failed") }
                        blackHole(token)
                    }
                }
            },
            referenceLabel: "the media token's signature alone",
            makeReference: {
                { n in signLoop(mediaKey, sample, n) }
            },
            floorLabel: "the warm check, then the media token's signature",
            makeFloor: {
                let requests = LentRequests(separateCopiesOf: shared)
                return { n in
                    withUnsafeTemporaryAllocation(byteCount: mediaKey.maximumSignatureLength, alignment: 8) { out in
                        sample.withUnsafeBytes { body in
                            var signed = 0
                            requests.lendNext(n) { request in
                                let code = engine.checkAuthorization(
                                    request,
                                    now: engineNow,
                                    completion: WarmOnly<ResultCode>()
                                )
                                precondition(code == .validToken, "a warm check failed")
                                signed &+= (try? mediaKey.signature(for: body, into: out)) ?? 0
                            }
                            blackHole(signed)
                        }
                    }
                }
            }
        )
    }
}
