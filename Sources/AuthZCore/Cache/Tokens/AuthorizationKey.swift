/// The authorization cache's key: one authZ entry per (authN GUID, requestor, resource).
///
/// **Layout.** The three parts' UTF-8 bytes are packed one after the other into 64 bytes held in
/// the key itself (eight `UInt64` words, zero past the used bytes), with a lengths word (21 bits per
/// part) that says where each part ends. Copying such a key copies plain words and touches no
/// reference count; the engine makes one per request and every cache strategy copies and compares
/// keys inside its critical section. **Fallback.** When the parts take more than 64 bytes
/// together, all of their bytes go to an overflow array instead (and the inline words stay zero);
/// a part of 2 MiB or more makes the lengths word a sentinel and the overflow array starts with
/// the three lengths. Which representation a key has depends only on its parts' lengths, so two
/// keys with the same parts always have the same one. Strings without contiguous UTF-8 are copied
/// byte by byte; no path allocates for parts that fit inline.
///
/// **Hash.** A seeded hash, once, when the key is made: SipHash-1-3 under the process's random
/// key (``KeyHasher``: the function of Swift's `Hasher`, computed inline), fed the GUID's
/// precomputed hash (``AuthNGUID``), the lengths word and the whole inline words that hold the
/// requestor and resource bytes. Every later use (shard choice, slot, sketch) feeds that value.
///
/// **Equality.** Equal hashes, equal lengths words, the eight inline words compared at once, then
/// the overflow bytes (`memcmp`): exactly "the same bytes in each of the three parts" (the lengths
/// tell ("ab", "c") from ("a", "bc")). Byte equality is the right relation for identifiers taken
/// byte for byte from tokens and requests: it is stricter than `String ==` (two canonically
/// equivalent spellings with different bytes are different keys: a miss, never a wrong hit), so
/// it stays consistent with the hash (see ``UTF8Equality``).
///
/// **Why.** The key that held three `String`s cost an atomic retain and release per copy (the
/// GUID, 35 or 36 bytes, is a heap string) and three string comparisons per hit, in every strategy's
/// critical section. Instructions per operation, release build, callgrind over `authz-bench micro
/// --iterations N --subject-only` ((Ir(2N) - Ir(N)) / N, N = 20,000), three `String`s -> packed:
/// `cache.hit.sharded.t1` 541 -> 347, `cache.hit.mutex.t1` 756 -> 523, `cache.hit.lru.t1`
/// 913 -> 691, `cache.miss_insert.sharded.t1` 1,387 -> 1,147, `engine.check.warm.t1` (which makes
/// one key per request) 4,289 -> 4,240. The cache also no longer allocates a GUID per entry.
public struct AuthorizationKey: PrecomputedHashKey {
    @usableFromInline let hash: Int
    /// The three parts' lengths, 21 bits each (GUID lowest), or ``hugeLengths``.
    @usableFromInline let lengths: UInt64
    /// The parts' bytes when they fit in 64 together, zero-filled; all zero otherwise.
    @usableFromInline let words: InlineWords
    /// All of the parts' bytes when they do not fit inline; `nil` otherwise.
    @usableFromInline let overflow: [UInt8]?

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
        let guid = authNGUID.value
        let (g, r, s) = (guid.utf8.count, requestorID.utf8.count, resourceID.utf8.count)
        let total = g + r + s
        let lengths = Self.lengthsWord(g, r, s)
        var hasher = KeyHasher()
        hasher.combine(UInt64(UInt(bitPattern: authNGUID.hash)))
        var words: InlineWords = (0, 0, 0, 0, 0, 0, 0, 0)
        if total <= Self.inlineCapacity {
            withUnsafeMutableBytes(of: &words) { raw in
                let base = raw.baseAddress!
                Self.copyUTF8(guid, to: base)
                Self.copyUTF8(requestorID, to: base + g)
                Self.copyUTF8(resourceID, to: base + g + r)
                // The words holding the requestor and resource bytes (zero past them), whole.
                hasher.combine(lengths)
                var offset = g & ~7
                while offset < total {
                    hasher.combine(wordAt: offset, in: UnsafeRawPointer(raw.baseAddress!))
                    offset += 8
                }
            }
            self.overflow = nil
            self.hash = Int(truncatingIfNeeded: hasher.finalize())
        } else {
            var hash: UInt64 = 0
            self.overflow = Self.overflowBytes(
                guid: guid, requestorID: requestorID, resourceID: resourceID, lengths: lengths, hasher: &hasher,
                hash: &hash)
            self.hash = Int(truncatingIfNeeded: hash)
        }
        self.lengths = lengths
        self.words = words
    }

    /// The GUID of the authentication token the authorization was granted under (decoded from the
    /// key's bytes: not for hot paths).
    public var authNGUID: String { withParts { guid, _, _ in String(decoding: guid, as: UTF8.self) } }

    /// The requestor (programmer/app), decoded from the key's bytes.
    public var requestorID: String { withParts { _, requestor, _ in String(decoding: requestor, as: UTF8.self) } }

    /// The protected resource, decoded from the key's bytes.
    public var resourceID: String { withParts { _, _, resource in String(decoding: resource, as: UTF8.self) } }

    /// The seeded hash computed when the key was made.
    @inlinable
    public var precomputedHash: Int { hash }

    /// Feeds the precomputed seeded hash.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// Equal hashes, equal lengths, then the same bytes (inline words, or overflow bytes).
    @inlinable
    public static func == (lhs: AuthorizationKey, rhs: AuthorizationKey) -> Bool {
        lhs.hash == rhs.hash && lhs.lengths == rhs.lengths && wordsEqual(lhs.words, rhs.words)
            && overflowEqual(lhs.overflow, rhs.overflow)
    }
}

/// What the authorization cache keeps about a verified authZ token.
///
/// Expiry (also the cache entry's expiry: an expired authZ is never served) and issuer are
/// re-checked on every hit.
public struct CachedAuthorization: Sendable {
    /// The authZ token's expiry, epoch milliseconds.
    public var expiresAt: Int64
    /// The issuer (MVPD `msoID`).
    public var msoID: String

    /// Creates a cache value.
    @inlinable
    public init(expiresAt: Int64, msoID: String) {
        self.expiresAt = expiresAt
        self.msoID = msoID
    }
}
