/// The element names of each body kind, as numbered slots in the wire format's order.
///
/// Every kind lists its top-level children first; kinds with device binding then have the
/// `simpleTokenDeviceID` container followed by its only child `simpleTokenFingerprint`, which is
/// always the last slot.
enum TokenSchema {
    /// The name of the signature element.
    static let signatureElement: StaticString = "signatureInfo"
    /// The device binding container element.
    static let deviceIDElement: StaticString = "simpleTokenDeviceID"
    /// The fingerprint element inside the container.
    static let fingerprintElement: StaticString = "simpleTokenFingerprint"

    /// Whether `byte` is a control character the format refuses in text: any below U+0020 but
    /// tab, line feed and carriage return (XML has no entity for one, so escaping cannot carry it).
    @inline(__always)
    static func isRefusedControl(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
    }

    /// The number of slots of `kind`, container and fingerprint included.
    @inline(__always)
    static func slotCount(_ kind: TokenKind) -> Int {
        switch kind {
        case .authn: 7
        case .authz: 6
        case .media: 7
        }
    }

    /// The number of direct children of the body element of `kind`.
    @inline(__always)
    static func topLevelCount(_ kind: TokenKind) -> Int {
        switch kind {
        case .authn: 6
        case .authz: 5
        case .media: 7
        }
    }

    /// The slot of the `simpleTokenDeviceID` container, or -1 when `kind` has none.
    @inline(__always)
    static func containerSlot(_ kind: TokenKind) -> Int {
        switch kind {
        case .authn: 5
        case .authz: 4
        case .media: -1
        }
    }

    /// The bytes of every start and end tag of a `kind` body, the body element's own included.
    static func tagBytes(_ kind: TokenKind) -> Int {
        switch kind {
        case .authn: authnTagBytes
        case .authz: authzTagBytes
        case .media: mediaTagBytes
        }
    }

    private static let authnTagBytes = computeTagBytes(.authn)
    private static let authzTagBytes = computeTagBytes(.authz)
    private static let mediaTagBytes = computeTagBytes(.media)

    private static func computeTagBytes(_ kind: TokenKind) -> Int {
        // <name> and </name> cost 2 * count + 5 bytes.
        var total = 2 * kind.staticElementName.utf8CodeUnitCount + 5
        for slot in 0..<slotCount(kind) { total += 2 * name(kind, slot).utf8CodeUnitCount + 5 }
        return total
    }

    /// The element name of `slot` in `kind`.
    static func name(_ kind: TokenKind, _ slot: Int) -> StaticString {
        switch (kind, slot) {
        case (.authn, 0): "simpleTokenAuthenticationGuid"
        case (.authn, 1), (.authz, 0): "simpleTokenRequestorID"
        case (.authn, 2): "simpleTokenDomainName"
        case (.authn, 3): "simpleTokenExpires"
        case (.authn, 4), (.authz, 3): "simpleTokenMsoID"
        case (.authn, 5), (.authz, 4): deviceIDElement
        case (.authn, 6), (.authz, 5): fingerprintElement
        case (.authz, 1): "simpleTokenResourceID"
        case (.authz, 2): "simpleTokenTTL"
        case (.media, 0): "sessionGUID"
        case (.media, 1): "requestorID"
        case (.media, 2): "resourceID"
        case (.media, 3): "ttl"
        case (.media, 4): "issueTime"
        case (.media, 5): "mvpdId"
        case (.media, 6): "proxyMvpdId"
        default: preconditionFailure("no slot \(slot) in \(kind)")
        }
    }

    /// The top-level slot of `kind` named by `count` bytes at `p`, trying `preferred` first
    /// (the next slot in canonical order); -1 if none.
    @inline(__always)
    static func slot(
        _ kind: TokenKind,
        named p: UnsafePointer<UInt8>,
        count: Int,
        preferred: Int
    ) -> Int {
        let top = topLevelCount(kind)
        if preferred < top, equals(p, count, name(kind, preferred)) { return preferred }
        for slot in 0..<top where slot != preferred {
            if equals(p, count, name(kind, slot)) { return slot }
        }
        return -1
    }

    /// The body kind whose element is named by `count` bytes at `p`, if any.
    @inline(__always)
    static func kind(named p: UnsafePointer<UInt8>, count: Int) -> TokenKind? {
        for kind in TokenKind.allCases where equals(p, count, kind.staticElementName) {
            return kind
        }
        return nil
    }

    /// Whether `count` bytes at `p` spell `name`.
    @inline(__always)
    static func equals(_ p: UnsafePointer<UInt8>, _ count: Int, _ name: StaticString) -> Bool {
        guard count == name.utf8CodeUnitCount else { return false }
        let q = UnsafeRawPointer(name.utf8Start)
        let r = UnsafeRawPointer(p)
        guard count >= 8 else {
            for k in 0..<count
            where r.load(fromByteOffset: k, as: UInt8.self)
                != q.load(fromByteOffset: k, as: UInt8.self)
            {
                return false
            }
            return true
        }
        // Whole words, the last one overlapping the previous: names are 8 bytes or longer.
        var k = 0
        while k < count - 8 {
            if r.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                != q.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            {
                return false
            }
            k += 8
        }
        return r.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            == q.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
}
