import AuthZCore

/// One request, built before its intended start so that only the engine call is timed.
package enum PreparedCall: Sendable {
    /// `checkAuthorization`.
    case check(AuthorizationRequest)
    /// `getAuthorization`.
    case get(AuthorizationRequest)
    /// `MediaTokenVerifier.verify` of a media token for the resource at this index.
    case verify(token: [UInt8], resource: Int)
    /// `logout` of these authentication tokens.
    case logout([[UInt8]])

    /// Whether the call is a `getAuthorization` (granted, it carries a media token).
    package var isGet: Bool {
        if case .get = self { return true }
        return false
    }
}
