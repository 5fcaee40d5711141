#if canImport(Glibc)
import Glibc
#endif

/// A timed stage of the authorization hot path (see AuthZCore's HotPath article), with its stable report name.
public enum Stage: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Parsing the token bytes.
    case parse
    /// Verifying a signature.
    case verify
    /// Expiry and issuer checks.
    case ttl
    /// Comparing the device binding fingerprint.
    case binding
    /// Keyed hashing of the presented device ID (HMAC), when the binding memo does not cover it.
    case deviceHash
    /// The authorization cache lookup (and insert on a miss).
    case authzCache
    /// The upstream entitlement backend's decision.
    case backend
    /// Minting and signing the short media token.
    case mint
    /// The media-token replay guard.
    case replay

    /// The stable name used in reports: `parse`, `verify`, `ttl`, `binding`, `deviceHash`,
    /// `authzCache`, `backend`, `mint`, `replay`.
    public var description: String {
        switch self {
        case .parse: "parse"
        case .verify: "verify"
        case .ttl: "ttl"
        case .binding: "binding"
        case .deviceHash: "deviceHash"
        case .authzCache: "authzCache"
        case .backend: "backend"
        case .mint: "mint"
        case .replay: "replay"
        }
    }
}

/// Receives the duration of each hot-path stage of one request.
///
/// The engine's entry points are generic over the observer, so with `NoStageObserver` (whose
/// `isEnabled` is a compile-time `false`) the specialised code contains no clock reads at all.
/// An observer is owned by one thread (pass it `inout`); merge per-thread results afterwards.
public protocol StageObserver {
    /// Whether stages are timed; `false` removes the timing code after specialisation.
    static var isEnabled: Bool { get }
    /// Records that `stage` took `nanoseconds` (monotonic clock).
    mutating func record(_ stage: Stage, nanoseconds: UInt64)
}

/// The observer that observes nothing and costs nothing.
public struct NoStageObserver: StageObserver, Sendable {
    /// One byte of storage, never read. A zero-sized value has no address of its own: every
    /// `inout` local of it would share one global address, which ThreadSanitizer's exclusivity
    /// checks report as an access race between threads that each pass their own observer.
    @usableFromInline var storage: UInt8 = 0

    /// Creates the no-op observer.
    @inlinable public init() {}
    /// Always `false`.
    @inlinable public static var isEnabled: Bool { false }
    /// Does nothing.
    @inlinable public mutating func record(_ stage: Stage, nanoseconds: UInt64) {}
}

extension StageObserver {
    /// Runs `body`, recording its duration as `stage` when the observer is enabled.
    @inlinable @inline(__always)
    public mutating func time<R, E: Error>(_ stage: Stage, _ body: () throws(E) -> R) throws(E) -> R {
        guard Self.isEnabled else { return try body() }
        let start = MonotonicClock.nanoseconds()
        defer { record(stage, nanoseconds: MonotonicClock.nanoseconds() &- start) }
        return try body()
    }
}
