/// A decoded token body of any kind.
public enum TokenBody: Sendable, Hashable {
    /// An authentication token body.
    case authn(AuthNTokenBody)
    /// An authorization token body.
    case authz(AuthZTokenBody)
    /// A short media token body.
    case media(MediaTokenBody)

    /// Which kind of token this body belongs to.
    public var kind: TokenKind {
        switch self {
        case .authn: .authn
        case .authz: .authz
        case .media: .media
        }
    }
}
