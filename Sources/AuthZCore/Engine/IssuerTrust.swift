import Synchronization

/// The engine's allowed lists (``EngineConfiguration/allowedMVPDs``) resolved once: every
/// requestor and issuer they name gets a small number, and the allowed pairs are bits.
///
/// The requestor and issuer of a token are fixed once its signature verified, so the engine
/// resolves them when it verifies the token and keeps the result in the verified-token entry
/// (``VerifiedAuthN``). Every hit still checks trust against the lists, as the design asks, but as
/// one bit test instead of a `String`-keyed dictionary lookup and a `Set<String>` lookup, which
/// together cost about 620 instructions per request in a closed-loop run (callgrind).
///
/// A reference carries the identity of the table that made it: caches may be shared between
/// engines with different lists (the tests do), and a reference made by another table is resolved
/// by name again, never read against the wrong bits. Lookup by name uses `String`'s equality, as
/// the lists' dictionary does, so a reference answers exactly what the lookups by name answer.
@usableFromInline
struct IssuerTrust: Sendable {
    /// No lists: every issuer is trusted.
    @usableFromInline let trustsEveryone: Bool
    /// This table's identity (bits 32-63 of its references); 0 when the lists are too large to
    /// number in 16 bits, and then no reference is made.
    @usableFromInline let identity: UInt64
    /// The number of issuers named in any list (the width of a requestor's row of bits).
    @usableFromInline let issuerCount: Int
    /// Row-major bits: bit `requestor * issuerCount + issuer` is set when the pair is allowed.
    @usableFromInline let bits: [UInt64]
    private let lists: [String: Set<String>]
    private let requestors: [String: Int]
    private let issuers: [String: Int]

    /// The 16-bit number of a name no list mentions.
    @usableFromInline static let unknown: UInt64 = 0xFFFF
    private static let identities = Atomic<UInt64>(0)

    /// Resolves `allowed` (`nil`: every issuer trusted).
    init(_ allowed: [String: Set<String>]?) {
        trustsEveryone = allowed == nil
        lists = allowed ?? [:]
        var requestors: [String: Int] = [:]
        var issuers: [String: Int] = [:]
        for (requestor, msoIDs) in lists {
            requestors[requestor] = requestors.count
            for msoID in msoIDs where issuers[msoID] == nil { issuers[msoID] = issuers.count }
        }
        var bits = [UInt64](repeating: 0, count: max(1, (requestors.count * issuers.count + 63) / 64))
        for (requestor, msoIDs) in lists {
            for msoID in msoIDs {
                let bit = requestors[requestor]! * issuers.count + issuers[msoID]!
                bits[bit >> 6] |= 1 << UInt64(bit & 63)
            }
        }
        let numbered = requestors.count < Int(Self.unknown) && issuers.count < Int(Self.unknown)
        identity = numbered ? Self.identities.wrappingAdd(1, ordering: .relaxed).newValue & 0xFFFF_FFFF : 0
        self.requestors = requestors
        self.issuers = issuers
        self.issuerCount = issuers.count
        self.bits = bits
    }

    /// The reference of the pair: this table's identity, the requestor's and the issuer's numbers
    /// (`unknown` for a name no list mentions); 0 (never this table's) when there is no identity.
    func reference(requestorID: String, msoID: String) -> UInt64 {
        guard identity != 0 else { return 0 }
        let requestor = requestors[requestorID].map(UInt64.init) ?? Self.unknown
        let issuer = issuers[msoID].map(UInt64.init) ?? Self.unknown
        return identity << 32 | requestor << 16 | issuer
    }

    /// Whether `requestorID` trusts `msoID`; `reference` is the pair's reference if one was made
    /// (a bit test when this table made it, else a lookup by name).
    /// - Complexity: O(1): a bit test, or two hashed lookups by name.
    @inlinable
    func allows(reference: UInt64, requestorID: String, msoID: String) -> Bool {
        if trustsEveryone { return true }
        guard identity != 0, reference &>> 32 == identity else {
            return allows(requestorID: requestorID, msoID: msoID)
        }
        let requestor = reference &>> 16 & 0xFFFF
        let issuer = reference & 0xFFFF
        guard requestor != Self.unknown, issuer != Self.unknown else { return false }
        let bit = Int(truncatingIfNeeded: requestor) &* issuerCount &+ Int(truncatingIfNeeded: issuer)
        return bits[bit &>> 6] & (1 &<< UInt64(bit & 63)) != 0
    }

    /// Whether `requestorID` trusts `msoID`, by name.
    @usableFromInline
    func allows(requestorID: String, msoID: String) -> Bool {
        trustsEveryone || (lists[requestorID]?.contains(msoID) ?? false)
    }
}
