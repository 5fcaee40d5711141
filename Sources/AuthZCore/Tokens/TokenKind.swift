/// The three token kinds of the wire format (see AuthZCore's WireFormat article), each named by its body element.
public enum TokenKind: String, Sendable, CaseIterable {
    /// An authentication token: `simpleAuthenticationToken`.
    case authn
    /// An authorization token for one resource: `simpleAuthorizationToken`.
    case authz
    /// A short, single-use media token: `shortAuthorizationToken`.
    case media

    /// The body element name of this kind, e.g. `simpleAuthenticationToken`.
    public var elementName: String { staticElementName.description }

    /// The body element name as a static string, for allocation-free comparisons.
    var staticElementName: StaticString {
        switch self {
        case .authn: "simpleAuthenticationToken"
        case .authz: "simpleAuthorizationToken"
        case .media: "shortAuthorizationToken"
        }
    }
}
