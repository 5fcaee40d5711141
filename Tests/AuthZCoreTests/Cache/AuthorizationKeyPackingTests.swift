import AuthZCore
import Testing

/// The authorization key's packed layout: the same bytes in each part make one key, whatever the
/// strings' storage and whether the parts are held inline or as a digest.
@Suite("Authorization key packing")
struct AuthorizationKeyPackingTests {
    /// A copy of `text` in storage of its own.
    static func separate(_ text: String) -> String {
        String(decoding: Array(text.utf8), as: UTF8.self)
    }

    static let guid = "4f1c0b2a-9d3e-4c61-8a57-100000000042"

    /// Three parts of `total` bytes together (a 36-byte GUID, then requestor and resource).
    static func parts(total: Int) -> (String, String, String) {
        let rest = total - guid.utf8.count
        let requestor = String(repeating: "r", count: rest / 2)
        let resource = String((0..<(rest - rest / 2)).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
        return (guid, requestor, resource)
    }

    static let partSets: [(String, String, String)] = [
        (guid, "NBCUniversal", "resource-7"),
        ("", "", ""),
        ("", "a", ""),
        ("a", "", "b"),
        ("café-é", "日本語-requestor", "ресурс-🎬"),
        parts(total: 63), parts(total: 64), parts(total: 65), parts(total: 300),
        (String(repeating: "g", count: 70), "", ""),
        ("", "", String(repeating: "z", count: 65)),
    ]

    static func key(_ parts: (String, String, String)) -> AuthorizationKey {
        AuthorizationKey(authNGUID: parts.0, requestorID: parts.1, resourceID: parts.2)
    }

    @Test("equal parts in separate storage: equal keys, equal hashes, parts read back", arguments: partSets)
    func equalParts(parts: (String, String, String)) {
        let key = Self.key(parts)
        let same = Self.key((Self.separate(parts.0), Self.separate(parts.1), Self.separate(parts.2)))
        #expect(key == same)
        #expect(same == key)
        #expect(key.precomputedHash == same.precomputedHash)
        #expect(key.hashValue == same.hashValue)
        #expect(Set([key, same]).count == 1)
        if let read = key.parts {
            #expect(read.authNGUID.utf8.elementsEqual(parts.0.utf8))
            #expect(read.requestorID.utf8.elementsEqual(parts.1.utf8))
            #expect(read.resourceID.utf8.elementsEqual(parts.2.utf8))
        } else {
            #expect(parts.0.utf8.count + parts.1.utf8.count + parts.2.utf8.count > 64)
        }
        // Built from an `AuthNGUID` whose hash is already known: the same key.
        #expect(AuthorizationKey(authNGUID: AuthNGUID(parts.0), requestorID: parts.1, resourceID: parts.2) == key)
    }

    @Test(
        "the representation depends only on the total length: inline up to 64 bytes",
        arguments: [
            (0, true), (36, true), (63, true), (64, true), (65, false), (300, false),
        ]
    )
    func representation(total: Int, inline: Bool) {
        let parts = total < 36 ? (String(repeating: "x", count: total), "", "") : Self.parts(total: total)
        let key = Self.key(parts)
        let rebuilt = Self.key((Self.separate(parts.0), Self.separate(parts.1), Self.separate(parts.2)))
        #expect(key.isInline == inline)
        #expect(rebuilt.isInline == inline)
        #expect(key == rebuilt)
        // Past the used bytes the inline words are zero (a digest key's past its 32-byte digest).
        let used = inline ? total : 32
        withUnsafeBytes(of: key.words) { raw in #expect(raw[used...].allSatisfy { $0 == 0 }) }
        #expect((key.parts == nil) == !inline)
    }

    /// Every key made by changing one character of one part of `parts` to another ASCII character.
    static func oneByteChanges(_ parts: (String, String, String)) -> [(String, String, String)] {
        func changes(_ text: String) -> [String] {
            let scalars = Array(text.unicodeScalars)
            return scalars.indices.map { index in
                var changed = scalars
                changed[index] = scalars[index] == "#" ? "%" : "#"
                var result = ""
                result.unicodeScalars.append(contentsOf: changed)
                return result
            }
        }
        return changes(parts.0).map { ($0, parts.1, parts.2) } + changes(parts.1).map { (parts.0, $0, parts.2) }
            + changes(parts.2).map { (parts.0, parts.1, $0) }
    }

    @Test("any one character changed in any part is another key", arguments: partSets)
    func oneByteChanged(parts: (String, String, String)) {
        let key = Self.key(parts)
        for changed in Self.oneByteChanges(parts) {
            let other = Self.key(changed)
            #expect(key != other, "\(changed)")
            #expect(other != key)
        }
    }

    @Test("under a colliding hash, different bytes or lengths are still different keys", arguments: partSets)
    func collidingHashes(parts: (String, String, String)) {
        let key = Self.key(parts)
        let same = AuthorizationKey(Self.key((Self.separate(parts.0), parts.1, parts.2)), hash: key.precomputedHash)
        #expect(key == same)
        var others = Self.oneByteChanges(parts)
        others.append((parts.0 + parts.1, "", parts.2))
        others.append((parts.0, parts.1 + "x", parts.2))
        others.append((parts.0, parts.1, String(parts.2.dropLast())))
        for other in others where other != parts {
            #expect(AuthorizationKey(Self.key(other), hash: key.precomputedHash) != key, "\(other)")
        }
    }

    @Test("moving bytes between parts (the same concatenation) is another key", arguments: [63, 64, 65, 300])
    func movedBytes(total: Int) {
        let (g, r, s) = Self.parts(total: total)
        let key = Self.key((g, r, s))
        let moves = [
            (g + "r", String(r.dropFirst()), s),  // requestor's first byte into the GUID
            (String(g.dropLast()), String(g.last!) + r, s),  // GUID's last byte into the requestor
            (g, r + String(s.first!), String(s.dropFirst())),  // resource's first byte into the requestor
            (g, String(r.dropLast()), String(r.last!) + s),  // requestor's last byte into the resource
            (g + r, "", s), (g, "", r + s), ("", g + r, s),
        ]
        for moved in moves {
            #expect(Self.key(moved) != key, "\(moved)")
            #expect(key != Self.key(moved))
        }
        #expect(Self.key(("ab", "c", "")) != Self.key(("a", "bc", "")))
        #expect(Self.key(("", "", "a")) != Self.key(("a", "", "")))
        #expect(Self.key(("", "a", "")) != Self.key(("", "", "a")))
    }

    @Test("non-ASCII parts compare bytes: canonically equivalent spellings are different keys")
    func nonASCII() {
        let composed = Self.key((Self.guid, "NBC", "caf\u{E9}"))
        let decomposed = Self.key((Self.guid, "NBC", "cafe\u{301}"))
        #expect(composed != decomposed)
        #expect(composed.parts?.resourceID == "caf\u{E9}")
        #expect(decomposed.parts?.resourceID.unicodeScalars.elementsEqual("cafe\u{301}".unicodeScalars) == true)
        #expect(composed == Self.key((Self.separate(Self.guid), "NBC", Self.separate("caf\u{E9}"))))
    }

    @Test("a part of 2 MiB or more: the digest covers the exact lengths; equality holds")
    func hugePart() {
        let huge = String(repeating: "h", count: 1 << 21)
        let key = Self.key((Self.guid, huge, "resource-7"))
        let same = Self.key((Self.separate(Self.guid), Self.separate(huge), "resource-7"))
        #expect(!key.isInline)
        #expect(key.parts == nil)
        #expect(key == same)
        #expect(key.precomputedHash == same.precomputedHash)
        #expect(key != Self.key((Self.guid, huge + "h", "resource-")))
        #expect(key != Self.key((Self.guid, String(huge.dropLast()) + "i", "resource-7")))
        // Past the 21-bit field the lengths word saturates: only the digest tells these apart.
        let longer = Self.key((Self.guid, huge + "h", "resource-7"))
        #expect(longer.lengths == key.lengths)
        #expect(longer != key)
        #expect(AuthorizationKey(longer, hash: key.precomputedHash) != key)
    }

    /// The digest form is SHA-256 of the three little-endian lengths, then the parts (checked
    /// against the same bytes hashed here), and any change to a part changes it.
    @Test("digest form: SHA-256 of the length-prefixed parts")
    func digestForm() {
        let parts = Self.parts(total: 100)
        let key = Self.key(parts)
        var message: [UInt8] = []
        for part in [parts.0, parts.1, parts.2] {
            withUnsafeBytes(of: UInt64(part.utf8.count).littleEndian) { message += $0 }
        }
        message += Array(parts.0.utf8) + Array(parts.1.utf8) + Array(parts.2.utf8)
        let digest = SHA256.hash(message)
        withUnsafeBytes(of: key.words) { raw in
            digest.withUnsafeBytes { #expect(Array(raw[0..<32]) == Array($0)) }
        }
        #expect(key.lengths & AuthorizationKey.digestFlag != 0)
    }

    @Test(
        "the byte-by-byte fallback (strings without contiguous UTF-8) copies the same bytes",
        arguments: [
            "", "a", guid, "日本語-requestor-🎬", String(repeating: "x", count: 100),
        ]
    )
    func byteByByteFallback(text: String) {
        let count = text.utf8.count
        let contiguous = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { AuthorizationKey.copyUTF8(text, to: UnsafeMutableRawPointer(buffer.baseAddress!)) }
            initialized = count
        }
        let fallback = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { AuthorizationKey.copyUTF8ByteByByte(text, to: UnsafeMutableRawPointer(buffer.baseAddress!)) }
            initialized = count
        }
        #expect(contiguous == Array(text.utf8))
        #expect(fallback == Array(text.utf8))
    }

    @Test("keys from a substring's copy and from a lazily built string are the same key")
    func builtDifferently() {
        let long = "prefix-" + Self.guid + "-suffix"
        let fromSubstring = String(long.dropFirst(7).dropLast(7))
        let built = String(Self.guid.reversed().reversed())
        let parts = Self.parts(total: 90)
        let reference = Self.key((Self.guid, "NBCUniversal", parts.2))
        #expect(Self.key((fromSubstring, "NBCUniversal", parts.2)) == reference)
        #expect(Self.key((built, String("NBCUniversal".map { $0 }), Self.separate(parts.2))) == reference)
    }
}
