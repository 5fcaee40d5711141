/// The operation a request's figures are kept under: the four kinds of ordinary traffic, and each
/// attack apart (they take different paths: a tampered signature is rejected after verifying it,
/// a replayed media token at the replay guard).
///
/// Its ``name`` is the key of `latency.byOperation`, the `.hlog` tag prefix (`check.inline`), the
/// `.hgrm` file prefix and the metric prefix of `--slo` and `compare --metrics`
/// (`check.inline.p99`).
package enum OperationLabel: Int, Sendable, CaseIterable, Comparable {
    /// `getAuthorization`: checks, then mints a media token.
    case get
    /// `checkAuthorization`.
    case check
    /// `verifyMediaToken`.
    case verify
    /// Logout, then re-authentication.
    case logout
    /// The attack `AttackKind.tamperedSignature`.
    case tamperedSignature
    /// The attack `AttackKind.expiredToken`.
    case expiredToken
    /// The attack `AttackKind.wrongDevice`.
    case wrongDevice
    /// The attack `AttackKind.untrustedIssuer`.
    case untrustedIssuer
    /// The attack `AttackKind.replayedMediaToken`.
    case replayedMediaToken

    /// How many labels there are (the per-operation recorders' slots).
    package static let count = allCases.count

    /// The label of `operation`: its kind, or for an attack, which attack.
    @inline(__always)
    package init(_ operation: Operation) {
        if let attack = operation.attack {
            self = Self(rawValue: 4 &+ Int(attack.rawValue)) ?? .tamperedSignature
        } else {
            self = Self(rawValue: Int(operation.kind.rawValue)) ?? .get
        }
    }

    /// The name in files, tags and metric names.
    package var name: String {
        switch self {
        case .get: "get"
        case .check: "check"
        case .verify: "verify"
        case .logout: "logout"
        case .tamperedSignature: "tamperedSignature"
        case .expiredToken: "expiredToken"
        case .wrongDevice: "wrongDevice"
        case .untrustedIssuer: "untrustedIssuer"
        case .replayedMediaToken: "replayedMediaToken"
        }
    }

    /// The label named `name`.
    package init?(name: String) {
        guard let label = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = label
    }

    /// The labels of the operations `mix` sends (every attack when it sends attacks).
    package static func sent(by mix: OperationMix) -> [OperationLabel] {
        var labels: [OperationLabel] = []
        for kind in OperationKind.allCases where mix[kind] > 0 {
            if kind == .attack {
                labels += [.tamperedSignature, .expiredToken, .wrongDevice, .untrustedIssuer, .replayedMediaToken]
            } else if let label = Self(rawValue: Int(kind.rawValue)) {
                labels.append(label)
            }
        }
        return labels
    }

    /// The latency kinds kept per operation, in the order files and tables give them.
    package static let kinds: [LatencyKind] = [.inline, .parked, .responseTime, .serviceTime]

    /// Splits a metric name that starts with an operation (`check.inline.p99`) into the operation
    /// and the rest (`inline.p99`); nil when `name` does not start with an operation's name and a
    /// dot. The one parser of the prefix: `--slo`, `compare --metrics` and the `.hlog` tags use it.
    package static func split(_ name: Substring) -> (OperationLabel, Substring)? {
        guard let dot = name.firstIndex(of: "."), let label = Self(name: String(name[..<dot])) else { return nil }
        return (label, name[name.index(after: dot)...])
    }

    /// Orders labels as declared.
    package static func < (lhs: OperationLabel, rhs: OperationLabel) -> Bool { lhs.rawValue < rhs.rawValue }
}
