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
}
