/// One device's request to the authorization hot path.
public struct AuthorizationRequest: Sendable {
    /// The device ID the device computed and sends in clear.
    public var deviceID: DeviceID
    /// The authentication token the device presents, as received.
    public var authNToken: [UInt8]
    /// The requestor (programmer/app) asking.
    public var requestorID: String
    /// The protected resource asked for.
    public var resourceID: String

    /// Creates a request.
    public init(deviceID: DeviceID, authNToken: [UInt8], requestorID: String, resourceID: String) {
        self.deviceID = deviceID
        self.authNToken = authNToken
        self.requestorID = requestorID
        self.resourceID = resourceID
    }
}

/// The result of `getAuthorization`: a short media token, or the reason there is none.
public enum AuthorizationOutcome: Sendable, Equatable {
    /// Authorized: the signed short media token for one playback.
    case mediaToken([UInt8])
    /// Not authorized, with the result code (never `.validToken`).
    case rejected(ResultCode)

    /// `.validToken` for a media token, else the rejection's code.
    public var code: ResultCode {
        switch self {
        case .mediaToken: .validToken
        case .rejected(let code): code
        }
    }
}
