import AuthZCore

/// What one simulated request does.
package enum OperationKind: UInt8, Sendable, CaseIterable {
    /// `getAuthorization` (steps 1–5, mints a media token).
    case get
    /// `checkAuthorization` (steps 1–4).
    case check
    /// `verifyMediaToken` of a media token this worker minted and has not verified yet.
    case verify
    /// `logout` of the device's authentication tokens, then re-authentication.
    case logout
    /// Attack traffic (see `AttackKind`).
    case attack

    /// The word the flags name it by (`--mix get=70`, `--inject-delay 2us@check`).
    package var name: String {
        switch self {
        case .get: "get"
        case .check: "check"
        case .verify: "verify"
        case .logout: "logout"
        case .attack: "attack"
        }
    }

    /// The kind the flags' word `name` names.
    package init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }
}

/// The attacks, sent round robin; each must be rejected with `expectedCode`.
package enum AttackKind: UInt8, Sendable, CaseIterable {
    /// A valid token with one signature character changed.
    case tamperedSignature
    /// An authentication token whose expiry is in the past.
    case expiredToken
    /// A valid token presented with another device's ID.
    case wrongDevice
    /// A valid token from an MVPD the requestor does not trust.
    case untrustedIssuer
    /// A media token presented a second time.
    case replayedMediaToken

    /// The code the engine must answer.
    package var expectedCode: ResultCode {
        switch self {
        case .tamperedSignature: .invalidSignature
        case .expiredToken: .tokenExpired
        case .wrongDevice: .deviceMismatch
        case .untrustedIssuer: .untrustedIssuer
        case .replayedMediaToken: .tokenReplayed
        }
    }
}

/// One generated operation: fixed-size, no references.
package struct Operation: Sendable, Equatable {
    /// What to do.
    package var kind: OperationKind
    /// The device (index into the worker's slice).
    package var device: Int32
    /// The resource (Zipf rank = resource index).
    package var resource: Int32
    /// For `.attack`, which attack; otherwise `nil`.
    package var attack: AttackKind?

    /// An operation from its values.
    package init(kind: OperationKind, device: Int32, resource: Int32, attack: AttackKind?) {
        self.kind = kind
        self.device = device
        self.resource = resource
        self.attack = attack
    }
}

/// The operation mix in percent; the five shares sum to 100.
package struct OperationMix: Codable, Sendable, Equatable {
    /// `getAuthorization` (check + mint a media token).
    package var get: Int
    /// `checkAuthorization`.
    package var check: Int
    /// `verifyMediaToken` of a media token just minted.
    package var verify: Int
    /// Logout, then re-authentication.
    package var logout: Int
    /// Attack traffic (tampered signature, expired token, wrong device, untrusted MVPD, replay).
    package var attack: Int
    /// A mix; by default 70% gets, 20% checks and 10% media-token verifications.
    package init(get: Int = 70, check: Int = 20, verify: Int = 10, logout: Int = 0, attack: Int = 0) {
        self.get = get
        self.check = check
        self.verify = verify
        self.logout = logout
        self.attack = attack
    }

    /// The share of `kind`.
    package subscript(kind: OperationKind) -> Int {
        get { self[keyPath: Self.shares[Int(kind.rawValue)]] }
        set { self[keyPath: Self.shares[Int(kind.rawValue)]] = newValue }
    }

    /// Each kind's share, by `OperationKind.rawValue`.
    private static let shares: [WritableKeyPath<OperationMix, Int> & Sendable] = [
        \.get, \.check, \.verify, \.logout, \.attack,
    ]
}
