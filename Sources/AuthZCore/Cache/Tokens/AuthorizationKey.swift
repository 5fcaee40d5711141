/// The authorization cache's key: one authZ entry per (authN GUID, requestor, resource).
///
/// **Layout.** The key is plain words and holds no reference: copying it copies 80 bytes and
/// touches no reference count; the engine makes one per request and every cache strategy copies
/// and compares keys inside its critical section.
/// - **Inline form** (the three parts take at most 64 bytes together, as identifiers do): their
///   UTF-8 bytes one after the other in eight words (zero past the used bytes), and a lengths word
///   (21 bits per part) that says where each part ends.
/// - **Digest form** (more than 64 bytes together): the SHA-256 of the three lengths (three
///   little-endian `UInt64`) followed by the three parts, in the first four words, and a lengths
///   word with `digestFlag` set. Equal digests stand for equal parts: that is SHA-256's collision
///   resistance, the assumption every signature this service verifies already rests on. The parts
///   cannot be read back from such a key (``parts`` is `nil`).
/// Which form a key has depends only on its parts' lengths, so two keys with the same parts always
/// have the same one. Strings without contiguous UTF-8 are copied byte by byte; the inline form
/// never allocates.
///
/// **Hash.** A seeded hash, once, when the key is made: SipHash-1-3 under the process's random
/// key (`KeyHasher`: the function of Swift's `Hasher`, computed inline). Inline form: fed the
/// GUID's precomputed hash (``AuthNGUID``), the whole words holding the requestor's bytes before
/// the word where it ends, the lengths word, then the words from there to the resource's end; the
/// first two depend only on the GUID and the requestor, fixed once a token is verified, so the
/// engine keeps them (`Prefix`, in ``VerifiedAuthN``) and a request copies and hashes only the
/// rest. Digest form: the GUID's hash, the lengths word and the digest. Every later use (shard
/// choice, slot, sketch) feeds that value.
///
/// **Equality.** Equal hashes, equal lengths words, then the eight words compared at once:
/// exactly "the same bytes in each of the three parts" (the lengths tell ("ab", "c") from ("a",
/// "bc")). Byte equality is the right relation for identifiers taken byte for byte from tokens and
/// requests: it is stricter than `String ==` (two canonically equivalent spellings with different
/// bytes are different keys: a miss, never a wrong hit), so it stays consistent with the hash (see
/// `UTF8Equality`).
///
/// **Why plain words.** Three `String`s cost an atomic retain and release per copy of the heap
/// GUID and three string comparisons per hit; an overflow array for long parts still sent every
/// copy through the type's copy function. As plain words a key copies and compares like an
/// integer tuple, and the cache keeps no GUID string per entry.
public struct AuthorizationKey: PrecomputedHashKey {
    /// The seeded hash computed when the key was made (see **Hash** above).
    public let precomputedHash: Int
    /// Inline form: the three parts' lengths, 21 bits each (GUID lowest). Digest form: the same,
    /// each length capped at `2^21 - 1`, with `digestFlag` set.
    @usableFromInline package let lengths: UInt64
    /// Inline form: the parts' bytes, zero-filled. Digest form: the digest, then zero words.
    @usableFromInline package let words: InlineWords

    /// Creates a key (hashes the GUID, then packs and hashes the three parts once).
    @inlinable
    public init(authNGUID: String, requestorID: borrowing String, resourceID: borrowing String) {
        self.init(authNGUID: AuthNGUID(authNGUID), requestorID: requestorID, resourceID: resourceID)
    }

    /// Creates a key from a GUID whose hash is already known (packs the three parts and hashes the
    /// other two). The parts are borrowed: the key keeps none of their storage, so the caller keeps
    /// its references and no reference count changes hands.
    @inlinable
    public init(authNGUID: borrowing AuthNGUID, requestorID: borrowing String, resourceID: borrowing String) {
        if let key = AuthorizationKey(Prefix(authNGUID: authNGUID, requestorID: requestorID), resourceID: resourceID) {
            self = key
        } else {
            self.init(digestOf: authNGUID, requestorID: requestorID, resourceID: resourceID)
        }
    }

    /// The inline key of `prefix`'s GUID and requestor and `resourceID`: only the resource's bytes
    /// are copied and the words from the end of the requestor on hashed. `nil` when the three take
    /// more than 64 bytes together (the key is then in digest form: ``init(digestOf:requestorID:resourceID:)``).
    @inlinable
    init?(_ prefix: borrowing Prefix, resourceID: borrowing String) {
        let s = resourceID.utf8.count
        let start = prefix.count
        let total = start &+ s
        guard total <= Self.inlineCapacity else { return nil }
        var hasher = prefix.hasher
        let lengths = prefix.lengths | UInt64(s) << UInt64(2 * Self.lengthBits)
        hasher.combine(lengths)
        var words = prefix.words
        withUnsafeMutableBytes(of: &words) { raw in
            let base = raw.baseAddress!
            Self.copyUTF8(resourceID, to: base + start)
            // The words from the one holding the requestor's end (zero past the resource), whole.
            var offset = start & ~7
            while offset < total {
                hasher.combine(wordAt: offset, in: UnsafeRawPointer(base))
                offset &+= 8
            }
        }
        self.lengths = lengths
        self.words = words
        self.precomputedHash = Int(truncatingIfNeeded: hasher.finalize())
    }

    /// The digest form of the three parts (more than 64 bytes together).
    @usableFromInline
    init(digestOf authNGUID: borrowing AuthNGUID, requestorID: borrowing String, resourceID: borrowing String) {
        let guid = authNGUID.value
        var hasher = KeyHasher()
        hasher.combine(UInt64(UInt(bitPattern: authNGUID.precomputedHash)))
        let lengths = Self.digestLengths(guid.utf8.count, requestorID.utf8.count, resourceID.utf8.count)
        hasher.combine(lengths)
        let words = Self.digestWords(guid: guid, requestorID: requestorID, resourceID: resourceID)
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
        self.lengths = lengths
        self.words = words
        self.precomputedHash = Int(truncatingIfNeeded: hasher.finalize())
    }

    /// Whether the parts are held in the key itself (inline form), not as a digest.
    @inlinable
    public var isInline: Bool { lengths & Self.digestFlag == 0 }

    /// The three parts, decoded from the key's bytes (not for hot paths); `nil` for a key in digest
    /// form, whose parts are not kept.
    public var parts: (authNGUID: String, requestorID: String, resourceID: String)? {
        guard isInline else { return nil }
        let mask = UInt64(1 << Self.lengthBits) - 1
        let g = Int(lengths & mask)
        let r = Int(lengths >> UInt64(Self.lengthBits) & mask)
        let s = Int(lengths >> UInt64(2 * Self.lengthBits) & mask)
        return withUnsafeBytes(of: words) { raw in
            (
                String(decoding: raw[0..<g], as: UTF8.self), String(decoding: raw[g..<(g + r)], as: UTF8.self),
                String(decoding: raw[(g + r)..<(g + r + s)], as: UTF8.self)
            )
        }
    }

    /// Equal hashes, equal lengths, then the same eight words.
    @inlinable
    public static func == (lhs: AuthorizationKey, rhs: AuthorizationKey) -> Bool {
        lhs.precomputedHash == rhs.precomputedHash && lhs.lengths == rhs.lengths && wordsEqual(lhs.words, rhs.words)
    }
}
