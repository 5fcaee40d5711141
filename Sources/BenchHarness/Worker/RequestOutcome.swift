import AuthZCore

/// What a request was answered: its result code and, for a granted `getAuthorization`, the media
/// token minted. One type from the engine's answer, inline or through a parked request's
/// completion and the worker's inbox, to the recording and the bookkeeping.
package struct RequestOutcome: Sendable {
    /// The result code (a logout counts `VALID_TOKEN` when it revoked a token, else `NOT_AUTHENTICATED`).
    package var code: ResultCode
    /// The media token a granted `getAuthorization` minted.
    package var mediaToken: [UInt8]?

    /// An outcome from its values.
    @inline(__always)
    package init(code: ResultCode, mediaToken: [UInt8]? = nil) {
        self.code = code
        self.mediaToken = mediaToken
    }

    /// The outcome of a `getAuthorization`: `VALID_TOKEN` with its media token, or the rejection's code.
    @inline(__always)
    package init(_ outcome: AuthorizationOutcome) {
        switch outcome {
        case .mediaToken(let token): self.init(code: .validToken, mediaToken: token)
        case .rejected(let code): self.init(code: code)
        }
    }
}

/// What the engine hands a parked request's completion (a `checkAuthorization`'s result code, a
/// `getAuthorization`'s outcome), read as the worker's ``RequestOutcome``.
package protocol RequestAnswer: Sendable {
    /// The answer as the worker records it.
    var requestOutcome: RequestOutcome { get }
}

extension ResultCode: RequestAnswer {
    /// The code, no media token: `checkAuthorization` mints nothing.
    package var requestOutcome: RequestOutcome { RequestOutcome(code: self) }
}

extension AuthorizationOutcome: RequestAnswer {
    /// `VALID_TOKEN` with the media token, or the rejection's code.
    package var requestOutcome: RequestOutcome { RequestOutcome(self) }
}
