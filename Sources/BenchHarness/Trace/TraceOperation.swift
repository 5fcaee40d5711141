/// The operation of one trace line (`op` column): the engine entry point the request called.
package enum TraceOperation: String, Sendable, CaseIterable {
    /// `getAuthorization`: looks the authorization cache up (inserts on a miss).
    case get
    /// `checkAuthorization`: looks the authorization cache up (inserts on a miss).
    case check
    /// `verifyMediaToken`: does not touch the authorization cache.
    case verify
    /// `logout`: the device's authentication tokens are revoked; its later requests carry a new
    /// authentication GUID, so none of its earlier authorization-cache keys is used again.
    case logout
}
